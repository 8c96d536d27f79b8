import Foundation
@testable import MVVMData
import MVVMTesting
import Testing

/// `RecordStore.matches(_:_:)`, what a list answered on the device asks of each changed row: the
/// answer `RecordSearch.matches` gives, read from the search index's folded text when the row
/// shows the server's text, and folded anew when it shows another (a pending write's).
@Suite(.timeLimit(.minutes(1)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct RecordStoreSearchMatchTests {
    let records = RecordStore<ContactWrite>(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: TestClock()), search: .contacts)

    init() {
        records.merge([Contact(id: 1, name: "Zoë Müller", isFavourite: false)], readAt: records.beginRead())
    }

    func shown(_ name: String) -> ShownRow<Contact> {
        ShownRow(row: LiveRow(Contact(id: 1, name: name, isFavourite: true)), text: name)
    }

    @Test func aRowShowingTheServersTextIsMatchedAsTheSearchMatchesIt() {
        for text in ["zoe", "MULLER", "ë m", "anders", "zoë müller!"] {
            let query = records.searchQuery(text)
            #expect(records.matches(shown("Zoë Müller"), query) == RecordSearch.contacts.matches(shown("Zoë Müller").row!.record, text), "\(text)")
        }
    }

    @Test func aRowShowingAnotherTextIsMatchedByThatText() {
        #expect(records.matches(shown("Anders Ångström"), records.searchQuery("angstrom")))
        #expect(!records.matches(shown("Anders Ångström"), records.searchQuery("zoe")))
    }

    @Test func anEmptyTextMatchesEveryRow() {
        #expect(records.searchQuery("") == nil)
        #expect(records.matches(shown("Anders"), nil))
    }
}
