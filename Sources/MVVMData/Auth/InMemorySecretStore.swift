public import Foundation

/// A ``SecretStore`` in memory, gone when released: for tests and previews. Share one between
/// two sessions to play an app started again.
public actor InMemorySecretStore: SecretStore {
    private var secrets: [String: Data] = [:]

    /// An empty store.
    public init() {}

    /// The secret kept under `name`, or `nil`.
    public func secret(named name: String) -> Data? {
        secrets[name]
    }

    /// Keeps `secret` under `name`; `nil` forgets it.
    public func setSecret(_ secret: Data?, named name: String) {
        secrets[name] = secret
    }
}
