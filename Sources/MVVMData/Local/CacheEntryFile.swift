import Foundation

/// The bytes of one ``FileCacheStore`` file: the key, the entry, and a checksum over both.
///
/// Layout, integers little-endian:
///
/// | bytes | field |
/// | --- | --- |
/// | 6 | magic `MVVMC` and format version 2 |
/// | 8 | `savedAt`, seconds since 2001 (`Date`'s own measure) as a `Double`'s bit pattern |
/// | 8 | schema version (`Int64`) |
/// | 4 | key length (`UInt32`) |
/// | n | key, UTF-8 |
/// | 8 | data length (`UInt64`) |
/// | m | data |
/// | 8 | FNV-1a 64 of every byte before it |
///
/// Decoding checks every length against the bytes there are and the checksum last, so a
/// truncated, torn or foreign file decodes as `nil`, never as a wrong entry (CacheEntryFileTests:
/// every truncation and every altered byte).
///
/// Format 1, which earlier versions wrote, kept seconds since 1970, which lose the last bit of
/// some dates: a store did not give back the `savedAt` it was given. It still reads.
enum CacheEntryFile {
    static let magic: [UInt8] = Array("MVVMC".utf8) + [2]
    /// Format 1's magic: `savedAt` in seconds since 1970.
    static let firstMagic: [UInt8] = Array("MVVMC".utf8) + [1]

    static func encode(key: String, entry: CacheEntry) -> [UInt8] {
        var bytes = magic
        let keyBytes = Array(key.utf8)
        bytes.reserveCapacity(magic.count + 36 + keyBytes.count + entry.data.count)
        append(entry.savedAt.timeIntervalSinceReferenceDate.bitPattern, to: &bytes)
        append(UInt64(bitPattern: Int64(entry.schemaVersion)), to: &bytes)
        append(UInt32(keyBytes.count), byteCount: 4, to: &bytes)
        bytes += keyBytes
        append(UInt64(entry.data.count), to: &bytes)
        bytes += entry.data
        append(checksum(bytes[...]), to: &bytes)
        return bytes
    }

    /// The key and entry in `bytes`, or `nil` when they are not a whole, intact file.
    static func decode(_ bytes: [UInt8]) -> (key: String, entry: CacheEntry)? {
        var reader = Reader(bytes: bytes)
        guard bytes.count >= magic.count + 8 else { return nil }
        let header = Array(bytes[0..<magic.count])
        guard header == magic || header == firstMagic else { return nil }
        let body = bytes[..<(bytes.count - 8)]
        reader.offset = magic.count
        guard
            let savedAtBits = reader.integer(byteCount: 8),
            let schema = reader.integer(byteCount: 8),
            let keyLength = reader.integer(byteCount: 4),
            let keyBytes = reader.bytes(count: keyLength),
            let key = String(validating: keyBytes, as: UTF8.self),
            let dataLength = reader.integer(byteCount: 8),
            let data = reader.bytes(count: dataLength),
            reader.offset == body.count,
            let stored = reader.integer(byteCount: 8),
            stored == checksum(body)
        else { return nil }
        let seconds = Double(bitPattern: savedAtBits)
        guard seconds.isFinite else { return nil }
        let savedAt = header == magic ? Date(timeIntervalSinceReferenceDate: seconds) : Date(timeIntervalSince1970: seconds)
        // Int(exactly:): on a 32-bit platform (watchOS on arm64_32) a foreign version must not trap.
        guard let schemaVersion = Int(exactly: Int64(bitPattern: schema)) else { return nil }
        let entry = CacheEntry(data: Data(data), savedAt: savedAt, schemaVersion: schemaVersion)
        return (key, entry)
    }

    /// FNV-1a, 64 bits: catches a torn or altered file (not an attacker).
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    private static func append(_ value: UInt64, byteCount: Int = 8, to bytes: inout [UInt8]) {
        for index in 0..<byteCount {
            bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))))
        }
    }

    private static func append(_ value: UInt32, byteCount: Int, to bytes: inout [UInt8]) {
        append(UInt64(value), byteCount: byteCount, to: &bytes)
    }

    /// Reads little-endian integers and byte runs, never past the end.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var remaining: Int { bytes.count - offset }

        mutating func integer(byteCount: Int) -> UInt64? {
            guard remaining >= byteCount else { return nil }
            var value: UInt64 = 0
            for index in 0..<byteCount {
                value |= UInt64(bytes[offset + index]) << (8 * UInt64(index))
            }
            offset += byteCount
            return value
        }

        mutating func bytes(count: UInt64) -> ArraySlice<UInt8>? {
            guard count <= UInt64(remaining) else { return nil }
            let end = offset + Int(count)
            defer { offset = end }
            return bytes[offset..<end]
        }
    }
}
