import Foundation
import MVVMCore

// The app's writes: kept in the outbox, shown pending, answered.
extension RecordStore {
    /// Keeps `write` in the outbox, then shows it on every screen, pending: the record is
    /// pending at once (``isPending(_:)``), and the change shows once it is on disk, after the
    /// writes made before it, whatever becomes of the screen that made it;
    /// ``waitUntilSaved()`` returns once it is.
    ///
    /// When the device cannot keep it, it never shows, the record is pending no more, and one
    /// screen is told (``RecordWriteFailure/notSaved(_:_:)``): it was never sent.
    ///
    /// `whenCommitted` is called once the server took the write (here, or through another
    /// process sharing the outbox), with the record as it answered (`nil`: deleted; through
    /// another process, as that process saved it, else the write applied to the value known);
    /// never for a write refused, not kept or lost with a damaged outbox, nor after this process
    /// ends: for what follows the server's answer, such as the article's analytics of a toggle.
    public func write(_ write: Write, whenCommitted: (@MainActor (Record?) -> Void)? = nil) {
        let entry = Outbox<Write>.Entry(id: newID(), write: write, enqueuedAt: now())
        if let whenCommitted { commitHandlers[entry.id] = whenCommitted }
        unsaved[write.recordID, default: []].append(entry)
        notify([write.recordID], .written)
        let previous = enqueueing
        enqueueing = WorkContext.task(on: workExecutor) { @MainActor [outbox, weak self] in
            await previous?.value
            do throws(CacheStoreError) {
                try await outbox.enqueue(write, id: entry.id)
                self?.saved(entry)
            } catch {
                self?.notSaved(entry, error)
            }
        }
    }

    /// `entry` is on disk: it shows, pending, unless the server answered it already.
    private func saved(_ entry: Outbox<Write>.Entry) {
        let id = entry.write.recordID
        remove(entry.id, of: id, from: &unsaved)
        if !answered.contains(entry.id) { pending[id, default: []].append(entry) }
        notify([id], .written)
    }

    private func notSaved(_ entry: Outbox<Write>.Entry, _ error: CacheStoreError) {
        let id = entry.write.recordID
        commitHandlers[entry.id] = nil
        guard remove(entry.id, of: id, from: &unsaved) else { return }
        notify([id], .rolledBack)
        fail(.notSaved(entry.write, error))
    }

    /// Takes a write out of the pending ones (answered: committed, rolled back or answered
    /// elsewhere), and out of those waiting to be sent again. - Returns: whether it was pending.
    @discardableResult
    func removePending(_ entryID: UUID, of id: ID) -> Bool {
        retrying.remove(entryID)
        return remove(entryID, of: id, from: &pending)
    }

    /// Takes a write out of `writes`. - Returns: whether it was there.
    @discardableResult
    func remove(_ entryID: UUID, of id: ID, from writes: inout [ID: [Outbox<Write>.Entry]]) -> Bool {
        guard var list = writes[id], let index = list.firstIndex(where: { $0.id == entryID }) else { return false }
        list.remove(at: index)
        writes[id] = list.isEmpty ? nil : list
        return true
    }
}
