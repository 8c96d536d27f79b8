import Foundation
import MVVMCore

// Saving the server's values in the store's `RecordStorage`.
extension RecordStore {
    /// Saves the server's values soon, off the main actor; saves asked for while one runs make
    /// one more. Nothing is saved before the saved values were read (``restore()``).
    func saveSoon() {
        guard storage != nil else { return }
        needsSave = true
        guard hasReadSavedValues, saving == nil else { return }
        saving = WorkContext.task(on: workExecutor) { @MainActor [weak self] in
            while let save = self?.takeUnsavedRecords() {
                guard await save.save() else {
                    self?.saveFailed(save)
                    return
                }
                self?.failedSaves = 0
            }
        }
    }

    /// A save failed (a full disk, a database another process holds locked, a read-only
    /// folder): its records wait to be saved with the next save, which the next change asks for,
    /// or a pause on the outbox's clock (1 s, doubling, six times: about a minute), whichever comes
    /// first. Without the pause, records seen while another process held the file were never
    /// saved unless something changed after (issue 54, M7).
    private func saveFailed(_ save: PendingSave<Record>) {
        unsavedValues.formUnion(save.entries.map(\.id))
        saving = nil
        guard saveRetry == nil, failedSaves < Self.saveRetries else { return }
        let pause = Duration.seconds(1 << failedSaves)
        failedSaves += 1
        let clock = outbox.clock
        saveRetry = WorkContext.task(on: workExecutor) { @MainActor [weak self] in
            do { try await clock.sleep(for: pause) } catch { return }
            self?.saveRetry = nil
            self?.saveSoon()
        }
    }

    /// How many times in a row a failed save is tried again after a pause.
    private static var saveRetries: Int { 6 }

    /// The records whose value changed since the last save, or `nil` (and saving ends) when
    /// every one is saved.
    private func takeUnsavedRecords() -> PendingSave<Record>? {
        guard needsSave, let storage, !Task.isCancelled else {
            saving = nil
            return nil
        }
        needsSave = false
        let entries = unsavedValues.map { id in (id: id, record: confirmed[id], learnt: learnt[id] ?? .distantPast) }
        unsavedValues = []
        return PendingSave(storage: storage, coding: coding, entries: entries)
    }

    /// Returns once the writes made so far are in the outbox and the server's values the store
    /// holds now are saved on the device (a quit waits for it). Values merged before
    /// ``restore()`` are saved once it has run.
    public func waitUntilSaved() async {
        await enqueueing?.value
        while let retaining { await retaining.value }
        while let saving { await saving.value }
        await removing?.value
    }
}

/// The records one save writes, taken on the main actor, encoded and written off it. The
/// storage keeps of each record the value learnt later, so the last process to save never puts
/// back an older value of a record another one confirmed since (issue 41, N3).
private struct PendingSave<Record: Identifiable & Codable & Sendable>: Sendable where Record.ID: Codable & Sendable {
    let storage: any RecordStorage
    let coding: RecordCoding<Record>
    let entries: [RecordCoding<Record>.Entry]

    /// - Returns: whether the records are saved.
    func save() async -> Bool {
        guard !entries.isEmpty else { return true }
        do {
            try await storage.save(coding.encode(entries))
            return true
        } catch {
            return false
        }
    }
}
