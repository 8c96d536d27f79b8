public import RegistrationFeature
public import UserListFeature
public import WeatherFeature

/// What the app's ViewModels read and write through.
public struct AppDependencies: Sendable {
    /// Users.
    public var users: any UserRepository
    /// Registrations.
    public var registrations: any RegistrationRepository
    /// Forecasts.
    public var weather: any WeatherRepository

    /// Dependencies over these repositories.
    public init(users: any UserRepository, registrations: any RegistrationRepository, weather: any WeatherRepository) {
        self.users = users
        self.registrations = registrations
        self.weather = weather
    }
}
