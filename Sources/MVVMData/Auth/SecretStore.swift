public import Foundation

/// Where an app keeps a secret, such as an ``AuthSession``'s refresh token, between runs: a few
/// bytes under a name.
///
/// ``FileSecretStore`` keeps each in a file only its owner can read (Linux, a command-line
/// tool); an iOS app gives the Keychain (a generic password item per name, readable after the
/// first unlock), and a test ``InMemorySecretStore``.
public protocol SecretStore: Sendable {
    /// The secret kept under `name`, or `nil` when there is none.
    func secret(named name: String) async throws(CacheStoreError) -> Data?
    /// Keeps `secret` under `name`, replacing the one kept, and returns once it is on disk;
    /// `nil` forgets it.
    func setSecret(_ secret: Data?, named name: String) async throws(CacheStoreError)
}
