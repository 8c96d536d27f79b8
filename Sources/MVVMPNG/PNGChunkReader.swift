import CZlib

/// One chunk of a PNG file: its type and its data (a slice of the file's bytes, not a copy).
struct PNGChunk {
    /// The four type bytes, big-endian: `IHDR` is `0x4948_4452`.
    let type: UInt32
    /// The chunk's data, its CRC checked.
    let data: ArraySlice<UInt8>

    /// Whether a decoder must understand the chunk to show the image: its first letter is
    /// uppercase (bit 5 of the first byte clear).
    var isCritical: Bool { type & 0x2000_0000 == 0 }

    /// The type as errors show it (see ``PNGError``).
    var name: String { PNGError.chunkName(type) }

    static let header: UInt32 = 0x4948_4452  // IHDR
    static let palette: UInt32 = 0x504C_5445  // PLTE
    static let transparency: UInt32 = 0x7452_4E53  // tRNS
    static let imageData: UInt32 = 0x4944_4154  // IDAT
    static let end: UInt32 = 0x4945_4E44  // IEND
}

/// Walks the chunks of a PNG file after checking its signature: each chunk's length against
/// the bytes there are, its type (four ASCII letters), and its CRC.
struct PNGChunkReader {
    /// The 8 bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private let bytes: ArraySlice<UInt8>
    private var offset: Int

    /// A reader of the chunks after the signature.
    ///
    /// Throws ``PNGError/notPNG`` when `bytes` does not start with the signature, and
    /// ``PNGError/truncated`` when it is shorter than the signature but agrees with it so far
    /// (empty data included).
    init(_ bytes: ArraySlice<UInt8>) throws(PNGError) {
        let start = bytes.startIndex
        let head = bytes[start..<(start + Swift.min(bytes.count, 8))]
        guard head.elementsEqual(Self.signature.prefix(head.count)) else { throw .notPNG }
        guard head.count == 8 else { throw .truncated }
        self.bytes = bytes
        self.offset = start + 8
    }

    /// The next chunk. There is always one until `IEND`: running out of bytes is
    /// ``PNGError/truncated``.
    mutating func next() throws(PNGError) -> PNGChunk {
        let remaining = bytes.endIndex - offset
        // Length (4), type (4), data (length), CRC (4).
        guard remaining >= 12 else { throw .truncated }
        let type = bytes.bigEndianUInt32(at: offset + 4)
        try Self.checkType(type)
        // Int(exactly:) fails only where Int has 32 bits, for a length no data could have.
        guard let length = Int(exactly: bytes.bigEndianUInt32(at: offset)), length <= remaining - 12 else {
            throw .truncated
        }
        let dataStart = offset + 8
        let dataEnd = dataStart + length
        let stored = bytes.bigEndianUInt32(at: dataEnd)
        guard stored == Self.crc(of: bytes[(offset + 4)..<dataEnd]) else {
            throw .badCRC(chunk: PNGError.chunkName(type))
        }
        offset = dataEnd + 4
        return PNGChunk(type: type, data: bytes[dataStart..<dataEnd])
    }

    /// Throws ``PNGError/invalidChunkType(_:)`` unless all four bytes are ASCII letters.
    private static func checkType(_ type: UInt32) throws(PNGError) {
        let letters = (0..<4).allSatisfy { UInt8(truncatingIfNeeded: type >> (8 * $0)).isASCIILetter }
        guard letters else { throw .invalidChunkType(PNGError.chunkName(type)) }
    }

    /// zlib's CRC-32 of `bytes` (a chunk's type and data), as PNG defines it.
    private static func crc(of bytes: ArraySlice<UInt8>) -> UInt32 {
        // The pointer is used only for this call, which reads `count` bytes from it and keeps
        // nothing. `crc32_z` takes a `size_t` length, so no chunk is too long for it.
        let value = bytes.withUnsafeBufferPointer { buffer in
            crc32_z(0, buffer.baseAddress, buffer.count)
        }
        return UInt32(truncatingIfNeeded: value)
    }
}
