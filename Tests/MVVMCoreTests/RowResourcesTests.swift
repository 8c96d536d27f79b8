import MVVMCore
import Synchronization
import MVVMTesting
import Testing

/// ``RowResources`` driven by ``StateStore/loadResources(_:for:id:source:from:)``: the
/// rows on screen and a margin load, the others never do or are cancelled, and a row can only
/// ever show its own record's resource.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct RowResourcesTests {
    struct Person: Equatable, Sendable {
        var id: Int
        var avatar: String?
    }

    struct Screen: Equatable, Sendable {
        var people: [Person] = (0..<100).map { Person(id: $0, avatar: "/avatars/\($0)") }
        var avatars = RowResources<Int, String>(prefetchMargin: 2)
    }

    struct Failed: Error, CustomStringConvertible {
        var description: String { "503" }
    }

    let clock = TestClock()
    let fetches = ResourceFetchStub<String, String>()
    let loader: ResourceLoader<String, String>
    let screen: ScreenModel
    var store: StateStore<Screen> { screen.store }

    /// A ViewModel over the screen, for its `appear()`.
    final class ScreenModel: ViewModel {
        let store: StateStore<Screen>
        var readOnlyStore: ReadOnlyStore<Screen> { store.readOnly }
        init(_ store: StateStore<Screen>) { self.store = store }
        func onEvent(_ event: Never) {}
    }

    init() {
        let fetches = fetches
        loader = ResourceLoader(maximumConcurrentFetches: 100, cost: { $0.utf8.count }) { try await fetches.fetch($0) }
        screen = ScreenModel(StateStore(Screen(), clock: clock))
        store.loadResources(\.avatars, for: \.people, id: \.id, source: \.avatar, from: loader)
    }

    /// The view reports `rows` visible (or nothing), and the fetches started run.
    func show(_ rows: Range<Int>? = nil) async {
        if let rows { store.update { $0.avatars.visibleRows = rows } }
        await clock.advance(by: .zero)
    }

    func answerAll() async {
        for source in fetches.waiting { fetches.answer(source, with: "picture of \(source)") }
        await clock.advance(by: .zero)
    }

    @Test func theVisibleRowsAndTheMarginLoadVisibleFirstAndNoOthers() async {
        await show(10..<13)
        #expect(fetches.started == ["/avatars/10", "/avatars/11", "/avatars/12", "/avatars/13", "/avatars/14", "/avatars/9", "/avatars/8"])
        #expect(store.state.avatars.loadingIDs == [8, 9, 10, 11, 12, 13, 14])
        #expect(store.state.avatars[20] == .placeholder)

        await answerAll()
        #expect(store.state.avatars[10] == .loaded("picture of /avatars/10"))
        #expect(store.state.avatars.count == 7)
    }

    /// Scrolling faster than the network answers: a freed slot goes to a row on screen, not to
    /// one asked for earlier that the list has since passed (first asked, first started, would
    /// spend every slot on those).
    @Test func aFreedSlotGoesToTheRowsOnScreenNotToRowsPassed() async {
        let fetches = ResourceFetchStub<String, String>()
        let loader = ResourceLoader<String, String>(maximumConcurrentFetches: 1, cost: { $0.utf8.count }) { try await fetches.fetch($0) }
        store.loadResources(\.avatars, for: \.people, id: \.id, source: \.avatar, from: loader)   // declared again: this loader
        let show = { (rows: Range<Int>) in
            store.update { $0.avatars.visibleRows = rows }
            await clock.advance(by: .zero)
        }
        await show(0..<1)   // rows 0…2 wanted: 0 runs, 1 and 2 wait
        await show(2..<3)   // rows 0…4 wanted, row 2 on screen: 0 still runs
        #expect(fetches.waiting == ["/avatars/0"])

        fetches.answer("/avatars/0", with: "picture of 0")
        await clock.advance(by: .zero)
        #expect(fetches.waiting == ["/avatars/2"])
        #expect(fetches.started == ["/avatars/0", "/avatars/2"])
    }

    /// Scrolling down, the rows at the bottom of the screen stay longest: they are asked for
    /// first, then those below, then those above.
    @Test func scrollingDownAsksForTheBottomRowsFirst() async {
        await show(0..<3)
        let before = fetches.started.count
        await show(5..<8)
        #expect(Array(fetches.started.dropFirst(before)) == [7, 6, 5, 8, 9].map { "/avatars/\($0)" })
        await show(2..<5)   // back up: from the top
        #expect(fetches.started.suffix(2) == ["/avatars/1", "/avatars/0"])
    }

    @Test func rowsThatLeaveTheWindowAreCancelledAndForgotten() async {
        await show(0..<3)
        await show(50..<53)
        #expect(Set(fetches.cancelled) == Set((0..<5).map { "/avatars/\($0)" }))
        #expect(store.state.avatars[0] == .placeholder)
        #expect(store.state.avatars.loadingIDs == Set(48..<55))
        #expect(loader.statistics.fetchesCancelled == 5)
    }

    @Test func aRowComingBackShowsItsCachedResourceAtOnce() async {
        await show(0..<3)
        await answerAll()
        await show(50..<53)
        await answerAll()
        let started = fetches.started.count

        store.update { $0.avatars.visibleRows = 0..<3 }
        #expect(store.state.avatars[1] == .loaded("picture of /avatars/1"))
        #expect(fetches.started.count == started)
    }

    /// The seeds' bug: a cell reused for another user shows the previous user's slow avatar.
    /// Here the row at position 0 shows A, then B (a search replaced the rows); A's avatar
    /// arrives afterwards (a detail screen still wanted it) and is never shown for B.
    @Test func aSlowResourceForUserAIsNeverShownForUserBInTheSameRow() async {
        store.update { $0.people = [Person(id: 1, avatar: "/avatars/A")] }
        await show(0..<1)
        let detail = Task { try await loader.load("/avatars/A") }   // another screen wants A too
        await clock.advance(by: .zero)

        store.update { $0.people = [Person(id: 2, avatar: "/avatars/B")] }
        await show()
        #expect(store.state.avatars[2] == .loading)
        fetches.answer("/avatars/A", with: "picture of A")
        _ = try? await detail.value
        await clock.advance(by: .zero)

        #expect(store.state.avatars[2] == .loading)
        #expect(store.state.avatars[1] == .placeholder)
        fetches.answer("/avatars/B", with: "picture of B")
        await clock.advance(by: .zero)
        #expect(store.state.avatars[2] == .loaded("picture of B"))
    }

    @Test func aFailedRowStaysFailedInViewAndIsTriedAgainWhenItComesBack() async {
        await show(0..<1)
        fetches.fail("/avatars/0", with: Failed())
        await answerAll()
        #expect(store.state.avatars[0] == .failed(reason: "503"))

        await show(0..<1)   // reported again while in view: no new fetch
        #expect(fetches.started.filter { $0 == "/avatars/0" }.count == 1)

        await show(40..<41)
        await show(0..<1)
        #expect(store.state.avatars[0] == .loading)
        #expect(fetches.started.filter { $0 == "/avatars/0" }.count == 2)
    }

    @Test func theViewDisappearingLeavesNoRowLoading() async {
        await show(0..<3)
        store.cancelAllWork()
        await clock.advance(by: .zero)
        #expect(store.state.avatars.loadingIDs == [])
        #expect(store.state.avatars[0] == .placeholder)
        #expect(fetches.waiting == [])

        screen.appear()   // appearing again loads them again
        #expect(store.state.avatars.loadingIDs == Set(0..<5))
    }

    @Test func theWindowFollowsTheRowsWithNoFurtherCall() async {
        await show(0..<1)
        await answerAll()
        store.update { $0.people.insert(Person(id: 500, avatar: "/avatars/500"), at: 0) }   // a refresh: a new row on top
        #expect(store.state.avatars[500] == .loading)
        store.update { $0.people[1].avatar = "/avatars/new" }   // row 0 (id 0) changed its picture
        #expect(store.state.avatars[0] == .loading)
        await clock.advance(by: .zero)
        await answerAll()
        #expect(store.state.avatars[500] == .loaded("picture of /avatars/500"))
        #expect(store.state.avatars[0] == .loaded("picture of /avatars/new"))
        store.update { $0.people = [] }   // a search that found nothing
        #expect(store.state.avatars.count == 0)
    }

    @Test func rowsThatChangeWhileTheViewIsGoneLoadNothingUntilItAppears() async {
        await show(0..<1)
        screen.disappear()
        await clock.advance(by: .zero)
        let started = fetches.started.count
        store.update { $0.people.insert(Person(id: 500, avatar: "/avatars/500"), at: 0) }   // a change behind another screen
        await clock.advance(by: .zero)
        #expect(fetches.started.count == started)
        #expect(store.state.avatars[500] == .placeholder)
        screen.appear()
        await clock.advance(by: .zero)
        #expect(store.state.avatars[500] == .loading)
    }

    @Test func aCancelledFetchIsNotStartedAgainUntilTheViewAsks() async {
        await show(0..<3)
        let started = fetches.started.count
        store.cancelAllWork()   // the view disappeared
        await clock.advance(by: .zero)
        #expect(fetches.started.count == started)
        #expect(store.state.avatars.loadingIDs == [])
    }

    @Test func rowsWithoutASourceStayPlaceholdersAndFetchNothing() async {
        store.update { $0.people = [Person(id: 1, avatar: nil), Person(id: 2, avatar: "/avatars/2")] }
        await show(0..<2)
        #expect(store.state.avatars[1] == .placeholder)
        #expect(fetches.started == ["/avatars/2"])
    }

    @Test func twoRowsWithOneSourceShareOneFetch() async {
        store.update { $0.people = [Person(id: 1, avatar: "/same"), Person(id: 2, avatar: "/same")] }
        await show(0..<2)
        #expect(fetches.started == ["/same"])
        await answerAll()
        #expect(store.state.avatars[1] == .loaded("picture of /same"))
        #expect(store.state.avatars[2] == .loaded("picture of /same"))
    }

    @Test func aRowWhoseSourceChangesLoadsTheNewOne() async {
        await show(0..<1)
        await answerAll()
        store.update { $0.people[0].avatar = "/avatars/new" }
        await show()
        #expect(store.state.avatars[0] == .loading)
        await answerAll()
        #expect(store.state.avatars[0] == .loaded("picture of /avatars/new"))
    }

    @Test("Positions a view reports beyond the list are clamped, never trapping", arguments: [
        -5..<3, 98..<400, 1_000..<2_000, Int.min..<Int.max, 0..<0,
    ])
    func hostileRangesAreClamped(rows: Range<Int>) async {
        await show(rows)
        #expect(store.state.avatars.count <= 100)
        #expect(store.state.avatars.visibleRows == rows)
    }

    @Test func nothingChangesWhenTheSameRowsAreReportedAgain() async {
        await show(0..<3)
        var notifications = 0
        let token = store.subscribe(sendCurrent: false) { _ in notifications += 1 }
        await show(0..<3)
        #expect(notifications == 0)
        _ = token
    }

    /// A new window reads the window's rows, not the list (each twice: once to load them, once
    /// when the follower checks its own update left the window as loaded): a list of 10,000 kept as any
    /// random-access collection (a live query's chunked rows) is never copied into an array of
    /// every row. The demo's list named an array property built from every row, so each
    /// scrolled frame made 10,000 copies: 3.9 ms a key with pictures, 0.39 ms without
    /// (`key-to-frame/10k-rows_avatars`).
    @Test func aNewWindowReadsTheWindowsRowsNotTheList() async {
        let rows = CountedRows(count: 10_000)
        let store = StateStore(LongScreen(people: rows), clock: clock)
        store.loadResources(\.avatars, for: \.people, id: \.id, source: \.avatar, from: loader)
        store.update { $0.avatars.visibleRows = 5_000..<5_010 }
        await clock.advance(by: .zero)
        #expect(rows.reads.value == 28, "10 visible rows and 2 either side, each read twice")
        #expect(store.state.avatars.loadingIDs == Set(4_998..<5_012))
    }
}

/// A screen whose rows are a collection that counts its reads.
private struct LongScreen: Equatable, Sendable {
    var people: CountedRows
    var avatars = RowResources<Int, String>(prefetchMargin: 2)
}

/// `count` people, made as they are read, counting the reads.
private struct CountedRows: RandomAccessCollection, Equatable, Sendable {
    let count: Int
    let reads = LockedCount()

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> RowResourcesTests.Person {
        reads.increment()
        return RowResourcesTests.Person(id: position, avatar: "/avatars/\(position)")
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.count == rhs.count }
}

/// A count several threads may add to.
private final class LockedCount: Sendable {
    private let count = Atomic(0)

    var value: Int { count.load(ordering: .sequentiallyConsistent) }

    func increment() { count.add(1, ordering: .sequentiallyConsistent) }
}
