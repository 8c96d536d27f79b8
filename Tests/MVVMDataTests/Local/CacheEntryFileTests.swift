import Foundation
@testable import MVVMData
import Testing

/// A file store's file decodes whole or not at all: a torn, truncated or altered file is never
/// read as a wrong entry.
@Suite
struct CacheEntryFileTests {
    let entry = CacheEntry(data: Data(#"{"title":"東京"}"#.utf8), savedAt: Date(timeIntervalSince1970: 1_700_000_123.25), schemaVersion: 3)

    @Test func anEncodedFileDecodesToItsKeyAndEntry() throws {
        let bytes = CacheEntryFile.encode(key: "forecast/130010", entry: entry)
        let decoded = try #require(CacheEntryFile.decode(bytes))
        #expect(decoded.key == "forecast/130010")
        #expect(decoded.entry == entry)
    }

    /// The time saved is the time read, to the last bit (issue 54: seconds since 1970 lost the
    /// last bit of a `Date`, so a store did not give back the `savedAt` it was given).
    @Test func theTimeSavedIsTheTimeRead() throws {
        for seconds in [786_000_000.123_456_789, 800_000_000.000_000_1, -1.5, 0.1] {
            let saved = CacheEntry(data: Data([1]), savedAt: Date(timeIntervalSinceReferenceDate: seconds), schemaVersion: 1)
            let decoded = try #require(CacheEntryFile.decode(CacheEntryFile.encode(key: "k", entry: saved)))
            #expect(decoded.entry.savedAt == saved.savedAt, "\(seconds)")
        }
    }

    /// A file of format 1 (seconds since 1970), saved by an earlier version, still reads.
    @Test func aFileOfTheFirstFormatStillReads() throws {
        var bytes = Array("MVVMC".utf8) + [1]
        func append(_ value: UInt64, _ count: Int) { for index in 0..<count { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) } }
        append((1_700_000_123.25 as Double).bitPattern, 8)
        append(3, 8)
        append(1, 4)
        bytes += Array("k".utf8)
        append(2, 8)
        bytes += [7, 8]
        append(CacheEntryFile.checksum(bytes[...]), 8)
        let decoded = try #require(CacheEntryFile.decode(bytes))
        #expect(decoded.entry == CacheEntry(data: Data([7, 8]), savedAt: Date(timeIntervalSince1970: 1_700_000_123.25), schemaVersion: 3))
    }

    @Test func everyTruncationIsRejected() {
        let bytes = CacheEntryFile.encode(key: "k", entry: entry)
        for length in 0..<bytes.count {
            #expect(CacheEntryFile.decode(Array(bytes[..<length])) == nil, "cut at \(length) of \(bytes.count)")
        }
    }

    @Test func everyAlteredByteIsRejected() {
        let bytes = CacheEntryFile.encode(key: "k", entry: entry)
        for index in bytes.indices {
            var altered = bytes
            altered[index] ^= 0x41
            #expect(CacheEntryFile.decode(altered) == nil, "byte \(index) altered")
        }
    }

    @Test func trailingBytesAreRejected() {
        let bytes = CacheEntryFile.encode(key: "k", entry: entry)
        #expect(CacheEntryFile.decode(bytes + [0]) == nil)
    }

    @Test func lengthsLargerThanTheFileAreRejectedWithoutCrashing() {
        var bytes = CacheEntryFile.magic + [UInt8](repeating: 0, count: 16)
        bytes += [0xFF, 0xFF, 0xFF, 0xFF]           // a 4 GiB key
        bytes += [UInt8](repeating: 0xFF, count: 40)
        #expect(CacheEntryFile.decode(bytes) == nil)
    }
}
