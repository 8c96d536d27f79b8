import CDemoZlib
import Foundation

/// A PNG file read back the strict way, independently of the server's encoder: the signature,
/// every chunk's CRC-32, `IHDR`, the `IDAT` data inflated with zlib's `uncompress`, `IEND` last.
/// Only what the avatars use is understood: 8-bit RGB (colour type 2) or RGBA (6), scanlines
/// with filter type 0.
struct PNGFile {
    /// Why a file is not a PNG the tests accept.
    struct Invalid: Error, CustomStringConvertible {
        /// What is wrong, and where.
        let description: String
    }

    /// One chunk: its type and data.
    struct Chunk {
        /// The four letters of the type, such as `IHDR`.
        let type: String
        /// The data, without length, type or CRC.
        let data: [UInt8]
    }

    /// The chunks in file order.
    let chunks: [Chunk]
    /// The width in pixels, from `IHDR`.
    let width: Int
    /// The height in pixels, from `IHDR`.
    let height: Int
    /// 3 for RGB, 4 for RGBA.
    let bytesPerPixel: Int
    /// The pixels, row by row, without the filter bytes.
    let rows: [[UInt8]]

    /// The eight bytes every PNG starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Reads `data`, throwing ``Invalid`` at the first thing that is not as a PNG must be.
    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.starts(with: Self.signature) else { throw Invalid(description: "no PNG signature") }
        var chunks: [Chunk] = []
        var offset = 8
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else { throw Invalid(description: "a chunk is cut at \(offset)") }
            let length = Int(Self.uint32(bytes, at: offset))
            guard offset + 12 + length <= bytes.count else { throw Invalid(description: "a chunk's data is cut at \(offset)") }
            let typeAndData = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            guard Self.uint32(bytes, at: offset + 8 + length) == Self.crc32(typeAndData) else {
                throw Invalid(description: "bad CRC in the chunk at \(offset)")
            }
            chunks.append(Chunk(type: String(decoding: typeAndData.prefix(4), as: UTF8.self), data: Array(typeAndData.dropFirst(4))))
            offset += 12 + length
        }
        guard let header = chunks.first, header.type == "IHDR", header.data.count == 13 else { throw Invalid(description: "no IHDR first") }
        guard chunks.last?.type == "IEND", chunks.last?.data.isEmpty == true else { throw Invalid(description: "no IEND last") }
        width = Int(Self.uint32(header.data, at: 0))
        height = Int(Self.uint32(header.data, at: 4))
        guard header.data[8] == 8, [2, 6].contains(header.data[9]), header.data[10...12] == [0, 0, 0] else {
            throw Invalid(description: "not 8-bit RGB or RGBA, deflate, no interlace: \(header.data[8...])")
        }
        bytesPerPixel = header.data[9] == 2 ? 3 : 4
        let compressed = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        let stride = 1 + width * bytesPerPixel
        let raw = try Self.inflate(compressed, expectedCount: stride * height)
        rows = try (0..<height).map { row in
            guard raw[row * stride] == 0 else { throw Invalid(description: "row \(row) has filter type \(raw[row * stride])") }
            return Array(raw[(row * stride + 1)..<((row + 1) * stride)])
        }
        self.chunks = chunks
    }

    /// The pixel at (`x`, `y`): its `bytesPerPixel` bytes.
    func pixel(x: Int, y: Int) -> ArraySlice<UInt8> {
        rows[y][(x * bytesPerPixel)..<((x + 1) * bytesPerPixel)]
    }

    /// The big-endian 32-bit integer at `offset`.
    static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// zlib's CRC-32 of `bytes`.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(CDemoZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
    }

    /// `compressed` inflated with zlib's `uncompress`, which must give exactly `expectedCount` bytes.
    static func inflate(_ compressed: [UInt8], expectedCount: Int) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: expectedCount + 1)
        var length = uLongf(output.count)
        let code = output.withUnsafeMutableBufferPointer { destination in
            compressed.withUnsafeBufferPointer { source in
                uncompress(destination.baseAddress, &length, source.baseAddress, uLong(source.count))
            }
        }
        guard code == Z_OK else { throw Invalid(description: "uncompress failed with \(code)") }
        guard Int(length) == expectedCount else { throw Invalid(description: "IDAT inflates to \(length) bytes, not \(expectedCount)") }
        return Array(output.prefix(expectedCount))
    }
}
