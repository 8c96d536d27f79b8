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
