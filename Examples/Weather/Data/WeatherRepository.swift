import MVVMData

/// Where a ViewModel gets forecasts: domain models and ``WeatherError``s, never DTOs or
/// `APIError`s.
public protocol WeatherRepository: Sendable {
    /// The forecast for `city`.
    func forecast(for city: City) async throws(WeatherError) -> Forecast
}

/// The repository over the forecast API.
public struct RemoteWeatherRepository: WeatherRepository {
    private let dataSource: ForecastRemoteDataSource

    /// A repository reading through `dataSource`.
    public init(dataSource: ForecastRemoteDataSource) {
        self.dataSource = dataSource
    }

    /// Fetches and maps the forecast; a temperature or chance of rain that is neither a number
    /// nor the API's "no data" is ``WeatherError/invalidData``.
    public func forecast(for city: City) async throws(WeatherError) -> Forecast {
        let dto = try await withDomainErrors(WeatherError.self) { () async throws(APIError) in
            try await dataSource.forecast(cityCode: city.id)
        }
        return try ForecastMapping.forecast(from: dto)
    }
}
