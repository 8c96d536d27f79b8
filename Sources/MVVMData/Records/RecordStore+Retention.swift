import Foundation
import MVVMCore

// Applying the store's `RecordRetention`: what is forgotten, and what never is.
extension RecordStore {
    /// What a screen shows, asked for each time the rule is applied: those records are never
    /// forgotten (a ``LiveQuery``'s rows, a ``LiveRecordQuery``'s record), for as long as the
    /// returned token is alive and not cancelled.
    func keepWhileShown(_ ids: @escaping @MainActor () -> [ID]) -> ObservationToken {
        let token = ObservationToken()
        guard retention != .forever else { return token }   // nothing is ever forgotten: no list to keep
        shownRecords.removeAll { $0.token?.isCancelled != false }
        shownRecords.append(ShownRecords(token: token, ids: ids))
        return token
    }

    /// Applies the retention rule soon, as the store's own work: once after a change, however
    /// many changes come before it runs. Nothing before ``restore()`` has run.
    func retainSoon() {
        guard retention != .forever else { return }
        guard retaining == nil else { return retainAgain = true }   // changes while it runs: once more after
        retaining = WorkContext.task(on: workExecutor) { @MainActor [weak self] in
            await self?.applyRetention()
            guard let self else { return }
            retaining = nil
            if retainAgain {
                retainAgain = false
                retainSoon()
            }
        }
    }

    /// Forgets what the rule says to, pending and shown records aside: first those learnt longer
    /// ago than `maxAge`, then the least recently learnt until `maxCount` are left. The count is
    /// brought back to `maxCount` once it passes it by a tenth, so that a store at its limit
    /// forgets (and its storage rewrites) once per tenth of new records, not once per page. The
    /// choice is made off the main actor, on a snapshot; a record learnt again, written or shown
    /// meanwhile is kept.
    private func applyRetention() async {
        let rule = RetentionChoice<ID>(retention: retention, now: now())
        if let queryStorage {
            // Read on demand: the storage holds what the store has not read, and applies the rule.
            guard hasRestored else { return }
            while let saving { await saving.value }   // the values merged are counted
            let kept = Set(keptNow().compactMap(RecordCoding<Record>.encode))
            guard let removed = try? await queryStorage.trim(learntBefore: rule.cutoff, maxCount: retention.maxCount, limit: rule.limit, kept: kept) else { return }
            let decoder = JSONDecoder()
            // Forgotten here too, unless learnt again, written or shown meanwhile.
            let keptNow = keptNow()
            forgetHeld(removed.compactMap { try? decoder.decode(ID.self, from: $0) }.filter { !keptNow.contains($0) && !unsavedValues.contains($0) })
            return
        }
        // Under the count and with no age: nothing to look at (no pass over every record).
        guard hasRestored, retention.maxAge != nil || learnt.count > rule.limit else { return }
        let snapshot = learnt
        let chosen = await rule.forgotten(among: snapshot, keeping: keptNow())
        let kept = keptNow()
        forget(chosen.filter { learnt[$0] == snapshot[$0] && !kept.contains($0) })
    }

    /// The records never forgotten now: those with a write waiting, and those on a screen.
    private func keptNow() -> Set<ID> {
        var kept = Set(pending.keys).union(unsaved.keys)
        shownRecords.removeAll { $0.token?.isCancelled != false }
        for shown in shownRecords { kept.formUnion(shown.ids()) }
        return kept
    }

    /// Forgets `ids` here and on the device: as if never seen.
    private func forget(_ ids: [ID]) {
        guard !ids.isEmpty else { return }
        let learntDates = ids.map { learnt[$0] ?? .distantPast }
        forgetHeld(ids)
        guard let storage else { return }
        // Each with the time its value was learnt: a value learnt again since (a search shows the
        // record again before the removal runs) is saved with a later time, and stays.
        var removals: [Data: Date] = [:]
        for (id, learntAt) in zip(ids, learntDates) {
            if let encoded = RecordCoding<Record>.encode(id) { removals[encoded] = learntAt }
        }
        let previous = removing
        removing = WorkContext.task(on: workExecutor) {
            await previous?.value
            try? await storage.remove(removals)   // kept on the device if it fails: forgotten again next time
        }
    }

    /// Forgets what the store holds of `ids`, in memory only.
    private func forgetHeld(_ ids: [ID]) {
        for id in ids {
            confirmed[id] = nil
            deleted.remove(id)
            learnt[id] = nil
            savedOnly.remove(id)
            valueOrder[id] = nil
            unsavedValues.remove(id)
            seen?.remove(id)
        }
    }
}

/// Which records a ``RecordRetention`` forgets, worked out off the main actor.
struct RetentionChoice<ID: Hashable & Sendable>: Sendable {
    let retention: RecordRetention
    /// Records learnt before it are older than `maxAge`.
    let cutoff: Date?
    /// Past this count, the count goes back to `maxCount`.
    let limit: Int

    init(retention: RecordRetention, now: Date) {
        self.retention = retention
        cutoff = retention.maxAge.map { now.addingTimeInterval(-$0.seconds) }
        limit = retention.maxCount.map { count in Int.max - count < max(1, count / 10) ? .max : count + max(1, count / 10) } ?? .max
    }

    /// The ids of `learnt` to forget, none of `kept`: those older than the age, then the least
    /// recently learnt until `maxCount` are left. Runs off the main actor (a nonisolated async
    /// function): a pass over every record and a sort, which a screen never waits for.
    func forgotten(among learnt: [ID: Date], keeping kept: Set<ID>) async -> [ID] {
        var forgotten: [ID] = []
        var others: [(id: ID, learnt: Date)] = []
        for (id, date) in learnt where !kept.contains(id) {
            if let cutoff, date < cutoff { forgotten.append(id) } else { others.append((id, date)) }
        }
        if let maxCount = retention.maxCount, learnt.count - forgotten.count > limit {
            let excess = min(others.count, learnt.count - forgotten.count - maxCount)
            others.sort { $0.learnt < $1.learnt }
            forgotten += others.prefix(excess).map(\.id)
        }
        return forgotten
    }
}

/// A screen's registration of the records it shows (``RecordStore/keepWhileShown(_:)``).
@MainActor
struct ShownRecords<ID> {
    weak var token: ObservationToken?
    let ids: @MainActor () -> [ID]
}

