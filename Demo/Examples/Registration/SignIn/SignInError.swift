public import MVVMCore
public import MVVMData

/// What can go wrong signing in, in the user's terms.
public enum SignInError: Error, Hashable, Sendable {
    /// The login id or the password is wrong (HTTP 401): the form says so in red, no alert.
    case wrongCredentials
    /// The server refused what was sent (HTTP 400 or 422).
    case rejected
    /// No network, or the server does not answer.
    case noInternet
    /// The server failed (5xx).
    case server
    /// The answer could not be read.
    case invalidData
    /// Signed in, but the session could not be kept on this device.
    case notKept
    /// The request was cancelled: nothing to show.
    case cancelled
    /// Anything else.
    case unknown
}

extension SignInError: DomainErrorMapping {
    /// The domain error for an API failure: a 401 or 403 is ``wrongCredentials``.
    public init(_ error: APIError) {
        switch error.kind {
        case .unauthorized: self = .wrongCredentials
        case .noConnection, .timeout: self = .noInternet
        case .server: self = .server
        case .invalidData: self = .invalidData
        case .cancelled: self = .cancelled
        case .client: self = error.status == 400 || error.status == 422 ? .rejected : .unknown
        case .notFound, .invalidRequest: self = .unknown
        }
    }
}

extension SignInError: PresentableError {
    /// ログイン / Sign in.
    public var title: LocalizedText { SignInText.title }

    /// What went wrong (``SignInText``).
    public var message: LocalizedText {
        switch self {
        case .wrongCredentials: SignInText.wrongCredentials
        case .rejected: SignInText.rejected
        case .noInternet: CommonText.networkError
        case .server: CommonText.serverError
        case .invalidData: SignInText.invalidData
        case .notKept: SignInText.notKept
        case .cancelled: CommonText.cancelled
        case .unknown: CommonText.unknownError
        }
    }

    public var isRetryable: Bool {
        switch self {
        case .noInternet, .server, .notKept: true
        case .wrongCredentials, .rejected, .invalidData, .cancelled, .unknown: false
        }
    }
}

extension SignInError: CancellationReporting {
    /// Whether the request was only cancelled.
    public var isCancellation: Bool { self == .cancelled }
}
