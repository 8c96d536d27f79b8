public import MVVMCore
public import RegistrationFeature
public import UserListFeature
public import WeatherFeature

/// The ViewModel of one pushed screen: what ``AppViewModel`` makes for a destination.
public enum AppScreenModel {
    /// The user list.
    case users(UserListViewModel)
    /// One user's detail.
    case user(UserDetailViewModel)
    /// The registration form.
    case registration(RegistrationViewModel)
    /// The city list.
    case weather(WeatherViewModel)
    /// One city's forecast.
    case city(WeatherDetailViewModel)

    /// The screen's ViewModel.
    public var viewModel: any ViewModel {
        switch self {
        case .users(let model): model
        case .user(let model): model
        case .registration(let model): model
        case .weather(let model): model
        case .city(let model): model
        }
    }
}
