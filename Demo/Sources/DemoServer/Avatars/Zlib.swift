import CDemoZlib

/// The two things of the system's zlib a PNG needs: deflate in a zlib stream (`compress2`) and
/// CRC-32 (`crc32`), the checksum of every PNG chunk.
enum Zlib {
    /// Why ``compress(_:)`` failed: zlib's return code (`Z_MEM_ERROR`, `Z_BUF_ERROR`).
    struct CompressionError: Error, Equatable {
        /// The code `compress2` returned.
        let code: Int32
    }

    /// `bytes` as a zlib stream (RFC 1950: header, deflate data, Adler-32), at the best
    /// compression. The same bytes give the same stream with the same zlib.
    static func compress(_ bytes: [UInt8]) throws(CompressionError) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let code = output.withUnsafeMutableBufferPointer { destination in
            bytes.withUnsafeBufferPointer { source in
                compress2(destination.baseAddress, &length, source.baseAddress, uLong(source.count), Z_BEST_COMPRESSION)
            }
        }
        guard code == Z_OK else { throw CompressionError(code: code) }
        return Array(output.prefix(Int(length)))
    }

    /// The CRC-32 (ISO 3309, as PNG uses it) of `bytes`.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(truncatingIfNeeded: CDemoZlib.crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
    }
}
