import Foundation
import MVVMData
import MVVMDataTesting
import Synchronization
import Testing

/// Records that age (issue 52): a store keeps the records its rule says, the least recently
/// learnt forgotten first, in memory and on the device; a record with a pending write, or on a
/// screen, is never forgotten; the rule runs after the change that crossed it, not inside it.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct RecordRetentionTests {
    struct User: Identifiable, Codable, Equatable, Sendable {
        let id: Int
        var name: String
    }

    enum UserWrite: RecordWrite {
        case rename(Int, String)
        var recordID: Int { if case .rename(let id, _) = self { id } else { 0 } }
        func applied(to user: User?) -> User? {
            guard case .rename(let id, let name) = self else { return user }
            return user.map { _ in User(id: id, name: name) }
        }
    }

    struct DetailState: Equatable, Sendable {
        var user = LiveRecord<User>(id: 3)
    }

    /// The time now, which the test moves: each page is learnt later than the one before.
    final class Now: Sendable {
        private let time = Mutex(Date(timeIntervalSince1970: 1_700_000_000))
        var date: Date { time.withLock { $0 } }
        func advance(by seconds: TimeInterval) { time.withLock { $0 += seconds } }
    }

    let clock = TestClock()
    let saved = InMemoryRecordStorage()
    let now = Now()

    func makeStore(_ retention: RecordRetention) -> RecordStore<UserWrite> {
        Dependencies.with({ [now] in $0.now = { now.date }; $0.newID = .counting() }, operation: {
            RecordStore(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: clock), storage: saved, retention: retention)
        })
    }

    /// Merges users `ids` as one page, learnt now, then moves the time a second on.
    func merge(_ ids: ClosedRange<Int>, into users: RecordStore<UserWrite>) {
        users.merge(ids.map { User(id: $0, name: "user \($0)") }, readAt: users.beginRead())
        now.advance(by: 1)
    }

    @Test func fiftyThousandSeenWithARuleOfTenThousandKeepTenThousandThePendingAndTheShownAmongThem() async throws {
        await clock.perform {
            let users = makeStore(RecordRetention(maxCount: 10_000))
            await users.restore()
            merge(1...1_000, into: users)
            users.write(.rename(5, "renamed offline"))   // pending: never delivered here
            let detail = StateStore(DetailState(), clock: clock)
            let shown = detail.liveRecord(\.user, records: users, id: 3) { _ in nil }   // user 3 on screen
            for page in 1..<50 { merge((page * 1_000 + 1)...((page + 1) * 1_000), into: users) }
            #expect(users.value(for: 10) != nil, "not inside the merge: after it")

            await clock.advance()
            await users.waitUntilSaved()
            let kept = (1...50_000).filter { users.value(for: $0) != nil }
            #expect(kept.count == 10_000)
            #expect(kept.contains(3) && kept.contains(5), "the shown and the pending among them")
            #expect(users.value(for: 5)?.name == "renamed offline")
            #expect(Set(41_001...50_000).isSubset(of: Set(kept)), "the most recently learnt")
            #expect(kept.filter { $0 <= 40_000 } == [3, 5])
            #expect(kept.filter { (40_001...41_000).contains($0) }.count == 998)
            let onDevice = await saved.records()
            #expect(onDevice.count == 10_000, "forgotten on the device too")
            #expect(detail.state.user.value == User(id: 3, name: "user 3"))
            _ = shown
        }
    }

    @Test func aStartReadsTheSavedRecordsAndKeepsWhatTheRuleSays() async throws {
        await saved.save((1...5_000).map { id in
            SavedRecord(id: Data("\(id)".utf8), value: try! JSONEncoder().encode(User(id: id, name: "user \(id)")),
                        learnt: Date(timeIntervalSince1970: 1_600_000_000 + Double(id)))
        })
        await clock.perform {
            let users = makeStore(RecordRetention(maxCount: 1_000))
            await users.restore()
            await clock.advance()
            await users.waitUntilSaved()
            #expect((1...5_000).filter { users.value(for: $0) != nil } == Array(4_001...5_000))
        }
        #expect(await saved.records().count == 1_000)
    }

    /// Review: the rule ran once the saved values were read, before the outbox's writes from the
    /// last run were pending again, and could forget the record a waiting write was made on.
    @Test func aWriteWaitingFromTheLastRunKeepsItsRecordThroughAStart() async throws {
        let outbox = InMemoryOutboxStorage()
        await saved.save([SavedRecord(id: Data("5".utf8), value: try! JSONEncoder().encode(User(id: 5, name: "user 5")),
                                      learnt: Date(timeIntervalSince1970: 1_000_000))])   // learnt long ago
        await clock.perform {
            let first = Dependencies.with({ [now] in $0.now = { now.date }; $0.newID = .counting() }, operation: {
                RecordStore<UserWrite>(outbox: Outbox(storage: outbox, clock: clock), storage: saved)
            })
            await first.restore()
            first.write(.rename(5, "renamed offline"))   // never delivered: the app is killed
            await first.waitUntilSaved()
        }
        await clock.perform {
            let users = Dependencies.with({ [now] in $0.now = { now.date }; $0.newID = .counting(from: 100) }, operation: {
                RecordStore<UserWrite>(outbox: Outbox(storage: outbox, clock: clock), storage: saved,
                                       retention: RecordRetention(maxAge: .seconds(30 * 86_400)))
            })
            await users.restore()
            await clock.advance()
            await users.waitUntilSaved()
            #expect(users.value(for: 5)?.name == "renamed offline")
        }
        #expect(await saved.records().count == 1, "kept on the device too")
    }

    @Test func recordsLearntLongerAgoThanTheAgeAreForgotten() async throws {
        await clock.perform {
            let users = makeStore(RecordRetention(maxAge: .seconds(30 * 86_400)))
            await users.restore()
            merge(1...10, into: users)
            now.advance(by: 31 * 86_400)
            merge(11...20, into: users)   // learnt now; the rule runs after it
            await clock.advance()
            await users.waitUntilSaved()
            #expect((1...20).filter { users.value(for: $0) != nil } == Array(11...20))
        }
    }

    @Test func foreverKeepsEverything() async throws {
        await clock.perform {
            let users = makeStore(.forever)
            await users.restore()
            for page in 0..<5 { merge((page * 100 + 1)...((page + 1) * 100), into: users) }
            await clock.advance()
            await users.waitUntilSaved()
            #expect((1...500).allSatisfy { users.value(for: $0) != nil })
        }
    }
}
