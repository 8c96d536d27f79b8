/// A domain error your app defines, made from an ``APIError``: the Repository layer's error.
///
/// Repositories speak the domain: they map DTOs to models and API failures to a small enum the
/// ViewModel and the user understand. Conform that enum, and ``withDomainErrors(_:_:)`` does the
/// mapping for every call:
///
/// ```swift
/// enum UserError: DomainErrorMapping, PresentableError {
///     case noInternet, server, invalidData, unauthorized, notFound, unknown
///
///     init(_ error: APIError) {
///         switch error.kind {
///         case .noConnection, .timeout: self = .noInternet
///         case .server: self = .server
///         case .invalidData: self = .invalidData
///         case .unauthorized: self = .unauthorized
///         case .notFound: self = .notFound
///         case .cancelled, .client, .invalidRequest: self = .unknown
///         }
///     }
///     var message: String { … }
/// }
/// ```
///
/// A cancelled call should stay recognisable as one: give your enum a case for it, or keep
/// `CancellationReporting` (MVVMCore) working another way, so that no alert shows for it.
public protocol DomainErrorMapping: Error {
    /// The domain error for `error`.
    init(_ error: APIError)
}

/// Runs `operation`, turning its ``APIError`` into the domain error `Failure`.
///
/// ```swift
/// func user(id: Int) async throws(UserError) -> User {
///     try await withDomainErrors(UserError.self) {
///         User(try await dataSource.user(id: id))
///     }
/// }
/// ```
public func withDomainErrors<Value, Failure: DomainErrorMapping>(
    _ failure: Failure.Type,
    _ operation: () async throws(APIError) -> Value
) async throws(Failure) -> Value {
    do {
        return try await operation()
    } catch {
        throw Failure(error)
    }
}
