import Foundation

/// The writes an outbox answered itself, the newest `limit` of them: a read of the storage begun
/// before an answer (a `pending` read, an `enqueue` whose append returns late) must not make the
/// outbox know that write again, or it would later report it answered by another outbox.
///
/// Bounded: a read that old (10,000 answers ago) is not in flight; each id costs 16 bytes.
struct AnsweredIDs {
    private var ids: Set<UUID> = []
    private var order: [UUID] = []
    private var oldest = 0
    let limit: Int

    init(limit: Int = 10_000) {
        self.limit = max(1, limit)
    }

    /// Notes `id` as answered here, forgetting the oldest beyond the limit.
    mutating func insert(_ id: UUID) {
        guard ids.insert(id).inserted else { return }
        order.append(id)
        if order.count - oldest > limit {
            ids.remove(order[oldest])
            oldest += 1
            if oldest > limit {   // drop the forgotten prefix now and then, not on every insert
                order.removeFirst(oldest)
                oldest = 0
            }
        }
    }

    /// Whether `id` was answered here (among the newest `limit`).
    func contains(_ id: UUID) -> Bool { ids.contains(id) }
}
