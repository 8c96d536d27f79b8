public import MVVMCore
public import MVVMData

/// What can go wrong getting a forecast, in the user's terms.
public enum WeatherError: Error, Hashable, Sendable {
    /// No network, or the server does not answer.
    case noInternet
    /// The API does not know the city.
    case unknownCity
    /// The server failed.
    case server
    /// The answer could not be read.
    case invalidData
    /// The request was cancelled: nothing to show.
    case cancelled
    /// Anything else.
    case unknown
}

extension WeatherError: DomainErrorMapping {
    /// The domain error for an API failure.
    public init(_ error: APIError) {
        switch error.kind {
        case .noConnection, .timeout: self = .noInternet
        case .notFound: self = .unknownCity
        case .server: self = .server
        case .invalidData: self = .invalidData
        case .cancelled: self = .cancelled
        case .unauthorized, .client, .invalidRequest: self = .unknown
        }
    }
}

extension WeatherError: PresentableError {
    /// 天気予報 / Weather forecast.
    public var title: LocalizedText { WeatherText.title }

    /// What went wrong (``WeatherText``).
    public var message: LocalizedText {
        switch self {
        case .noInternet: CommonText.networkError
        case .unknownCity: WeatherText.unknownCity
        case .server: CommonText.serverError
        case .invalidData: WeatherText.invalidData
        case .cancelled: CommonText.cancelled
        case .unknown: CommonText.unknownError
        }
    }

    public var isRetryable: Bool {
        switch self {
        case .noInternet, .server: true
        case .unknownCity, .invalidData, .cancelled, .unknown: false
        }
    }
}

extension WeatherError: CancellationReporting {
    /// Whether the request was only cancelled.
    public var isCancellation: Bool { self == .cancelled }
}
