import CZlib

/// Builds PNG files chunk by chunk, so a test can make exactly the file it means: valid ones,
/// and ones with a chunk left out, moved, corrupted or made up.
struct PNGBuilder {
    /// One chunk; `crc` overrides the correct checksum.
    struct Chunk {
        var type: String
        var data: [UInt8]
        var crc: UInt32?
    }

    var chunks: [Chunk]

    /// The file: the signature, then each chunk as length, type, data and CRC.
    var bytes: [UInt8] {
        var out = Self.signature
        for chunk in chunks {
            let body = Array(chunk.type.utf8) + chunk.data
            out += UInt32(chunk.data.count).bigEndianBytes + body + (chunk.crc ?? CRC32.checksum(body)).bigEndianBytes
        }
        return out
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// An `IHDR` chunk's 13 bytes.
    static func header(
        width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8, compression: UInt8 = 0, filter: UInt8 = 0,
        interlace: UInt8 = 0
    ) -> [UInt8] {
        width.bigEndianBytes + height.bigEndianBytes + [bitDepth, colorType, compression, filter, interlace]
    }

    /// A valid 8-bit image: `IHDR`, `PLTE` and `tRNS` when given, the rows (raw samples)
    /// filtered with `filters` (one type per row, or 0 for all) and compressed into one `IDAT`,
    /// and `IEND`.
    static func image(
        width: Int, height: Int, colorType: UInt8, rows: [[UInt8]], filters: [UInt8]? = nil, palette: [UInt8]? = nil,
        transparency: [UInt8]? = nil
    ) -> PNGBuilder {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)] ?? 1
        let filtered = Filters.apply(rows: rows, types: filters ?? Array(repeating: 0, count: rows.count), bytesPerPixel: channels)
        var chunks = [Chunk(type: "IHDR", data: header(width: UInt32(width), height: UInt32(height), colorType: colorType))]
        if let palette { chunks.append(Chunk(type: "PLTE", data: palette)) }
        if let transparency { chunks.append(Chunk(type: "tRNS", data: transparency)) }
        chunks.append(Chunk(type: "IDAT", data: Zlib.compress(filtered)))
        chunks.append(Chunk(type: "IEND", data: []))
        return PNGBuilder(chunks: chunks)
    }

    /// A 4 × 3 grey image whose pixels are 0, 10, 20…: the smallest useful valid file.
    static var small: PNGBuilder {
        image(width: 4, height: 3, colorType: 0, rows: (0..<3).map { y in (0..<4).map { UInt8(10 * (4 * y + $0)) } })
    }

    /// The index of the first chunk of `type`.
    func index(of type: String) -> Int { chunks.firstIndex { $0.type == type }! }
}

extension UInt32 {
    var bigEndianBytes: [UInt8] { [UInt8(self >> 24), UInt8(self >> 16 & 0xFF), UInt8(self >> 8 & 0xFF), UInt8(self & 0xFF)] }
}

/// CRC-32 as PNG defines it, written out here (the decoder uses zlib's), bit by bit.
enum CRC32 {
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

/// zlib, for the tests' encoder: compress, and a stream of zeros made cheaply.
enum Zlib {
    /// `bytes` as one zlib stream.
    static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = compress2(&out, &size, bytes, uLong(bytes.count), level)
        precondition(status == Z_OK)
        return Array(out.prefix(Int(size)))
    }

    /// A valid zlib stream of `mebibytes` MiB of zeros, made without compressing them all:
    /// one MiB deflated after a full flush (which forgets the history), repeated, then the end
    /// of the stream with the checksum of that many zeros.
    static func zeros(mebibytes: Int) -> [UInt8] {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { deflateEnd(stream); stream.deinitialize(count: 1); stream.deallocate() }
        precondition(deflateInit_(stream, Z_BEST_COMPRESSION, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        var zeros = [UInt8](repeating: 0, count: 1 << 20)
        func deflated(_ input: inout [UInt8], flush: Int32) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: 1 << 16)
            input.withUnsafeMutableBufferPointer { input in
                out.withUnsafeMutableBufferPointer { out in
                    stream.pointee.next_in = input.baseAddress
                    stream.pointee.avail_in = uInt(input.count)
                    stream.pointee.next_out = out.baseAddress
                    stream.pointee.avail_out = uInt(out.count)
                    precondition(deflate(stream, flush) != Z_STREAM_ERROR && stream.pointee.avail_in == 0)
                    precondition(stream.pointee.avail_out > 0)
                }
            }
            return Array(out.prefix(out.count - Int(stream.pointee.avail_out)))
        }
        let first = deflated(&zeros, flush: Z_FULL_FLUSH)  // with the 2-byte zlib header
        let next = deflated(&zeros, flush: Z_FULL_FLUSH)
        var none: [UInt8] = []
        var end = Array(deflated(&none, flush: Z_FINISH).dropLast(4))
        // Adler-32 of n zeros: a stays 1, b adds 1 per byte.
        end += (UInt32((mebibytes << 20) % 65521) << 16 | 1).bigEndianBytes
        return first + Array([[UInt8]](repeating: next, count: mebibytes - 1).joined()) + end
    }
}

/// PNG's row filters, forward (as an encoder applies them), written independently of the
/// decoder's Unfilter.
enum Filters {
    static func apply(rows: [[UInt8]], types: [UInt8], bytesPerPixel bpp: Int) -> [UInt8] {
        var out: [UInt8] = []
        for (y, row) in rows.enumerated() {
            let above = y > 0 ? rows[y - 1] : Array(repeating: 0, count: row.count)
            out.append(types[y])
            for i in row.indices {
                let a = i >= bpp ? Int(row[i - bpp]) : 0, b = Int(above[i]), c = i >= bpp ? Int(above[i - bpp]) : 0
                let predictor = switch types[y] {
                case 1: a
                case 2: b
                case 3: (a + b) / 2
                case 4: paeth(a, b, c)
                default: 0
                }
                out.append(UInt8(truncatingIfNeeded: Int(row[i]) - predictor))
            }
        }
        return out
    }

    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }
}

extension Zlib {
    /// `bytes` (a whole zlib stream) decompressed, with zlib's one-call API.
    static func decompress(_ bytes: [UInt8]) -> [UInt8] {
        var capacity = max(1024, bytes.count * 8)
        while true {
            var size = uLong(capacity)
            var out = [UInt8](repeating: 0, count: capacity)
            let status = uncompress(&out, &size, bytes, uLong(bytes.count))
            if status == Z_OK { return Array(out.prefix(Int(size))) }
            precondition(status == Z_BUF_ERROR, "zlib status \(status)")
            capacity *= 4
        }
    }
}

extension Zlib {
    /// How many bytes `stream` inflates to, counted through a small buffer.
    static func inflatedCount(_ stream: [UInt8]) -> Int {
        let z = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        z.initialize(to: z_stream())
        defer { inflateEnd(z); z.deinitialize(count: 1); z.deallocate() }
        precondition(inflateInit_(z, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        var input = stream
        var out = [UInt8](repeating: 0, count: 1 << 16)
        var count = 0
        return input.withUnsafeMutableBufferPointer { input in
            z.pointee.next_in = input.baseAddress
            z.pointee.avail_in = uInt(input.count)
            while true {
                let status = out.withUnsafeMutableBufferPointer { out in
                    z.pointee.next_out = out.baseAddress
                    z.pointee.avail_out = uInt(out.count)
                    return inflate(z, Z_NO_FLUSH)
                }
                count += out.count - Int(z.pointee.avail_out)
                if status == Z_STREAM_END { return count }
                precondition(status == Z_OK, "zlib status \(status)")
            }
        }
    }
}
