public import RegistrationFeature
public import UserListFeature
public import WeatherFeature
public import MVVMData

/// What the app's ViewModels read and write through.
@MainActor
public struct AppDependencies {
    /// Users.
    public var users: any UserRepository
    /// Registrations.
    public var registrations: any RegistrationRepository
    /// Forecasts.
    public var weather: any WeatherRepository
    /// The users every screen shows, and where toggles and deletes wait until the server
    /// answers (delivered by the app for as long as it lives).
    public var userRecords: UserRecords
    /// Users' pictures, shared by the list and the details (one memory cache, one fetch per
    /// picture); `nil` for none.
    public var avatars: AvatarLoader?

    /// Dependencies over these repositories.
    public init(
        users: any UserRepository,
        registrations: any RegistrationRepository,
        weather: any WeatherRepository,
        userRecords: UserRecords,
        avatars: AvatarLoader? = nil
    ) {
        self.avatars = avatars
        self.users = users
        self.registrations = registrations
        self.weather = weather
        self.userRecords = userRecords
    }
}
