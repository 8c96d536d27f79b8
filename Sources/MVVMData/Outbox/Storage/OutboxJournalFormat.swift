import Foundation

/// The bytes of a ``FileOutboxStorage`` journal: a header, then frames appended one per write
/// queued or answered.
///
/// Integers are little-endian.
///
/// | bytes | header |
/// | --- | --- |
/// | 8 | magic `MVVMOBX` and format version 1 |
///
/// | bytes | frame |
/// | --- | --- |
/// | 1 | kind: 1 a write queued, 2 a write answered (done) |
/// | 4 | payload length |
/// | n | payload |
/// | 8 | FNV-1a 64 of the kind, length and payload |
///
/// A write's payload is its id (16 bytes), when it was queued (a `Double`'s bits, seconds since
/// 2001-01-01, `Date`'s own reference, so it reads back exactly), its schema version (`Int64`)
/// and its JSON; a done frame's is the id. Parsing checks every length against the bytes there
/// are and each frame's checksum, so a cut or altered file
/// reads as the frames before the damage, the damage, and any whole frames after it
/// (FileOutboxStorageTests: a cut journal, a damaged frame, hostile files; the `outbox-journal`
/// fuzz target).
enum OutboxJournalFormat {
    /// The header: magic `MVVMOBX` and format version 1.
    static let header: [UInt8] = Array("MVVMOBX".utf8) + [1]
    static var headerSize: Int { header.count }
    /// The most bytes one frame's payload may have (16 MiB): a longer length field is damage.
    static let maximumPayload = 16 << 20
    static let frameOverhead = 13

    enum Frame: Equatable {
        case write(OutboxRecord)
        case done(UUID)
    }

    /// What parsing found.
    struct Parsed: Equatable {
        var frames: [Frame] = []
        /// Bytes that were not whole, intact frames.
        var damagedBytes = 0
    }

    /// Whether `bytes` start with the header.
    static func startsWithHeader(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.starts(with: header)
    }

    /// The bytes `record` takes as a write frame.
    static func frameSize(of record: OutboxRecord) -> Int {
        frameOverhead + 32 + record.payload.count
    }

    static func encode(_ frame: Frame) -> [UInt8] {
        var payload: [UInt8] = []
        let kind: UInt8
        switch frame {
        case .write(let record):
            kind = 1
            payload.reserveCapacity(32 + record.payload.count)
            appendUUID(record.id, to: &payload)
            append(record.enqueuedAt.timeIntervalSinceReferenceDate.bitPattern, byteCount: 8, to: &payload)
            append(UInt64(bitPattern: Int64(record.schemaVersion)), byteCount: 8, to: &payload)
            payload += record.payload
        case .done(let id):
            kind = 2
            appendUUID(id, to: &payload)
        }
        var bytes: [UInt8] = [kind]
        bytes.reserveCapacity(frameOverhead + payload.count)
        append(UInt64(payload.count), byteCount: 4, to: &bytes)
        bytes += payload
        append(checksum(bytes[...]), byteCount: 8, to: &bytes)
        return bytes
    }

    /// The frames in `bytes` (which follow a header). After damage, parsing looks for the next
    /// whole frame, so intact frames after a damaged one are not lost. The bytes checksummed
    /// stay under 4 times the input plus 1 MiB, so hostile bytes cannot make it quadratic: past
    /// that, the rest is damage.
    static func parse(_ bytes: ArraySlice<UInt8>) -> Parsed {
        var parsed = Parsed()
        var offset = bytes.startIndex
        var damageStart: Int?
        var budget = bytes.count * 4 + (1 << 20)
        while offset < bytes.endIndex, budget > 0 {
            if let (frame, length) = frame(in: bytes, at: offset, budget: &budget) {
                if let start = damageStart {
                    parsed.damagedBytes += offset - start
                    damageStart = nil
                }
                parsed.frames.append(frame)
                offset += length
            } else {
                if damageStart == nil { damageStart = offset }
                offset += 1
            }
        }
        if offset < bytes.endIndex, damageStart == nil { damageStart = offset }
        if let start = damageStart {
            parsed.damagedBytes += bytes.endIndex - start
        }
        return parsed
    }

    /// The whole frame at `offset` and its length, or `nil`.
    private static func frame(in bytes: ArraySlice<UInt8>, at offset: Int, budget: inout Int) -> (Frame, Int)? {
        guard bytes.endIndex - offset >= frameOverhead else { return nil }
        let kind = bytes[offset]
        guard kind == 1 || kind == 2, let length = integer(bytes, at: offset + 1, byteCount: 4) else { return nil }
        guard length <= UInt64(maximumPayload), UInt64(bytes.endIndex - offset - frameOverhead) >= length else { return nil }
        let payloadStart = offset + 5
        let payloadEnd = payloadStart + Int(length)
        budget -= Int(length) + 5
        guard integer(bytes, at: payloadEnd, byteCount: 8) == checksum(bytes[offset..<payloadEnd]) else { return nil }
        let payload = bytes[payloadStart..<payloadEnd]
        let total = Int(length) + frameOverhead
        switch kind {
        case 1:
            guard payload.count >= 32,
                  let bits = integer(payload, at: payload.startIndex + 16, byteCount: 8),
                  let version = integer(payload, at: payload.startIndex + 24, byteCount: 8),
                  // Int(exactly:): on a 32-bit platform a foreign version must not trap.
                  let schemaVersion = Int(exactly: Int64(bitPattern: version))
            else { return nil }
            let enqueuedAt = Double(bitPattern: bits)
            guard enqueuedAt.isFinite else { return nil }
            let record = OutboxRecord(
                id: uuid(payload.prefix(16)), enqueuedAt: Date(timeIntervalSinceReferenceDate: enqueuedAt),
                schemaVersion: schemaVersion, payload: Data(payload.dropFirst(32))
            )
            return (.write(record), total)
        default:
            guard payload.count == 16 else { return nil }
            return (.done(uuid(payload)), total)
        }
    }

    /// FNV-1a, 64 bits, as ``FileCacheStore``'s files use: catches a torn or altered frame.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        CacheEntryFile.checksum(bytes)
    }

    private static func integer(_ bytes: ArraySlice<UInt8>, at offset: Int, byteCount: Int) -> UInt64? {
        guard offset >= bytes.startIndex, bytes.endIndex - offset >= byteCount else { return nil }
        var value: UInt64 = 0
        for index in 0..<byteCount {
            value |= UInt64(bytes[offset + index]) << (8 * UInt64(index))
        }
        return value
    }

    private static func append(_ value: UInt64, byteCount: Int, to bytes: inout [UInt8]) {
        for index in 0..<byteCount {
            bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))))
        }
    }

    private static func appendUUID(_ id: UUID, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: id.uuid) { bytes += $0 }
    }

    private static func uuid(_ bytes: ArraySlice<UInt8>) -> UUID {
        let b = Array(bytes)
        return UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
    }
}
