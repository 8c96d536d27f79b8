import Foundation

extension RecordStore {
    /// Restores the server's values saved on the device and the writes still pending in the
    /// outbox (after a restart, or queued by another process sharing it): screens show them at
    /// once. Runs once; ``run(isRetryable:send:)`` calls it first. Values the store learnt since
    /// it was created are kept over saved ones.
    public func restore() async {
        guard !isRestored else { return }
        isRestored = true
        if let local, let saved = try? await local.saved(RecordSnapshot<Record>.self, for: key).value {
            var changed = Set<ID>()
            for record in saved.records where confirmed[record.id] == nil && !deleted.contains(record.id) {
                confirmed[record.id] = record
                changed.insert(record.id)
            }
            for id in saved.deleted where confirmed[id] == nil && deleted.insert(id).inserted {
                changed.insert(id)
            }
            if !changed.isEmpty { notify(changed, .merged) }
        }
        guard let entries = try? await outbox.pending else { return }
        let known = Set(pending.values.joined().map(\.id))
        var changed = Set<ID>()
        for entry in entries where !known.contains(entry.id) {
            pending[entry.write.recordID, default: []].append(entry)
            changed.insert(entry.write.recordID)
        }
        if !changed.isEmpty { notify(changed, .written) }
    }

    /// Sends the pending writes, oldest first, until the task is cancelled: the loop an app runs
    /// (as owned work) for as long as it lives; run it once. Restores first (``restore()``).
    ///
    /// - Parameters:
    ///   - isRetryable: whether a failure may pass (no connection, a 5xx): the write is tried
    ///     again after a back-off; otherwise it is rolled back and one screen is told.
    ///   - send: sends one write with its idempotency key (an `Idempotency-Key` header); returns
    ///     the record as the server now has it, or `nil` when it has none (deleted, or gone).
    public func run(
        isRetryable: @escaping @Sendable (any Error) -> Bool,
        send: @escaping @Sendable (Write, _ idempotencyKey: String) async throws -> Record?
    ) async {
        await restore()
        let outbox = outbox
        await withDiscardingTaskGroup { group in
            group.addTask {
                await outbox.deliver(isRetryable: isRetryable) { [weak self] entry in
                    let answer = try await send(entry.write, entry.idempotencyKey)
                    if let answer, answer.id != entry.write.recordID {
                        throw MismatchedAnswer(expected: "\(entry.write.recordID)", received: "\(answer.id)")
                    }
                    await self?.commit(entry, answer: answer)
                }
            }
            group.addTask { [weak self] in
                for await outcome in outbox.outcomes {
                    await self?.handle(outcome)
                }
            }
        }
    }

    /// The server took `entry`: the record is what it answered (`nil`: it has none).
    private func commit(_ entry: Outbox<Write>.Entry, answer: Record?) {
        let id = entry.write.recordID
        commitCount += 1
        commitOrder[id] = commitCount
        if let answer {
            confirmed[id] = answer
            deleted.remove(id)
        } else {
            confirmed[id] = nil
            deleted.insert(id)
        }
        removePending(entry.id, of: id)
        notify([id], .committed)
        saveSoon()
    }

    private func handle(_ outcome: Outbox<Write>.Outcome) {
        switch outcome {
        case .delivered:
            break   // committed as the server answered
        case .rejected(let entry, let error):
            if removePending(entry.id, of: entry.write.recordID) { notify([entry.write.recordID], .rolledBack) }
            fail(.rejected(entry.write, error))
        case .unreadable(let write):
            fail(.unreadable(write))
        case .problem(let problem):
            fail(.storage(problem))
        }
    }

    // MARK: - Saving

    /// Saves the server's values soon, off the main actor; saves asked for while one runs make
    /// one more.
    func saveSoon() {
        guard local != nil else { return }
        needsSave = true
        guard saving == nil else { return }
        saving = Task { [weak self] in
            while let snapshot = self?.takeSnapshot() {
                await snapshot.save()
            }
        }
    }

    /// The values to save, or `nil` (and saving ends) when they are saved.
    private func takeSnapshot() -> PendingSave<Record>? {
        guard needsSave, let local, !Task.isCancelled else {
            saving = nil
            return nil
        }
        needsSave = false
        return PendingSave(local: local, key: key, records: confirmed, deleted: deleted)
    }

    /// Returns once the writes made so far are in the outbox and the server's values the store
    /// holds now are saved on the device (a quit waits for it).
    public func waitUntilSaved() async {
        await enqueueing?.value
        while let saving { await saving.value }
    }
}

/// The values one save writes, taken on the main actor, encoded and written off it.
private struct PendingSave<Record: Identifiable & Codable & Sendable>: Sendable where Record.ID: Codable & Sendable {
    let local: LocalDataSource
    let key: String
    let records: [Record.ID: Record]
    let deleted: Set<Record.ID>

    func save() async {
        let snapshot = RecordSnapshot(records: Array(records.values), deleted: Array(deleted))
        _ = try? await local.save(snapshot, for: key)
    }
}
