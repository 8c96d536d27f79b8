public import MVVMCore
public import MVVMData

/// Where a ViewModel gets forecasts: domain models and ``WeatherError``s, never DTOs or
/// `APIError`s.
public protocol WeatherRepository: Sendable {
    /// The forecast for `city`, from the server.
    func forecast(for city: City) async throws(WeatherError) -> Forecast

    /// What a screen shows for `city`: the saved forecast at once when there is one, then the
    /// server's (saved for next time). Each value says where it came from; a failure comes
    /// after the saved forecast, so it stays on screen next to "offline".
    ///
    /// The default asks only the server, through ``forecast(for:)``.
    func forecastUpdates(for city: City) -> AsyncThrowingStream<Fetched<Forecast>, any Error>
}

extension WeatherRepository {
    /// The server's forecast alone, from ``forecast(for:)``.
    public func forecastUpdates(for city: City) -> AsyncThrowingStream<Fetched<Forecast>, any Error> {
        Fetched.fromNetwork { () async throws(WeatherError) in try await forecast(for: city) }
    }
}

/// The repository over the forecast API (the RemoteDataSource) and, when given, the device's
/// saved forecasts (the LocalDataSource): article 002's Repository bundling both.
public struct RemoteWeatherRepository: WeatherRepository {
    private let dataSource: ForecastRemoteDataSource
    private let local: LocalDataSource?

    /// A repository reading through `dataSource`, keeping forecasts in `local` when given.
    public init(dataSource: ForecastRemoteDataSource, local: LocalDataSource? = nil) {
        self.dataSource = dataSource
        self.local = local
    }

    /// Fetches and maps the forecast; a temperature or chance of rain that is neither a number
    /// nor the API's "no data" is ``WeatherError/invalidData``.
    public func forecast(for city: City) async throws(WeatherError) -> Forecast {
        let dto = try await withDomainErrors(WeatherError.self) { () async throws(APIError) in
            try await dataSource.forecast(cityCode: city.id)
        }
        return try ForecastMapping.forecast(from: dto)
    }

    /// The saved forecast first, then the server's (``CachePolicy/cacheThenNetwork``), without
    /// saved data the server's alone.
    public func forecastUpdates(for city: City) -> AsyncThrowingStream<Fetched<Forecast>, any Error> {
        guard let local else {
            return Fetched.fromNetwork { () async throws(WeatherError) in try await forecast(for: city) }
        }
        return local.fetch("forecast/\(city.id)", policy: .cacheThenNetwork) { () async throws(WeatherError) in
            try await forecast(for: city)
        }
    }
}
