import MVVMData
import MVVMTesting
import UserListFeature

/// The users' records as the demo app holds them, delivered to the real server through
/// `repository` for as long as this lives (or until `stopDelivering()`). The outbox backs off on
/// a test clock nobody moves: a failed write waits until the outbox is nudged.
@MainActor
final class TestRecords {
    let records: UserRecords
    private var delivery: Task<Void, Never>?

    init(repository: any UserRepository, storage: any OutboxStorage = InMemoryOutboxStorage(), saved: (any RecordStorage)? = nil, delivering: Bool = true) {
        records = UserRecords(outbox: Outbox(storage: storage, clock: TestClock()), storage: saved, search: .users)
        guard delivering else { return }
        let records = records
        delivery = Task {
            await records.deliver(isRetryable: UserWrite.isRetryable) { write, key in
                try await repository.send(write, idempotencyKey: key)
            }
        }
    }

    /// Stops sending; the waiting writes stay in the outbox.
    func stopDelivering() {
        delivery?.cancel()
        delivery = nil
    }

    isolated deinit {
        delivery?.cancel()
    }
}
