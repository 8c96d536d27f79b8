public import MVVMCore

extension Dependencies {
    /// Where forecasts come from: set once by an app around what it makes, overridden by a test
    /// the same way. An app that sets none gets a repository whose every call fails with
    /// ``WeatherError/server``.
    public var weather: any WeatherRepository {
        get { self[WeatherRepositoryKey.self] }
        set { self[WeatherRepositoryKey.self] = newValue }
    }
}

enum WeatherRepositoryKey: Dependencies.Key {
    static var liveValue: any WeatherRepository { UnsetWeatherRepository() }
}

/// The repository of an app that set none (`Dependencies.weather`): every call fails.
struct UnsetWeatherRepository: WeatherRepository {
    func forecast(for city: City) async throws(WeatherError) -> Forecast { throw .server }
}
