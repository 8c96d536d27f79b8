import Foundation
import MVVMCore

// Applying the store's `RecordRetention`: what is forgotten, and what never is.
extension RecordStore {
    /// What a screen shows, asked for each time the rule is applied: those records are never
    /// forgotten (a ``LiveQuery``'s rows, a ``LiveRecordQuery``'s record), for as long as the
    /// returned token is alive and not cancelled.
    func keepWhileShown(_ ids: @escaping @MainActor () -> [ID]) -> ObservationToken {
        let token = ObservationToken()
        shownRecords.append(ShownRecords(token: token, ids: ids))
        return token
    }

    /// Applies the retention rule soon, as the store's own work: once after a change, however
    /// many changes come before it runs. Nothing before the saved values were read.
    func retainSoon() {
        guard retention != .forever, retaining == nil else { return }
        retaining = WorkContext.task(on: workExecutor) { @MainActor [weak self] in
            self?.retaining = nil
            self?.applyRetention()
        }
    }

    /// Forgets what the rule says to, pending and shown records aside: first those learnt longer
    /// ago than `maxAge`, then the least recently learnt until `maxCount` are left.
    private func applyRetention() {
        // Under the count and with no age: nothing to look at (no pass over every record).
        guard hasReadSavedValues, retention.maxAge != nil || learnt.count > retention.maxCount ?? .max else { return }
        var kept = Set(pending.keys).union(unsaved.keys)
        shownRecords.removeAll { $0.token?.isCancelled != false }
        for shown in shownRecords { kept.formUnion(shown.ids()) }
        let cutoff = retention.maxAge.map { now().addingTimeInterval(-$0.seconds) }
        var forgotten: [ID] = []
        var others: [(id: ID, learnt: Date)] = []
        for (id, date) in learnt where !kept.contains(id) {
            if let cutoff, date < cutoff { forgotten.append(id) } else { others.append((id, date)) }
        }
        if let maxCount = retention.maxCount, learnt.count - forgotten.count > maxCount {
            let excess = min(others.count, learnt.count - forgotten.count - maxCount)
            others.sort { $0.learnt < $1.learnt }
            forgotten += others.prefix(excess).map(\.id)
        }
        forget(forgotten)
    }

    /// Forgets `ids` here and on the device: as if never seen.
    private func forget(_ ids: [ID]) {
        guard !ids.isEmpty else { return }
        for id in ids {
            confirmed[id] = nil
            deleted.remove(id)
            learnt[id] = nil
            savedOnly.remove(id)
            valueOrder[id] = nil
            unsavedValues.remove(id)
            seen?.remove(id)
        }
        guard let storage else { return }
        let encoded = ids.compactMap(RecordCoding<Record>.encode)
        let previous = removing
        removing = WorkContext.task(on: workExecutor) {
            await previous?.value
            try? await storage.remove(encoded)   // kept on the device if it fails: forgotten again next time
        }
    }
}

/// A screen's registration of the records it shows (``RecordStore/keepWhileShown(_:)``).
@MainActor
struct ShownRecords<ID> {
    weak var token: ObservationToken?
    let ids: @MainActor () -> [ID]
}

private extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
