public import RegistrationFeature
public import UserListFeature
public import WeatherFeature
public import MVVMData

/// What the app's ViewModels read and write through.
public struct AppDependencies: Sendable {
    /// Users.
    public var users: any UserRepository
    /// Registrations.
    public var registrations: any RegistrationRepository
    /// Forecasts.
    public var weather: any WeatherRepository
    /// Where the user list's toggles and deletes wait while the server cannot take them
    /// (delivered by the app for as long as it lives); `nil`: they roll back with an alert.
    public var userWrites: Outbox<UserWrite>?

    /// Dependencies over these repositories.
    public init(
        users: any UserRepository,
        registrations: any RegistrationRepository,
        weather: any WeatherRepository,
        userWrites: Outbox<UserWrite>? = nil
    ) {
        self.users = users
        self.registrations = registrations
        self.weather = weather
        self.userWrites = userWrites
    }
}
