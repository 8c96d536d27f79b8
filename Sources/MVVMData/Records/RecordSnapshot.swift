import Foundation

/// What a ``RecordStore`` keeps on the device: the server's values of the records it has seen,
/// and the ids the server has none for (deleted), each with when the store learnt it. Pending
/// writes are kept by the outbox.
///
/// Several processes on one folder each save their snapshot; a save merges with the one on disk,
/// record by record, keeping whichever was learnt later (``addNewer(to:)``), so the last process to
/// save never puts back an older value of a record another process had confirmed since (issue
/// 41, N3).
struct RecordSnapshot<Record: Identifiable & Codable>: Codable where Record.ID: Codable & Hashable {
    /// The server's values, in no order.
    var records: [Record]
    /// Records the server no longer has.
    var deleted: [Record.ID]
    /// When each of ``records`` was learnt (the start of the read that brought it, or the
    /// server's answer to a write), in the same order; `nil` in a snapshot saved before stamps
    /// were kept, read as long ago.
    var learnt: [Date]?
    /// When each of ``deleted`` was learnt, in the same order; `nil` as above.
    var deletedLearnt: [Date]?

    /// Each record's value (`nil`: deleted) and when it was learnt.
    var entries: [Record.ID: (record: Record?, learnt: Date)] {
        var entries: [Record.ID: (record: Record?, learnt: Date)] = [:]
        for (index, record) in records.enumerated() {
            entries[record.id] = (record, learnt?[safe: index] ?? .distantPast)
        }
        for (index, id) in deleted.enumerated() {
            let stamp = deletedLearnt?[safe: index] ?? .distantPast
            if let known = entries[id], known.learnt >= stamp { continue }
            entries[id] = (nil, stamp)
        }
        return entries
    }

    /// A snapshot of `entries`.
    init(_ entries: [Record.ID: (record: Record?, learnt: Date)]) {
        var records: [Record] = [], learnt: [Date] = [], deleted: [Record.ID] = [], deletedLearnt: [Date] = []
        for (id, entry) in entries {
            if let record = entry.record {
                records.append(record)
                learnt.append(entry.learnt)
            } else {
                deleted.append(id)
                deletedLearnt.append(entry.learnt)
            }
        }
        self.records = records
        self.deleted = deleted
        self.learnt = learnt
        self.deletedLearnt = deletedLearnt
    }

    /// Puts into `entries` this snapshot's records that `entries` lacks or learnt earlier.
    func addNewer(to entries: inout [Record.ID: (record: Record?, learnt: Date)]) {
        for (id, entry) in self.entries where entries[id].map({ $0.learnt < entry.learnt }) ?? true {
            entries[id] = entry
        }
    }
}

extension Array {
    /// The element at `index`, or `nil` past the end (a snapshot's stamps may be cut short).
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
