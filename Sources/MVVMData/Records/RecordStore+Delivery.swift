import Foundation
import MVVMCore

extension RecordStore {
    /// Restores the server's values saved on the device and the writes still pending in the
    /// outbox (after a restart, or queued by another process sharing it): screens show them at
    /// once, in the outbox's order. Reads once; every call returns when that read is done, and
    /// ``deliver(isRetryable:send:)`` calls it first. Values the store learnt since it was created
    /// are kept over saved ones, and nothing is saved until the saved values were read.
    public func restore() async {
        if let restoring { return await restoring.value }
        // Shared: the first to ask may be a screen's work that is called off before it ends.
        let reading = WorkContext.sharedTask(on: workExecutor) { @MainActor [weak self] in
            // One change for both: a screen never shows the saved values without the writes made
            // on them (a toggle shown undone, its count off by one, for one update).
            let saved = await self?.readSavedValues() ?? []
            let pending = await self?.syncPendingWithOutbox(notifying: false) ?? []
            // Read on demand: the saved values of the records with pending writes, no more.
            let loaded = self?.readsOnDemand == true ? await self?.loadSaved(ids: pending) ?? [] : []
            let restored = saved.union(pending).union(loaded)
            if !restored.isEmpty { self?.notify(restored, .merged) }
            // Only now: the writes waiting from the last run are pending, and so never forgotten.
            self?.hasRestored = true
            self?.retainSoon()
            self?.indexSoon()
        }
        restoring = reading
        await reading.value
    }

    /// Takes the saved values the store has not learnt since. - Returns: the ids taken.
    private func readSavedValues() async -> Set<ID> {
        var changed = Set<ID>()
        if let storage, !readsOnDemand, let saved = try? await storage.records() {
            let decoded = await coding.decode(saved)
            for entry in decoded.entries where confirmed[entry.id] == nil && !deleted.contains(entry.id) {
                take(entry)
                changed.insert(entry.id)
                // Read in an older version's shape: saved again in this one's, once.
                if decoded.migrated.contains(entry.id) {
                    unsavedValues.insert(entry.id)
                    needsSave = true
                }
            }
            reportUnreadable(decoded.unreadable)
        }
        hasReadSavedValues = true
        if needsSave { saveSoon() }
        return changed
    }

    /// Makes the pending writes those in the outbox, in its order (less those answered here, and
    /// those still saving, which show once ``write(_:whenCommitted:)`` saw them saved), then this process's
    /// writes saved while the outbox was read.
    /// - Returns: the records whose pending writes changed (told to the observers as
    ///   ``RecordChange/Reason/written`` when `notifying`).
    @discardableResult
    private func syncPendingWithOutbox(notifying: Bool = true) async -> Set<ID> {
        let shownBefore = Set(pending.values.joined().map(\.id))
        guard let entries = try? await outbox.pending else { return [] }
        let inOutbox = Set(entries.map(\.id))
        let stillSaving = Set(unsaved.values.joined().map(\.id))
        var rebuilt: [ID: [Outbox<Write>.Entry]] = [:]
        for entry in entries where !answered.contains(entry.id) && !stillSaving.contains(entry.id) {
            rebuilt[entry.write.recordID, default: []].append(entry)
        }
        for (id, writes) in pending {
            for entry in writes where !inOutbox.contains(entry.id) && !shownBefore.contains(entry.id) {
                rebuilt[id, default: []].append(entry)
            }
        }
        let changed = Set(rebuilt.keys).union(pending.keys).filter { id in
            rebuilt[id]?.map(\.id) != pending[id]?.map(\.id)
        }
        pending = rebuilt
        // Writes gone from the outbox (lost, or answered elsewhere unseen): nothing calls their
        // `whenCommitted` any more.
        let kept = Set(rebuilt.values.joined().map(\.id)).union(stillSaving)
        commitHandlers = commitHandlers.filter { kept.contains($0.key) }
        if notifying, !changed.isEmpty { notify(changed, .written) }
        return changed
    }

    /// Sends the pending writes, oldest first, until the task is cancelled: the loop an app runs
    /// (as owned work) for as long as it lives. Restores first (``restore()``). Returns at once
    /// while another `deliver` runs; after a cancelled one, a new `deliver` goes on.
    ///
    /// - Parameters:
    ///   - isRetryable: whether a failure may pass (no connection, a 5xx): the write is tried
    ///     again after a back-off; otherwise it is rolled back and one screen is told.
    ///   - send: sends one write with its idempotency key (an `Idempotency-Key` header); returns
    ///     the record as the server now has it, or `nil` when it has none (deleted, or gone).
    public func deliver(
        isRetryable: @escaping @Sendable (any Error) -> Bool,
        send: @escaping @Sendable (Write, _ idempotencyKey: String) async throws -> Record?
    ) async {
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        followOutcomes()
        await restore()
        // A write whose answer could not be saved stays in the outbox and is sent again (the same
        // idempotency key: the server answers the same), until the device keeps the answer.
        await outbox.deliver(isRetryable: { $0 is AnswerNotSaved || isRetryable($0) }) { [weak self] entry in
            let answer: Record?
            do {
                answer = try await send(entry.write, entry.idempotencyKey)
                if let answer, answer.id != entry.write.recordID {
                    throw MismatchedAnswer(expected: "\(entry.write.recordID)", received: "\(answer.id)")
                }
            } catch {
                // Refused: undone here, before the next write can be answered. Else it waits to
                // be sent again, and its row says so.
                if !Task.isCancelled {
                    if isRetryable(error) { await self?.willRetry(entry) } else { await self?.rollBack(entry, error) }
                }
                throw error
            }
            // The answer is on disk before the outbox lets the write go.
            await self?.commit(entry, answer: answer)
            await self?.waitUntilSaved()
            if await self?.unsavedValues.contains(entry.write.recordID) == true { throw AnswerNotSaved() }
        }
    }

