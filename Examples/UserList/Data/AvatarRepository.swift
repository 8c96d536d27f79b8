public import Foundation
public import MVVMData

/// Where the bytes of users' pictures come from: the device's saved copy, else the server's
/// `GET {avatarURL}` (then saved). A picture never changes for a given address, so a saved one
/// is used as is.
public struct AvatarRepository: Sendable {
    private let dataSource: UserRemoteDataSource
    private let local: LocalDataSource?

    /// A repository reading through `dataSource`, keeping pictures in `local` when given.
    public init(dataSource: UserRemoteDataSource, local: LocalDataSource? = nil) {
        self.dataSource = dataSource
        self.local = local
    }

    /// The bytes of the picture at `path` (a ``User/avatarPath``).
    public func bytes(at path: String) async throws(UserError) -> Data {
        let key = Self.key(for: path)
        if let local, let saved = try? await local.saved(Data.self, for: key) { return saved.value }
        let bytes = try await withDomainErrors(UserError.self) { () async throws(APIError) in
            try await dataSource.client.send(.bytes(path))
        }
        _ = try? await local?.save(bytes, for: key)
        return bytes
    }

    /// Forgets the saved copy of the picture at `path`: its bytes did not decode.
    public func forget(_ path: String) async {
        try? await local?.remove(for: Self.key(for: path))
    }

    private static func key(for path: String) -> String { "avatar:\(path)" }
}
