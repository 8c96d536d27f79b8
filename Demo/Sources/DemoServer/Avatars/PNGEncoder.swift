/// Writes an ``RGBImage`` as a PNG file: the signature, `IHDR` (8-bit RGB, colour type 2, not
/// interlaced), one `IDAT` with every scanline (filter type 0, "None") compressed by zlib, and
/// `IEND`. Nothing else (no time or text chunk), so the same picture always gives the same bytes.
enum PNGEncoder {
    /// The eight bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// `image` as a PNG file.
    static func encode(_ image: RGBImage) throws(Zlib.CompressionError) -> [UInt8] {
        var scanlines: [UInt8] = []
        scanlines.reserveCapacity(image.height * (1 + image.width * 3))
        for row in 0..<image.height {
            scanlines.append(0)  // filter type 0: the row's bytes as they are
            scanlines += image.row(row)
        }
        return signature
            + PNGChunk(type: "IHDR", data: header(width: image.width, height: image.height)).bytes
            + PNGChunk(type: "IDAT", data: try Zlib.compress(scanlines)).bytes
            + PNGChunk(type: "IEND", data: []).bytes
    }

    /// The 13 bytes of `IHDR` for an 8-bit RGB picture: width, height, bit depth 8, colour type 2
    /// (truecolour), compression 0 (deflate), filter method 0, no interlace.
    static func header(width: Int, height: Int) -> [UInt8] {
        PNGChunk.bigEndian(UInt32(width)) + PNGChunk.bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]
    }
}
