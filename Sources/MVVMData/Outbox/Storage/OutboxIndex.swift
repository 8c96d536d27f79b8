import Foundation

/// The queue as a storage reads it: records in the order they were appended, minus those marked
/// done. Adding, marking done and finding the oldest cost the same whatever the queue's length.
struct OutboxIndex {
    /// Appended records; those before `head` are all done.
    private var records: [OutboxRecord] = []
    /// Ids of records appended and not done, with the bytes of their journal frames.
    private var live: [UUID: Int] = [:]
    /// Ids seen, done or not: a record appended twice (a resync) counts once.
    private var seen: Set<UUID> = []
    private var head = 0

    /// The bytes the records not done take in a journal.
    private(set) var liveBytes = 0

    /// Adds `record` at the end, unless its id was seen before.
    mutating func add(_ record: OutboxRecord) {
        guard seen.insert(record.id).inserted else { return }
        records.append(record)
        let bytes = OutboxJournalFormat.frameSize(of: record)
        live[record.id] = bytes
        liveBytes += bytes
    }

    /// Takes `id` out of the queue.
    mutating func markDone(_ id: UUID) {
        if let bytes = live.removeValue(forKey: id) { liveBytes -= bytes }
    }

    /// The oldest record not done.
    mutating func first() -> OutboxRecord? {
        while head < records.count, live[records[head].id] == nil { head += 1 }
        if head > 1_024, head * 2 > records.count {
            // Done records at the front are forgotten, in one step for many.
            for record in records[..<head] { seen.remove(record.id) }
            records.removeFirst(head)
            head = 0
        }
        return head < records.count ? records[head] : nil
    }

    /// Every record not done, oldest first.
    var all: [OutboxRecord] {
        records[head...].filter { live[$0.id] != nil }
    }
}
