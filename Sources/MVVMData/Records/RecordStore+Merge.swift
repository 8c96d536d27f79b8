import Foundation
import MVVMCore

// The server's values, taken into the store.
extension RecordStore {
    /// Marks the start of a read from the server; give it back to ``merge(_:gone:readAt:)``.
    public func beginRead() -> RecordRead {
        sequence += 1
        return RecordRead(sequence: sequence, startedAt: now())
    }

    /// Takes the server's values, read since `read` began: `records` as they are, and `gone`
    /// (ids the server has none for) as deleted. A record whose write was answered after the
    /// read began keeps that answer, and one another read begun later brought keeps that value.
    public func merge(_ records: [Record], gone: [ID] = [], readAt read: RecordRead) {
        var changed = Set<ID>()
        for record in records where isCurrent(record.id, for: read) {
            valueOrder[record.id] = read.sequence
            deleted.remove(record.id)
            learnt[record.id] = max(learnt[record.id] ?? .distantPast, read.startedAt)
            // Confirmed by the server: current now, even when it says what was saved.
            let wasSaved = savedOnly.remove(record.id) != nil
            guard confirmed.updateValue(record, forKey: record.id) != record else {
                if wasSaved { changed.insert(record.id) }
                continue
            }
            reindex(record.id)
            willSave(record.id)
            changed.insert(record.id)
        }
        for id in gone where isCurrent(id, for: read) {
            valueOrder[id] = read.sequence
            learnt[id] = max(learnt[id] ?? .distantPast, read.startedAt)
            let wasSaved = savedOnly.remove(id) != nil
            guard !deleted.contains(id) else {
                if wasSaved { changed.insert(id) }
                continue
            }
            confirmed[id] = nil
            deleted.insert(id)
            reindex(id)
            willSave(id)
            changed.insert(id)
        }
        guard !changed.isEmpty else { return }
        notify(changed, .merged)
        saveSoon()
        retainSoon()
    }

    private func isCurrent(_ id: ID, for read: RecordRead) -> Bool {
        (valueOrder[id] ?? 0) <= read.sequence
    }
}
