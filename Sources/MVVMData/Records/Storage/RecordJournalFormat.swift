import Foundation

/// The bytes of a ``FileRecordStorage`` journal: a header, then one ``JournalFraming`` frame per
/// record saved.
///
/// | bytes | header |
/// | --- | --- |
/// | 8 | magic `MVVMREC` and format version 1 |
///
/// Frame kinds: 1 a record's value, 2 a record the server has none for. The payload is when
/// it was learnt (a `Double`'s bits, seconds since 2001-01-01), the id's length (4 bytes), the
/// id, and for kind 1 the value. Of the frames of one id, the one learnt latest counts (on a
/// tie, the later frame).
enum RecordJournalFormat {
    /// The header: magic `MVVMREC` and format version 1.
    static let header: [UInt8] = magic + [1]
    static var headerSize: Int { header.count }

    /// The magic every version's header starts with.
    static let magic: [UInt8] = Array("MVVMREC".utf8)

    /// Whether `bytes` start with the header of a later version of this format.
    static func isNewerFormat(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.count >= headerSize && bytes.starts(with: magic) && bytes[bytes.startIndex + magic.count] > header[magic.count]
    }

    /// Whether `record` fits in one frame (16 MiB of payload at most).
    static func fits(_ record: SavedRecord) -> Bool {
        12 + record.id.count + (record.value?.count ?? 0) <= JournalFraming.maximumPayload
    }

    /// The frame of `record`.
    static func encode(_ record: SavedRecord) -> [UInt8] {
        var payload: [UInt8] = []
        payload.reserveCapacity(12 + record.id.count + (record.value?.count ?? 0))
        JournalFraming.append(record.learnt, to: &payload)
        JournalFraming.append(UInt64(record.id.count), byteCount: 4, to: &payload)
        payload += record.id
        if let value = record.value { payload += value }
        return JournalFraming.encode(kind: record.value == nil ? 2 : 1, payload: payload)
    }

    /// The records in `bytes` (which follow a header), each with where its frame is.
    static func parse(_ bytes: ArraySlice<UInt8>) -> JournalFraming.Parsed<SavedRecord> {
        JournalFraming.parse(bytes, kinds: 1...2, decode: decode)
    }

    private static func decode(kind: UInt8, payload: ArraySlice<UInt8>) -> SavedRecord? {
        guard kind == 1 || kind == 2,
              let learnt = JournalFraming.date(payload, at: payload.startIndex),
              let idLength = JournalFraming.integer(payload, at: payload.startIndex + 8, byteCount: 4),
              idLength <= UInt64(payload.count - 12)
        else { return nil }
        let idEnd = payload.startIndex + 12 + Int(idLength)
        let value = payload[idEnd...]
        if kind == 2, !value.isEmpty { return nil }
        return SavedRecord(id: Data(payload[(payload.startIndex + 12)..<idEnd]), value: kind == 1 ? Data(value) : nil, learnt: learnt)
    }
}
