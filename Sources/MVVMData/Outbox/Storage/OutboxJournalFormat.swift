import Foundation

/// The bytes of a ``FileOutboxStorage`` journal: a header, then ``JournalFraming`` frames
/// appended one per write queued or answered.
///
/// | bytes | header |
/// | --- | --- |
/// | 8 | magic `MVVMOBX` and format version 1 |
///
/// Frame kinds: 1 a write queued, 2 a write answered (done). A write's payload is its id (16
/// bytes), when it was queued (a `Double`'s bits, seconds since 2001-01-01, `Date`'s own
/// reference, so it reads back exactly), its schema version (`Int64`) and its JSON; a done
/// frame's is the id. Parsing checks every length against the bytes there are and each frame's
/// checksum (FileOutboxStorageTests: a cut journal, a damaged frame, hostile files; the
/// `outbox-journal` fuzz target).
enum OutboxJournalFormat {
    /// The header: magic `MVVMOBX` and format version 1.
    static let header: [UInt8] = Array("MVVMOBX".utf8) + [1]
    static var headerSize: Int { header.count }

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
        JournalFraming.frameOverhead + 32 + record.payload.count
    }

    static func encode(_ frame: Frame) -> [UInt8] {
        var payload: [UInt8] = []
        switch frame {
        case .write(let record):
            payload.reserveCapacity(32 + record.payload.count)
            appendUUID(record.id, to: &payload)
            JournalFraming.append(record.enqueuedAt, to: &payload)
            JournalFraming.append(UInt64(bitPattern: Int64(record.schemaVersion)), byteCount: 8, to: &payload)
            payload += record.payload
            return JournalFraming.encode(kind: 1, payload: payload)
        case .done(let id):
            appendUUID(id, to: &payload)
            return JournalFraming.encode(kind: 2, payload: payload)
        }
    }

    /// The frames in `bytes` (which follow a header); see ``JournalFraming/parse(_:decode:)``.
    static func parse(_ bytes: ArraySlice<UInt8>) -> Parsed {
        let parsed = JournalFraming.parse(bytes, kinds: 1...2, decode: decode)
        return Parsed(frames: parsed.frames.map(\.frame), damagedBytes: parsed.damagedBytes)
    }

    private static func decode(kind: UInt8, payload: ArraySlice<UInt8>) -> Frame? {
        switch kind {
        case 1:
            guard payload.count >= 32,
                  let enqueuedAt = JournalFraming.date(payload, at: payload.startIndex + 16),
                  let version = JournalFraming.integer(payload, at: payload.startIndex + 24, byteCount: 8),
                  // Int(exactly:): on a 32-bit platform a foreign version must not trap.
                  let schemaVersion = Int(exactly: Int64(bitPattern: version))
            else { return nil }
            let record = OutboxRecord(
                id: uuid(payload.prefix(16)), enqueuedAt: enqueuedAt, schemaVersion: schemaVersion, payload: Data(payload.dropFirst(32))
            )
            return .write(record)
        case 2:
            guard payload.count == 16 else { return nil }
            return .done(uuid(payload))
        default:
            return nil
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
