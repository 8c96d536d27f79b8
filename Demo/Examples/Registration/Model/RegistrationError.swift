public import MVVMCore
public import MVVMData

/// What can go wrong registering, in the user's terms.
public enum RegistrationError: Error, Hashable, Sendable {
    /// The login id is taken (HTTP 409 with the error code `id_taken`): a field error, not an alert.
    case loginIDTaken
    /// The server refused the values (HTTP 400 or 422): its rules differ from the app's.
    case rejected
    /// No network, or the server does not answer.
    case noInternet
    /// The server failed (5xx).
    case server
    /// The answer could not be read.
    case invalidData
    /// The request was cancelled: nothing to show.
    case cancelled
    /// Anything else.
    case unknown
}

extension RegistrationError: DomainErrorMapping {
    /// The domain error for an API failure. A 409 is ``loginIDTaken`` only when its body's
    /// `error.code`, read from the body excerpt, is `id_taken`; any other 409 is ``unknown``.
    public init(_ error: APIError) {
        switch error.kind {
        case .noConnection, .timeout: self = .noInternet
        case .server: self = .server
        case .invalidData: self = .invalidData
        case .cancelled: self = .cancelled
        case .client:
            switch error {
            case .httpStatus(409, let excerpt, _):
                self = APIErrorBody.code(in: excerpt) == "id_taken" ? .loginIDTaken : .unknown   // not shown: the server's error code
            case .httpStatus(400, _, _), .httpStatus(422, _, _):
                self = .rejected
            default:
                self = .unknown
            }
        case .unauthorized, .notFound, .invalidRequest: self = .unknown
        }
    }
}

extension RegistrationError: PresentableError {
    /// 会員登録 / Sign up.
    public var title: LocalizedText { RegistrationText.errorTitle }

    /// What went wrong (``RegistrationText``).
    public var message: LocalizedText {
        switch self {
        case .loginIDTaken: RegistrationText.loginIDTaken
        case .rejected: RegistrationText.rejected
        case .noInternet: CommonText.networkError
        case .server: CommonText.serverError
        case .invalidData: RegistrationText.invalidData
        case .cancelled: CommonText.cancelled
        case .unknown: CommonText.unknownError
        }
    }

    public var isRetryable: Bool {
        switch self {
        case .noInternet, .server: true
        case .loginIDTaken, .rejected, .invalidData, .cancelled, .unknown: false
        }
    }
}

extension RegistrationError: CancellationReporting {
    /// Whether the request was only cancelled.
    public var isCancellation: Bool { self == .cancelled }
}
