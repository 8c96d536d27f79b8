public import Foundation
public import MVVMData

/// Where the bytes of users' pictures come from: the device's saved copy, else the server's
/// `GET {avatarURL}` (then saved). A picture never changes for a given address, so a saved one
/// is used as is.
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
        let key = Self.key(for: path)
        if let local, let saved = try? await local.saved(Data.self, for: key) { return saved.value }
        let bytes = try await withDomainErrors(UserError.self) { () async throws(APIError) in
            try await dataSource.client.send(.bytes(path))
        }
        if bytes.count <= maximumSavedBytes { _ = try? await local?.save(bytes, for: key) }
        return bytes
    }

    /// Forgets the saved copy of the picture at `path`: its bytes did not decode.
    public func forget(_ path: String) async {
        try? await local?.remove(for: Self.key(for: path))
    }

    private static func key(for path: String) -> String { "avatar:\(path)" }
}
