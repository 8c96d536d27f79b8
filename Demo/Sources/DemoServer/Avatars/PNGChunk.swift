/// One chunk of a PNG file (PNG specification, section 5.3): length, type, data and the CRC-32
/// of type and data.
struct PNGChunk: Sendable, Equatable {
    /// The four ASCII letters of the chunk type, such as `IHDR`.
    let type: String
    /// The chunk's data, without length, type or CRC.
    let data: [UInt8]

    /// The chunk as it is written: 4-byte big-endian length, type, data, 4-byte big-endian CRC.
    var bytes: [UInt8] {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4, "a PNG chunk type is four ASCII letters")
        let crc = Zlib.crc32(typeBytes + data)
        return Self.bigEndian(UInt32(data.count)) + typeBytes + data + Self.bigEndian(crc)
    }

    /// `value` as four bytes, most significant first, as PNG writes every integer.
    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
}
