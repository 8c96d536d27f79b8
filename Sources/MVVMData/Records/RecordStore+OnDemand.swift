import Foundation
import MVVMCore

// Reading saved records as the screens need them, from a storage that answers queries: a start
// reads the records of the pending writes, a live query's device answer the rows it shows, and
// no more, whatever the number of records on the device.
extension RecordStore {
    /// Whether the store reads saved records as queries need them (a ``QueryableRecordStorage``
    /// and a ``RecordSearch`` with fields), rather than every one at ``restore()``.
    var readsOnDemand: Bool { queryStorage != nil }

    /// Takes the saved records of `ids` the store holds nothing of. - Returns: the ids taken.
    func loadSaved(ids: Set<ID>) async -> Set<ID> {
        guard let storage, !ids.isEmpty else { return [] }
        let keys = ids.compactMap(RecordCoding<Record>.encode)
        guard let saved = try? await storage.records(keys) else { return [] }
        return await takeSaved(saved)
    }

    /// Reads the saved records of `ids` the store holds nothing of, once the restore has run (so
    /// that a record is never shown without its pending writes), and tells the observers: a
    /// detail's saved copy. Nothing unless the store reads on demand.
    func readSaved(_ ids: Set<ID>) async {
        guard readsOnDemand else { return }
        await restore()
        let taken = await loadSaved(ids: ids)
        if !taken.isEmpty { notify(taken, .merged) }
    }

    /// Reads from the storage the first `limit` records `query` shows by `rules` that the store
    /// holds nothing of, and takes them: the device's answer, computed in memory, is then the
    /// storage's (the records in memory are the newer). Tells the observers once. Waits for the
    /// restore first: a row never shows without its pending writes. - Returns: whether the read
    /// ended (not when the storage failed or the read was called off).
    @discardableResult
    func loadSaved<Query>(matching rules: LiveQueryRules<Record, Query>, query: Query, limit: Int) async -> Bool {
        guard let queryStorage, let search, let fields = rules.fields else { return true }
        await restore()
        guard let order = search.position(of: fields.order.name) else {
            preconditionFailure("LiveQueryRules orders by the field \(fields.order.name), which the store's RecordSearch does not declare")
        }
        var conditions: [Int: RecordFieldValue] = [:]
        for condition in fields.conditions(query) {
            guard let position = search.position(of: condition.field.name) else {
                preconditionFailure("LiveQueryRules filters by the field \(condition.field.name), which the store's RecordSearch does not declare")
            }
            // Two values asked of one field: no record has both.
            if let asked = conditions[position], asked != condition.value { return true }
            conditions[position] = condition.value
        }
        var request = SavedRecordQuery(
            layout: search.layout, conditions: conditions, order: order, descending: fields.descending,
            search: search.folded(query: rules.text(of: query)), limit: limit
        )
        var found: [SavedRecord] = []
        // Records the store holds come back too (their saved values may be older): read on until
        // `limit` others, or the end. Bounded: a store holding that many already answers itself.
        for _ in 0..<8 {
            guard let page = try? await queryStorage.records(matching: request) else { return false }
            let held = heldKeys(page.map(\.id))
            found += page.filter { !held.contains($0.id) }
            guard found.count < limit, page.count == request.limit, let last = page.last else { break }
            request.after = request.position(of: last)
        }
        let taken = await takeSaved(found)
        guard !taken.isEmpty else { return !Task.isCancelled }
        if Task.isCancelled {
            // Taken, and the work was called off meanwhile: the records are held now, so they
            // must be told, but not inside the work called off (its screen's updates are
            // dropped): from a task of the store's own.
            _ = WorkContext.sharedTask(on: workExecutor) { @MainActor [weak self] in self?.notify(taken, .merged) }
        } else {
            notify(taken, .merged)
        }
        return true
    }

    /// Those of `keys` (encoded ids) the store holds a value, a deletion or a write of.
    private func heldKeys(_ keys: [Data]) -> Set<Data> {
        let decoder = JSONDecoder()
        return Set(keys.filter { key in
            guard let id = try? decoder.decode(ID.self, from: key) else { return false }
            return confirmed[id] != nil || deleted.contains(id) || isPending(id)
        })
    }

    /// Decodes `saved` (migrating older shapes) and takes each record the store holds no value
    /// or deletion of. - Returns: the ids taken.
    private func takeSaved(_ saved: [SavedRecord]) async -> Set<ID> {
        guard !saved.isEmpty else { return [] }
        let decoded = await coding.decode(saved)
        // A read called off changes nothing: what it tells would be told inside the work called
        // off, whose screen's updates are dropped (StateStore), while the records changed.
        guard !Task.isCancelled else { return [] }
        var taken = Set<ID>()
        for entry in decoded.entries where confirmed[entry.id] == nil && !deleted.contains(entry.id) {
            take(entry)
            taken.insert(entry.id)
            if decoded.migrated.contains(entry.id) { willSave(entry.id) }
        }
        if decoded.migrated.isEmpty == false { saveSoon() }
        return taken
    }

    /// Indexes the saved records the storage has no index of by this store's search (saved by an
    /// earlier version, or before a field was added), in batches off the main actor, telling the
    /// observers (no ids) as records become readable by queries. A record that cannot be read is
    /// counted in ``unreadableRecords`` and left as it is.
    func indexSavedRecords() async {
        guard let queryStorage, let search else { return }
        let coding = coding, layout = search.layout
        var after: Data?
        var unreadable: [String] = []
        var batches = 0
        var total: Int?
        var done = 0
        while !Task.isCancelled {
            guard let batch = try? await queryStorage.recordsToIndex(layout: layout, after: after, limit: 5_000), let last = batch.last else { break }
            after = last.id
            // Saved as learnt: a value saved meanwhile (learnt later) is not replaced.
            let (indexed, failures) = await coding.indexed(batch)
            unreadable += failures
            done += batch.count
            // Nothing to index (figures, unreadable records): nothing to say.
            guard !indexed.isEmpty else { continue }
            guard (try? await queryStorage.save(indexed)) != nil else { break }
            if total == nil { total = done + ((try? await queryStorage.countRecordsToIndex(layout: layout)) ?? 0) }
            batches += 1
            indexingProgress = min(1, Double(done) / Double(max(1, total ?? done)))
            if batches == 1 || batches % 5 == 0 { notify([], .merged) }
        }
        indexingProgress = nil
        if batches > 0 { notify([], .merged) }
        if !unreadable.isEmpty { reportUnreadable(unreadable) }
    }
}

extension RecordStore {
    /// Starts indexing the saved records (``indexSavedRecords()``), once.
    func indexSoon() {
        guard readsOnDemand, indexing == nil else { return }
        indexing = WorkContext.sharedTask(on: workExecutor) { @MainActor [weak self] in
            await self?.indexSavedRecords()
        }
    }
}

extension RecordStore {
    /// Returns once the saved records the storage had no index of (an earlier version's file,
    /// moved on open) are indexed and show in queries; at once unless the store reads on demand.
    /// Runs the restore first. A quit need not wait for it: the records left are indexed at the
    /// next start.
    public func waitUntilIndexed() async {
        guard readsOnDemand else { return }
        await restore()
        await indexing?.value
    }
}
