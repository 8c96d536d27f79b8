import AppFeature

/// An app whose repositories never answer: the screens' key handling and navigation are tested
/// without async work changing the state.
@MainActor
func pendingApp(path: String = "") throws -> AppViewModel {
    try AppViewModel(
        dependencies: AppDependencies(
            users: PendingUserRepository(),
            registrations: RegistrationScreenTests.PendingRegistrationRepository(),
            weather: WeatherScreenTests.PendingWeatherRepository(),
            userRecords: unsentRecords()
        ),
        path: path
    )
}
