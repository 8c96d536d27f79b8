import MVVMData
import Testing

/// A `LiveRow` is a value, though its storage is one shared box (issue 38's keystroke): copies
/// compare by what they show, and a change to one copy is never seen by another.
struct LiveRowTests {
    @Test func rowsShowingTheSameRecordAndPendingWriteAreEqualWhicheverBoxHoldsThem() {
        let made = LiveRow(Contact(id: 1, name: "Ann", isFavourite: true), pending: .saving)
        let madeAgain = LiveRow(Contact(id: 1, name: "Ann", isFavourite: true), pending: .saving)
        #expect(made == madeAgain)
        #expect(Set([made, madeAgain]).count == 1)
        #expect(made != LiveRow(Contact(id: 1, name: "Ann", isFavourite: true)))
        #expect(made != LiveRow(Contact(id: 1, name: "Ann", isFavourite: false), pending: .saving))
    }

    @Test func settingARecordOrItsPendingWriteChangesThatCopyAlone() {
        let shown = LiveRow(Contact(id: 7, name: "Bob", isFavourite: false))
        var edited = shown
        edited.record.name = "Bob Smith"
        var marked = shown
        marked.pending = .saving
        #expect(shown.record == Contact(id: 7, name: "Bob", isFavourite: false))
        #expect(shown.pending == nil)
        #expect(edited.record == Contact(id: 7, name: "Bob Smith", isFavourite: false))
        #expect(edited.pending == nil)
        #expect(marked.record == shown.record)
        #expect(marked.pending == .saving)
        #expect(edited.id == 7 && marked.id == 7)
    }

    @Test func aRowPrintsItsRecordAndPendingWriteNotItsBox() {
        let row = LiveRow(Contact(id: 3, name: "Zoë", isFavourite: true), pending: .saving)
        #expect(Mirror(reflecting: row).children.map(\.label) == ["record", "pending"])
        #expect(String(describing: row) == #"LiveRow<Contact>(record: MVVMDataTests.Contact(id: 3, name: "Zoë", isFavourite: true), pending: Optional(MVVMData.PendingWrite.saving))"#)
    }
}
