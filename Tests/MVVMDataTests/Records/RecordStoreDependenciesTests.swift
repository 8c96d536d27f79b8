import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Synchronization
import Testing

/// How many times the server was sent a write.
private final class SendCount: Sendable {
    let count = Mutex(0)
}

/// The time, the ids and the clock of a whole record store and outbox run come from
/// `Dependencies`: a test fixes them without passing them to any initializer.
@Suite(.timeLimit(.minutes(1)))
@MainActor
struct RecordStoreDependenciesTests {
    @Test func aTestFixesTheTimeTheIDsAndTheClockOfAWholeRunWithoutAnInitializer() async {
        let clock = TestClock()
        let outboxStorage = InMemoryOutboxStorage()
        let recordStorage = InMemoryRecordStorage()
        let fixed = Date(timeIntervalSince1970: 1_700_000_000)
        let attempts = SendCount()
        await Dependencies.with {
            $0.now = { fixed }
            $0.newID = .counting(from: 1)
        } operation: {
            await clock.perform {
                // No clock, no time, no ids passed: all from `Dependencies`.
                let records = RecordStore<ContactWrite>(outbox: Outbox(storage: outboxStorage), storage: recordStorage)
                records.merge([Contact(id: 1, name: "Zoë 1", isFavourite: false)], readAt: records.beginRead())
                records.write(.setFavourite(true, id: 1))
                records.write(.delete(id: 2))
                await records.waitUntilSaved()
                let queued = await outboxStorage.all()
                #expect(queued.map(\.id.uuidString) == ["00000000-0000-0000-0000-000000000001", "00000000-0000-0000-0000-000000000002"])
                #expect(queued.map(\.enqueuedAt) == [fixed, fixed])

                async let _ = records.deliver(isRetryable: { $0 is ServerDown }) { write, _ in
                    // The first send fails: the outbox backs off on the test clock.
                    guard attempts.count.withLock({ $0 += 1; return $0 }) > 1 else { throw ServerDown() }
                    return write.applied(to: Contact(id: write.recordID, name: "Zoë \(write.recordID)", isFavourite: false))
                }
                await clock.advance()   // the delivery is cancelled and awaited as the scope ends
                #expect(attempts.count.withLock { $0 } == 1, "sent once; backing off")
                await clock.advance(by: .seconds(1))
                #expect(attempts.count.withLock { $0 } == 3, "the back-off ran out on the test clock; both writes sent")
                #expect(records.pendingIDs.isEmpty)
                await records.waitUntilSaved()
                let saved = await recordStorage.records()
                #expect(!saved.isEmpty)
                #expect(saved.allSatisfy { $0.learnt == fixed }, "every record learnt at the fixed time")
            }
        }
    }

    @Test func aStoreMadeWhileATestClockDrivesWaitsOnIt() async {
        let clock = TestClock()
        await clock.perform {
            let store = StateStore(0)   // no clock passed
            store.run("count", policy: .debounce(for: .seconds(1))) { store.update { $0 += 1 } }
            await clock.advance(by: .milliseconds(999))
            #expect(store.state == 0)
            await clock.advance(by: .milliseconds(1))
            #expect(store.state == 1, "debounced on the test clock")
        }
    }
}