    /// A send of `entry` failed and will be tried again: its row shows it.
    private func willRetry(_ entry: Outbox<Write>.Entry) {
        guard retrying.insert(entry.id).inserted, pending[entry.write.recordID]?.contains(where: { $0.id == entry.id }) == true else { return }
        notify([entry.write.recordID], .written)
    }

    /// The server took `entry`: the record is what it answered (`nil`: it has none).
    private func commit(_ entry: Outbox<Write>.Entry, answer: Record?) {
        let id = entry.write.recordID
        answered.insert(entry.id)
        sequence += 1
        valueOrder[id] = sequence
        learnt[id] = now()
        savedOnly.remove(id)
        if let answer {
            confirmed[id] = answer
            deleted.remove(id)
        } else {
            confirmed[id] = nil
            deleted.insert(id)
        }
        reindex(id)
        willSave(id)
        removePending(entry.id, of: id)
        notify([id], .committed)
        commitHandlers.removeValue(forKey: entry.id)?(answer)
        saveSoon()
    }

    /// The server refused `entry`: it is undone, and one screen is told.
    private func rollBack(_ entry: Outbox<Write>.Entry, _ error: any Error) {
        answered.insert(entry.id)
        commitHandlers[entry.id] = nil
        if removePending(entry.id, of: entry.write.recordID) { notify([entry.write.recordID], .rolledBack) }
        fail(.rejected(entry.write, error))
    }

    /// Follows the outbox's outcomes for the store's life (one task, however many runs).
    private func followOutcomes() {
        guard following == nil else { return }
        let outcomes = outbox.outcomes
        following = WorkContext.task(on: workExecutor) { @MainActor [weak self] in
            for await outcome in outcomes {
                await self?.handle(outcome)
            }
        }
    }

    private func handle(_ outcome: Outbox<Write>.Outcome) async {
        switch outcome {
        case .delivered, .rejected:
            break   // committed or rolled back as the server answered
        case .unreadable(let write):
            notify([], .writesLost)
            fail(.unreadable(write))
        case .problem(let problem):
            if case .damaged = problem {
                await syncPendingWithOutbox()   // writes lost in the damage are pending no more
                notify([], .writesLost)
            }
            fail(.storage(problem))
        case .answeredElsewhere(let entry):
            await answeredElsewhere(entry)
        }
    }

    /// Another process sharing the outbox answered `entry` (it delivered this process's write,
    /// or one of its own this process restored): it is pending no more, and the record is what
    /// that process saved once the server answered (it saves before it marks the write done).
    private func answeredElsewhere(_ entry: Outbox<Write>.Entry) async {
        let id = entry.write.recordID
        answered.insert(entry.id)
        // Shown, or on disk and about to show (the other process may be that quick).
        let wasShown = removePending(entry.id, of: id)
        let wasSaving = remove(entry.id, of: id, from: &unsaved)
        let whenCommitted = commitHandlers.removeValue(forKey: entry.id)
        guard wasShown || wasSaving else {
            whenCommitted?(entry.write.applied(to: confirmed[id]))
            return
        }
        var answer = entry.write.applied(to: confirmed[id])   // unless the other process saved its answer
        if let storage, let encodedID = RecordCoding<Record>.encode(id), let saved = try? await storage.records([encodedID]),
           let entry = await coding.decode(saved).entries.first {
            take(entry)
            savedOnly.remove(id)   // the server's answer, saved a moment ago
            answer = entry.record
        }
        // What was saved after the server answered: a page read before it never undoes it.
        sequence += 1
        valueOrder[id] = sequence
        notify([id], .committed)
        whenCommitted?(answer)
        // Not saved from here: the saved values already hold the answer.
    }

    /// Counts the saved records a restore could not read, and says so in one log line: how many,
    /// and the first reason (never a value).
    func reportUnreadable(_ reasons: [String]) {
        unreadableRecords = reasons.count
        guard let first = reasons.first else { return }
        logger.warning("saved records kept but not read", metadata: [
            "count": "\(reasons.count)", "record": "\(Record.self)", "first": "\(first)",
        ])
    }

    /// Takes a saved record (or its deletion) and when it was learnt as the store's own: saved
    /// data (``origin(of:)``) until the server confirms it.
    func take(_ entry: RecordCoding<Record>.Entry) {
        let id = entry.id
        savedOnly.insert(id)
        confirmed[id] = entry.record
        if entry.record == nil { deleted.insert(id) } else { deleted.remove(id) }
        learnt[id] = entry.learnt
        reindex(id)
    }
}

/// The server answered a write, but the device could not save the answer: the write stays in
/// the outbox and is sent again, under the same idempotency key.
struct AnswerNotSaved: Error {}
