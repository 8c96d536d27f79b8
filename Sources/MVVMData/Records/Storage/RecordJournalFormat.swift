import Foundation

/// The bytes of a ``FileRecordStorage`` journal: a header, then one ``JournalFraming`` frame per
/// record saved.
///
/// | bytes | header |
/// | --- | --- |
/// | 8 | magic `MVVMREC` and format version 2 (version 1, which has no frame of kind 3, reads too) |
///
/// Frame kinds: 1 a record's value saved in version 1 of its shape, 2 a record the server has
/// none for, 3 a record's value saved in another version of its shape. The payload is when it
/// was learnt (a `Double`'s bits, seconds since 2001-01-01), the id's length (4 bytes), for kind
/// 3 the version (4 bytes), the id, and for kinds 1 and 3 the value. Of the frames of one id, the
/// one learnt latest counts (on a tie, the later frame). An app that knows only format 1 leaves
/// a format-2 journal alone (neither read nor written) rather than take its kind-3 frames for
/// damage.
enum RecordJournalFormat {
    /// The header: magic `MVVMREC` and format version 2.
    static let header: [UInt8] = magic + [2]
    static var headerSize: Int { header.count }

    /// The magic every version's header starts with.
    static let magic: [UInt8] = Array("MVVMREC".utf8)

    /// The header of format 1, which this version reads: a journal with it is rewritten with
    /// ``header`` before a frame of kind 3 is added.
    static let formatOneHeader: [UInt8] = magic + [1]

    /// Whether `bytes` start with the header of a later version of this format.
    static func isNewerFormat(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.count >= headerSize && bytes.starts(with: magic) && bytes[bytes.startIndex + magic.count] > header[magic.count]
    }

    /// Whether `record` fits in one frame (16 MiB of payload at most).
    static func fits(_ record: SavedRecord) -> Bool {
        16 + record.id.count + (record.value?.count ?? 0) <= JournalFraming.maximumPayload
    }

    /// Whether `record`'s frame is of kind 3, which format 1 does not have.
    static func needsFormatTwo(_ record: SavedRecord) -> Bool {
        record.value != nil && record.version != 1
    }

    /// The frame of `record`.
    static func encode(_ record: SavedRecord) -> [UInt8] {
        let kind: UInt8 = record.value == nil ? 2 : needsFormatTwo(record) ? 3 : 1
        var payload: [UInt8] = []
        payload.reserveCapacity(16 + record.id.count + (record.value?.count ?? 0))
        JournalFraming.append(record.learnt, to: &payload)
        JournalFraming.append(UInt64(record.id.count), byteCount: 4, to: &payload)
        if kind == 3 { JournalFraming.append(UInt64(UInt32(truncatingIfNeeded: record.version)), byteCount: 4, to: &payload) }
        payload += record.id
        if let value = record.value { payload += value }
        return JournalFraming.encode(kind: kind, payload: payload)
    }

    /// The records in `bytes` (which follow a header), each with where its frame is.
    static func parse(_ bytes: ArraySlice<UInt8>) -> JournalFraming.Parsed<SavedRecord> {
        JournalFraming.parse(bytes, kinds: 1...3, decode: decode)
    }

    private static func decode(kind: UInt8, payload: ArraySlice<UInt8>) -> SavedRecord? {
        let versionBytes = kind == 3 ? 4 : 0
        guard (1...3).contains(kind),
              let learnt = JournalFraming.date(payload, at: payload.startIndex),
              let idLength = JournalFraming.integer(payload, at: payload.startIndex + 8, byteCount: 4),
              payload.count >= 12 + versionBytes, idLength <= UInt64(payload.count - 12 - versionBytes)
        else { return nil }
        var version = 1
        if kind == 3 {
            guard let saved = JournalFraming.integer(payload, at: payload.startIndex + 12, byteCount: 4) else { return nil }
            version = Int(Int32(truncatingIfNeeded: saved))
        }
        let idStart = payload.startIndex + 12 + versionBytes
        let idEnd = idStart + Int(idLength)
        let value = payload[idEnd...]
        if kind == 2, !value.isEmpty { return nil }
        return SavedRecord(id: Data(payload[idStart..<idEnd]), value: kind == 2 ? nil : Data(value), learnt: learnt, version: version)
    }
}
