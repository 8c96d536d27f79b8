import MVVMTestSupport
import Foundation
import MVVMData
import MVVMGRDB
import Testing

/// Small entries take little disk (issue 54: the demo's 2,676 pictures, 1.1 MB, took 11 MB of
/// disk blocks as a file each). In one SQLite file, with its write-ahead log kept to 1 MiB, the
/// same pictures take less than 2.5 times their bytes (2.4 MB: the file 1.3 MB, the log at most
/// 1 MiB; with SQLite's own log limits, 4 MiB more).
@Suite(.timeLimit(.minutes(2)))
struct SQLiteCacheStoreDiskTests {
    /// The bytes of disk blocks the file and its companions take.
    static func diskBytes(_ path: String) -> Int {
        ["", "-wal", "-shm"].reduce(0) { total, suffix in
            var status = stat()
            guard stat(path + suffix, &status) == 0 else { return total }
            return total + Int(status.st_blocks) * 512
        }
    }

    @Test func twoThousandSixHundredSmallPicturesTakeLessThanTwoAndAHalfTimesTheirBytes() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("pictures.sqlite")
        let store = try SQLiteCacheStore(path: path, maxBytes: 8 << 20)
        let count = 2_676
        let size = 411   // 1.1 MB in all, as the demo's were
        for index in 0..<count {
            let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) })
            try await store.save(CacheEntry(data: bytes, savedAt: Date(timeIntervalSinceReferenceDate: 800_000_000), schemaVersion: 1), for: "avatar:\(index)")
        }
        let data = count * size
        let disk = Self.diskBytes(path)
        #expect(disk * 2 < 5 * data, "\(disk) bytes of disk for \(data) bytes of pictures")
        #expect(try await store.entry(for: "avatar:0")?.data.count == size)
    }
}
