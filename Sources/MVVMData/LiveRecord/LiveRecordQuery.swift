import Foundation
import MVVMCore

/// A record a screen declares by id, kept true by the library: the ``LiveRecord`` at a key path
/// of its state (`StateStore.liveRecord(_:records:id:presenter:fetch:)` makes it).
///
/// - **At once.** A record the ``RecordStore`` knows shows loaded when the screen is made,
///   pending marks included; ``loadIfNeeded()`` asks the server unless the record shown is what
///   the server said in this run. A copy saved on the device (after a restart) shows at once,
///   marked saved (``LiveRecord/origin``, ``LiveRecord/savedDataNotice``), while the server is
///   asked.
/// - **Every change.** A write to it on any screen, its answer, a refusal, another screen's page:
///   the record and its pending write follow, in one update.
/// - **Gone.** The server answering that it has no such record (`fetch` returns `nil`), or the
///   record deleted and the server agreeing, makes it ``LiveRecord/isGone``.
/// - **Read ordering.** The server's answer is merged into the records: read before a write was
///   answered, it never undoes it.
///
/// Its request is its screen's owned work: it ends when the screen disappears or is released.
@MainActor
public final class LiveRecordQuery<Write: RecordWrite> {
    /// The kind of record.
    public typealias Record = Write.Record
    /// Fetches the record from the server, off the main actor: `nil` when the server has none.
    public typealias Fetch = @Sendable (Record.ID) async throws -> Record?

    let records: RecordStore<Write>
    let presenter: ErrorPresenter
    let fetch: Fetch
    /// Puts the result in the screen's state (set once, by the binding).
    var show: (@MainActor (LiveRecord<Record>) -> Void)?
    /// Runs the request as the screen's owned work; the first closure, if it is called off, in
    /// the update that puts the result back.
    var runWork: (@MainActor (_ onCancel: @escaping @MainActor () -> LiveRecord<Record>, _ operation: @escaping @MainActor @Sendable () async -> Void) -> Void)?

    /// What the screen shows now.
    public private(set) var result: LiveRecord<Record>
    private var token: ObservationToken?
    /// Keeps the record from the store's retention rule.
    private var shownToken: ObservationToken?
    /// Bumped by every load: the end of an older one (called off, answered late) changes nothing.
    private var generation = 0

    init(records: RecordStore<Write>, id: Record.ID, presenter: ErrorPresenter, fetch: @escaping Fetch) {
        self.records = records
        self.presenter = presenter
        self.fetch = fetch
        result = LiveRecord(id: id)
        followRecords()
        token = records.observe { [weak self] change in
            guard let self, change.ids.contains(result.id) || change.reason == .writesLost else { return }
            followRecords()
            show?(result)
        }
        shownToken = records.keepWhileShown { [id] in [id] }
    }

    /// Asks the server for the record unless the record shown is the server's in this run, or it
    /// is loading, or gone. A saved copy stays shown while the server is asked, and after a failure.
    public func loadIfNeeded() {
        guard result.value == nil || result.origin != .network, !result.record.isLoading, !result.isGone else { return }
        load()
    }

    /// Asks the server for the record (again after a failure), showing it loading meanwhile.
    public func load() {
        generation += 1
        let generation = generation
        result.record.startLoading()
        show?(result)
        let id = result.id
        runWork?({ [weak self] in
            if self?.generation == generation { self?.result.record.cancelLoading() }
            return self?.result ?? LiveRecord(id: id)
        }) { [weak self, records, fetch] in
            // Read on demand: the saved copy, shown while the server is asked.
            if records.readsOnDemand, records.origin(of: id) == nil { await records.readSaved([id]) }
            let read = records.beginRead()
            do {
                let answer = try await fetch(id)
                if let answer, answer.id != id {
                    throw MismatchedAnswer(expected: "\(id)", received: "\(answer.id)")
                }
                // Merged even when a newer load replaced this one: what it read is true (read
                // ordering keeps newer values).
                if let answer { records.merge([answer], readAt: read) } else { records.merge([], gone: [id], readAt: read) }
                guard self?.generation == generation else { return }
                self?.answered()
            } catch {
                guard self?.generation == generation else { return }
                self?.failed(error)
            }
        }
    }

    /// The server answered: the record as the records have it now (changed, pending, or gone).
    private func answered() {
        followRecords()   // loaded when the records have it
        result.record.cancelLoading()   // still loading: deleted meanwhile by a pending write
        show?(result)
    }

    private func failed(_ error: any Error) {
        if let presentation = presenter.presentation(for: error) {
            result.record.fail(with: presentation)
        } else {
            result.record.cancelLoading()   // a cancellation: nothing to show
        }
        show?(result)
    }

    /// Takes the record and its pending write as the records have them.
    private func followRecords() {
        let id = result.id
        result.pending = records.pendingWrite(for: id)
        if let record = records.value(for: id) {
            result.origin = records.origin(of: id)
            // A saved copy shown while the server is asked, or after it failed, keeps that phase.
            switch result.record {
            case .loading where result.origin != .network: result.record = .loading(previous: record)
            case .failed(let error, _) where result.origin != .network: result.record = .failed(error, previous: record)
            default: result.record = .loaded(record)
            }
            result.isGone = false
        } else if result.pending == nil, records.isDeleted(id) {
            // Deleted, here or elsewhere, and the server agrees.
            result.record = .idle
            result.origin = nil
            result.isGone = true
        }
    }
}
