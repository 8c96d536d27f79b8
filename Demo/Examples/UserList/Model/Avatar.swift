public import MVVMCore

/// A user's picture, decoded: what a row and the detail draw. 8-bit RGBA pixels, row by row.
///
/// The feature never decodes: the app gives the ViewModels a `ResourceLoader` whose fetch
/// downloads and decodes (the demo decodes PNG with MVVMPNG; an iOS app would make a `UIImage`).
public struct Avatar: Hashable, Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public let rgba: [UInt8]

    /// A picture of `width × height` pixels.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// What the picture costs to keep in memory, in bytes: the memory cache counts this.
    public var byteCount: Int { rgba.count }
}

/// Where avatars come from: a ``User/avatarURL`` → the picture.
public typealias AvatarLoader = ResourceLoader<String, Avatar>
