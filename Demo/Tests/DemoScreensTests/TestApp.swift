import AppFeature
import MVVMCore
import RegistrationFeature
import UserListFeature
import WeatherFeature

/// An app whose repositories never answer: the screens' key handling and navigation are tested
/// without async work changing the state.
@MainActor
func pendingApp(path: String = "", account: String? = nil) throws -> AppViewModel {
    try Dependencies.with {
        $0.users = PendingUserRepository()
        $0.registrations = RegistrationScreenTests.PendingRegistrationRepository()
        $0.weather = WeatherScreenTests.PendingWeatherRepository()
        $0.userRecords = unsentRecords()
    } operation: {
        try AppViewModel(path: path, account: account)
    }
}
