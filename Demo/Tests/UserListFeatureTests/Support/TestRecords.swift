import MVVMCore
import MVVMData
import MVVMTesting
import UserListFeature

/// The users' records as an app holds them, over an in-memory outbox, delivered through
/// `repository` (as `AppViewModel` does) for as long as this lives. The outbox backs off on its
/// own clock, which no test advances: a write that failed waits until the outbox is nudged.
@MainActor
final class TestRecords {
    let records: UserRecords
    let storage: any OutboxStorage
    /// Runs the delivery as owned work, as `AppViewModel`'s store does: on the clock's executor
    /// when there is a clock, so that a tester on that clock sees it.
    private let delivery: StateStore<Int>

    /// The clock whose executor runs the delivery, so that a tester on that clock sees it.
    let clock: TestClock?

    init(
        repository: any UserRepository,
        storage: any OutboxStorage = InMemoryOutboxStorage(),
        saved: (any RecordStorage)? = nil,
        delivering: Bool = true,
        clock: TestClock? = nil
    ) {
        self.storage = storage
        self.clock = clock
        delivery = StateStore(0, clock: clock ?? ContinuousClock())
        // Made on the clock's executor, so that its saves and reads run where a tester sees them.
        let make = { UserRecords(outbox: Outbox(storage: storage, clock: TestClock()), storage: saved, search: .users) }
        records = clock.map { $0.perform { make() } } ?? make()
        if delivering { startDelivering(through: repository) }
    }

    /// Starts sending the waiting writes through `repository`.
    func startDelivering(through repository: any UserRepository) {
        delivery.run("delivery") { [records] in
            await records.deliver(isRetryable: UserWrite.isRetryable) { write, key in
                try await repository.send(write, idempotencyKey: key)
            }
        }
    }

    /// Stops sending; the waiting writes stay in the outbox.
    func stopDelivering() {
        delivery.cancelWork("delivery")
    }
}
