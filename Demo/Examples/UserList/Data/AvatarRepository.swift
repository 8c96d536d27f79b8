public import Foundation
public import MVVMData

/// Where the bytes of users' pictures come from, by HTTP's caching rules
/// (`LocalDataSource.fresh`): the device's saved copy while the server's `max-age` says it is
/// fresh (a day for the demo server's), with no request; after that, a conditional
/// `GET {avatarURL}` with its `ETag`, where a 304 keeps the saved bytes for another day and a 200
/// replaces them; the saved copy, stale, when the server cannot be reached.
///
/// Pictures are kept per server: another server's user at the same path is another picture
/// (issue 54, M5: a second server's users were drawn with the first one's pictures).
///
/// Give pictures a store of their own (the demo: `pictures/`, 8 MiB, least recently used first):
/// sharing one with the saved pages let large pictures evict the pages and counts a screen needs
/// offline (issue 41, N10). A picture larger than ``maximumSavedBytes`` is shown, not saved.
public struct AvatarRepository: Sendable {
    /// The largest picture saved on the device by default: 256 KiB (a list's avatar is a few).
    public static let defaultMaximumSavedBytes = 256 << 10

    private let dataSource: UserRemoteDataSource
    private let local: LocalDataSource?
    /// The largest picture saved; a larger one is fetched each time it is needed.
    public let maximumSavedBytes: Int

    /// A repository reading through `dataSource`, keeping pictures of at most
    /// `maximumSavedBytes` in `local` when given.
    public init(dataSource: UserRemoteDataSource, local: LocalDataSource? = nil, maximumSavedBytes: Int = Self.defaultMaximumSavedBytes) {
        self.dataSource = dataSource
        self.local = local
        self.maximumSavedBytes = max(0, maximumSavedBytes)
    }

    /// The bytes of the picture at `path` (a ``User/avatarPath``).
    public func bytes(at path: String) async throws(UserError) -> Data {
        let client = dataSource.client
        guard let local else {
            return try await withDomainErrors(UserError.self) { () async throws(APIError) in try await client.send(.bytes(path)) }
        }
        do {
            return try await local.fresh(Self.key(for: path, on: client.baseURL), maximumSavedBytes: maximumSavedBytes) { entityTag in
                try await client.send(.conditionalBytes(path, ifNoneMatch: entityTag))
            }.value
        } catch let error as APIError {
            throw UserError(error)
        } catch {
            throw .invalidData   // a 304 for a picture never asked about
        }
    }

    /// Forgets the saved copy of the picture at `path`: its bytes did not decode.
    public func forget(_ path: String) async {
        try? await local?.remove(for: Self.key(for: path, on: dataSource.client.baseURL))
    }

    /// The picture at `path` of the server at `baseURL`.
    private static func key(for path: String, on baseURL: URL) -> String { "avatar:\(baseURL.absoluteString) \(path)" }
}
