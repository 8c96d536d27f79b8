import Foundation
public import MVVMData

/// The two entries cache-crash-writer saves in turn, under one key.
///
/// Public so that CrashSafetyTests, which depends on this executable target, compares against
/// the very same values.
public enum CrashWriterEntries {
    /// The one key saved.
    public static let key = "k"
    /// 512 KiB of `(i * 131 + 0xA0) mod 256`, schema version 1, saved at 1,000 s after 1970.
    public static let a = entry(marker: 0xA0, schemaVersion: 1, savedAt: 1_000)
    /// 512 KiB of `(i * 131 + 0xB0) mod 256`, schema version 2, saved at 2,000 s after 1970.
    public static let b = entry(marker: 0xB0, schemaVersion: 2, savedAt: 2_000)

    private static func entry(marker: UInt8, schemaVersion: Int, savedAt: TimeInterval) -> CacheEntry {
        let data = Data((0..<(1 << 19)).map { UInt8(truncatingIfNeeded: $0 &* 131) &+ marker })
        return CacheEntry(data: data, savedAt: Date(timeIntervalSince1970: savedAt), schemaVersion: schemaVersion)
    }
}
