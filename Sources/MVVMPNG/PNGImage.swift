/// A decoded image: 8-bit RGBA pixels, row by row from the top.
///
/// Decode a PNG file with ``init(decoding:limits:)``; this type holds the result, whatever
/// the file's colour type was.
public struct PNGImage: Hashable, Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue and alpha of each pixel, row by row.
    public let rgba: [UInt8]

    /// An image of `width × height` pixels from their RGBA bytes.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width >= 0 && height >= 0 && rgba.count == width * height * 4, "rgba must hold width × height × 4 bytes")
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}
