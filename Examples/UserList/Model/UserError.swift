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
    /// The server failed.
    case server
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
        case .server: self = .server
        case .invalidData: self = .invalidData
        case .cancelled: self = .cancelled
        case .client, .invalidRequest: self = .unknown
        }
    }
}

extension UserError: PresentableError {
    /// "ユーザー".
    public var title: String { "ユーザー" }

    /// What happened and what to do.
    public var message: String {
        switch self {
        case .noInternet: "サーバーに接続できません。接続を確認して、もう一度お試しください。"
        case .notFound: "このユーザーは既に存在しません。"
        case .unauthorized: "この操作を行う権限がありません。"
        case .server: "サーバーで問題が発生しました。しばらくしてから、もう一度お試しください。"
        case .invalidData: "ユーザー情報を読み取れませんでした。"
        case .storage: "変更をこの端末に保存できませんでした。空き容量と保存先を確認してください。"
        case .cancelled: "キャンセルしました。"
        case .unknown: "問題が発生しました。もう一度お試しください。"
        }
    }

    /// Whether trying again may help.
    public var isRetryable: Bool { self == .noInternet || self == .server }
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
