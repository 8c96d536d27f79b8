public import MVVMCore
public import MVVMPNG
public import UserListFeature

/// The demo's avatars: fetched (the device's saved copy, else the server), then decoded from
/// PNG off the main actor, at most 6 at once, with up to 8 MiB of decoded pictures in memory.
public enum AvatarLoading {
    /// The most the memory cache holds: 512 pictures of 64 × 64.
    public static let memoryLimit = 8 << 20

    /// The largest picture decoded: a server's bigger (or hostile) image is refused before any
    /// memory is taken for it.
    static let limits = PNGImage.Limits(maximumWidth: 512, maximumHeight: 512)

    /// A loader over `repository`.
    public static func loader(repository: AvatarRepository) -> AvatarLoader {
        AvatarLoader(memoryLimit: memoryLimit, cost: { $0.byteCount }) { path in
            let bytes = try await repository.bytes(at: path)
            do {
                return try decode(bytes)
            } catch {
                await repository.forget(path)   // a saved copy that does not decode is fetched again next time
                throw error
            }
        }
    }

    /// `bytes` decoded as a PNG picture.
    public static func decode(_ bytes: some Collection<UInt8>) throws(PNGError) -> Avatar {
        let image = try PNGImage(decoding: bytes, limits: limits)
        return Avatar(width: image.width, height: image.height, rgba: image.rgba)
    }
}
