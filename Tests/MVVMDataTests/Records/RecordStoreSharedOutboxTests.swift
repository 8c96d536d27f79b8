import Foundation
import MVVMData
import MVVMTesting
import Testing

/// Two processes on one outbox folder (issue 41, N1): a write one of them made and the other
/// delivered is pending no more in the first, which shows the server's answer as the other saved
/// it, and never sends it again.
extension RecordStoreTests {
    @Test func aWriteAnotherProcessDeliveredIsPendingNoMoreAndShowsTheServersAnswer() async throws {
        try await clock.perform {
            let first = makeStore()   // the app that made the writes
            await first.restore()
            first.merge([Note(id: 5, text: "five"), Note(id: 6, text: "six")], readAt: first.beginRead())
            first.write(.edit(5, text: "a"))
            first.write(.edit(6, text: "b"))
            await first.waitUntilSaved()
            #expect(first.pendingIDs == [5, 6])

            let second = makeStore()   // another app on the same folder delivers both
            try await delivering(second) {
                await clock.advance()
                #expect(server.received == [.edit(5, text: "a"), .edit(6, text: "b")])
                #expect(second.pendingIDs.isEmpty)
            }
            await second.waitUntilSaved()

            let answered = NextChange(.committed, in: first)
            try await delivering(first) {
                await clock.advance()
                #expect(first.pendingIDs.isEmpty, "answered elsewhere: pending no more, so t and d work again")
                #expect(first.value(for: 5) == Note(id: 5, text: "A"), "the server's answer, as the other app saved it")
                #expect(first.value(for: 6) == Note(id: 6, text: "B"))
                #expect(answered.change != nil)
                #expect(server.received.count == 2, "never sent again")
            }
        }
    }

    /// Issue 41, N3: each app saved its whole snapshot, so the last to save put back its older
    /// copy of a record the other had confirmed since, and offline the list showed it.
    @Test func theLastAppToSaveNeverPutsBackAnOlderValueAnotherAppConfirmed() async throws {
        try await clock.perform {
            let first = makeStore()
            await first.restore()
            let second = makeStore()
            await second.restore()
            // Both read user 17 before the first app's write.
            let firstRead = first.beginRead()
            let secondRead = second.beginRead()
            first.merge([Note(id: 17, text: "old")], readAt: firstRead)
            second.merge([Note(id: 17, text: "old")], readAt: secondRead)

            first.write(.edit(17, text: "new"))
            try await delivering(first) {
                await clock.advance()
                #expect(first.value(for: 17) == Note(id: 17, text: "NEW"))
            }
            await first.waitUntilSaved()
            // The second app learns another record and saves last.
            second.merge([Note(id: 18, text: "other")], readAt: second.beginRead())
            await second.waitUntilSaved()

            let restarted = makeStore()
            await restarted.restore()
            #expect(restarted.value(for: 17) == Note(id: 17, text: "NEW"), "the confirmed value, not the older copy saved last")
            #expect(restarted.value(for: 18) == Note(id: 18, text: "other"), "and what the second app learnt")
        }
    }

    /// `write(_:whenCommitted:)`: called once with the server's answer when this process
    /// delivers the write, and when another process did (as that process saved it); never for a
    /// write the server refused.
    @Test func whenCommittedHearsTheAnswerWhoeverDeliveredItAndNeverARefusal() async throws {
        try await clock.perform {
            let first = makeStore()
            await first.restore()
            first.merge([Note(id: 5, text: "five"), Note(id: 6, text: "six"), Note(id: 7, text: "seven")], readAt: first.beginRead())
            var answers: [Note?] = []
            first.write(.edit(5, text: "a")) { answers.append($0) }
            await first.waitUntilSaved()

            let second = makeStore()   // another app delivers write 5
            try await delivering(second) { await clock.advance() }
            await second.waitUntilSaved()
            #expect(answers.isEmpty, "not before this app hears of it")
            try await delivering(first) { await clock.advance() }
            #expect(answers == [Note(id: 5, text: "A")], "delivered elsewhere: the answer as the other app saved it")

            server.refused = [6]
            first.write(.edit(6, text: "b")) { answers.append($0) }
            first.write(.edit(7, text: "c")) { answers.append($0) }
            try await delivering(first) { await clock.advance() }
            #expect(answers == [Note(id: 5, text: "A"), Note(id: 7, text: "C")], "once each; never for the refused write")
        }
    }
}
