public import MVVMCore
public import MVVMData

/// What can go wrong with users, in the user's terms.
public enum UserError: Error, Hashable, Sendable {
    /// No network, or the server does not answer.
    case noInternet
    /// The user no longer exists.
    case notFound
    /// Not allowed.
    case unauthorized
    /// The server failed, answering `statusCode` (a 5xx): the article's "サーバーエラー (コード: 503)".
    case server(statusCode: Int)
    /// The answer could not be read.
    case invalidData
    /// This device could not keep a change (a read-only or full folder, a damaged saved queue).
    case storage
    /// Cancelled: nothing to show.
    case cancelled
    /// Anything else.
    case unknown
}

extension UserError: DomainErrorMapping {
    /// The domain error for an API failure.
    public init(_ error: APIError) {
        switch error.kind {
        case .noConnection, .timeout: self = .noInternet
        case .notFound: self = .notFound
        case .unauthorized: self = .unauthorized
        case .server: self = .server(statusCode: error.status ?? 500)
        case .invalidData: self = .invalidData
        case .cancelled: self = .cancelled
        case .client, .invalidRequest: self = .unknown
        }
    }
}

extension UserError: PresentableError {
    /// The article's alert title: エラー / Error (``CommonText/errorTitle``).
    public var title: LocalizedText { CommonText.errorTitle }

    /// The article's mapping, by kind, with the status code of a server error
    /// (``UserListText``).
    public var message: LocalizedText {
        switch self {
        case .noInternet: CommonText.networkError
        case .notFound: UserListText.notFound
        case .unauthorized: UserListText.unauthorized
        case .server(let statusCode): UserListText.serverError(statusCode: statusCode)
        case .invalidData: UserListText.invalidData
        case .storage: UserListText.storage
        case .cancelled: CommonText.cancelled
        case .unknown: CommonText.unknownError
        }
    }

    /// A lost connection or a server failure may pass.
    public var isRetryable: Bool {
        switch self {
        case .noInternet, .server: true
        case .notFound, .unauthorized, .invalidData, .storage, .cancelled, .unknown: false
        }
    }
}

extension UserError: CancellationReporting {
    /// Whether the request was only cancelled.
    public var isCancellation: Bool { self == .cancelled }
}

extension UserError {
    /// What to tell the user about a write ``UserRecords`` could not make: the server's refusal
    /// as it mapped it, `invalidData` for an answer about another user, and `storage` when the
    /// device could not keep or read its queue of writes.
    public init(_ failure: RecordWriteFailure<UserWrite>) {
        switch failure {
        case .rejected(_, let error as UserError): self = error
        case .rejected(_, is MismatchedAnswer): self = .invalidData
        case .rejected: self = .unknown
        case .notSaved, .unreadable, .storage: self = .storage
        }
    }
}
