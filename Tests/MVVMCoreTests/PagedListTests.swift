import MVVMCore
import MVVMTestSupport
import MVVMTesting
import Testing

@Suite(.timeLimit(.minutes(2)))
struct PagedListTests {
    let failure = ErrorPresentation(title: "Error", message: "Offline.", isRetryable: true)

    private func numbered(_ range: ClosedRange<Int>, page: Int) -> Page<Int, Int> {
        .numbered(Array(range), page: page, pageSize: 3)
    }

    @Test func loadsPagesInOrderAndStopsAfterAShortPage() throws {
        var list = PagedList<Int, Int>(pageSize: 3, firstCursor: 1)
        #expect(list.canLoadMore)

        let first = try list.requireNextPage()
        #expect(first.cursor == 1 && first.pageSize == 3 && first.isFirstPage)
        #expect(list.isLoadingFirstPage && !list.isLoadingMore)
        list.complete(first, with: numbered(1...3, page: 1))

        let second = try list.requireNextPage()
        #expect(second.cursor == 2 && !second.isFirstPage)
        #expect(list.isLoadingMore)
        list.complete(second, with: numbered(4...5, page: 2))

        #expect(list.items == [1, 2, 3, 4, 5])
        #expect(list.loadedPageCount == 2)
        #expect(list.hasReachedEnd)
        #expect(list.canLoadMore == false)
        #expect(list.beginNextPage() == nil)
    }

    @Test func neverStartsASecondRequestWhileOneIsInFlight() throws {
        var list = PagedList<Int, Int>(pageSize: 3, firstCursor: 0)
        let first = try list.requireNextPage()
        #expect(list.beginNextPage() == nil)
        #expect(list.canLoadMore == false)
        list.complete(first, with: numbered(1...3, page: 0))
        #expect(list.beginNextPage()?.cursor == 1)
    }

    @Test func aCursorDecidesWhetherMoreExist() throws {
        var list = PagedList<String, String>(pageSize: 2, firstCursor: "")
        let first = try list.requireNextPage()
        list.complete(first, with: Page(items: ["a", "b"], nextCursor: "after-b"))
        let second = try list.requireNextPage()
        #expect(second.cursor == "after-b")
        // A full page with no next cursor is still the last one.
        list.complete(second, with: Page(items: ["c", "d"], nextCursor: nil))
        #expect(list.hasReachedEnd && !list.canLoadMore)
        #expect(list.items == ["a", "b", "c", "d"])
    }

    @Test func aFailureKeepsTheLoadedPagesAndRetryAsksForTheSamePage() throws {
        var list = PagedList<Int, Int>(pageSize: 3, firstCursor: 1)
        list.complete(try list.requireNextPage(), with: numbered(1...3, page: 1))
        let second = try list.requireNextPage()
        list.fail(second, with: failure)

        #expect(list.items == [1, 2, 3])
        #expect(list.error == failure)
        #expect(list.canLoadMore == false)
        #expect(list.beginNextPage() == nil)

        let retry = try list.requireRetry()
        #expect(retry.cursor == 2 && !retry.isFirstPage)
        list.complete(retry, with: numbered(4...6, page: 2))
        #expect(list.items == [1, 2, 3, 4, 5, 6])
        #expect(list.error == nil)
    }

    @Test func resetMakesTheRequestInFlightStale() throws {
        var list = PagedList<Int, Int>(pageSize: 3, firstCursor: 1)
        list.complete(try list.requireNextPage(), with: numbered(1...3, page: 1))
        let old = try list.requireNextPage()
        list.reset()

        #expect(list.complete(old, with: numbered(4...6, page: 2)) == false)
        #expect(list.fail(old, with: failure) == false)
        #expect(list.items == [])
        #expect(list.loadedPageCount == 0)
        #expect(list.beginNextPage()?.cursor == 1)
    }

    @Test func refreshKeepsItemsUntilTheFirstPageArrivesThenReplacesThem() throws {
        var list = PagedList<Int, Int>(pageSize: 3, firstCursor: 1)
        list.complete(try list.requireNextPage(), with: numbered(1...3, page: 1))
        let stale = try list.requireNextPage()

        let refresh = list.beginRefresh()
        #expect(refresh.cursor == 1 && refresh.isFirstPage)
        #expect(list.items == [1, 2, 3])
        #expect(list.complete(stale, with: numbered(4...6, page: 2)) == false)

        list.complete(refresh, with: numbered(7...9, page: 1))
        #expect(list.items == [7, 8, 9])
        #expect(list.loadedPageCount == 1)
        #expect(list.beginNextPage()?.cursor == 2)
    }

    @Test func anEmptyFirstPageIsTheEmptyState() throws {
        var list = PagedList<Int, Int>(pageSize: 3, firstCursor: 1)
        #expect(list.isEmpty == false)
        list.complete(try list.requireNextPage(), with: .numbered([], page: 1, pageSize: 3))
        #expect(list.isEmpty)
    }

    @Test func aPageSizeBelowOneIsTreatedAsOne() {
        #expect(PagedList<Int, Int>(pageSize: 0, firstCursor: 0).pageSize == 1)
    }
}

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct PaginationStoreTests {
    struct Screen: Equatable, Sendable {
        var users = PagedList<Int, Int>(pageSize: 2, firstCursor: 1)
    }

    /// Counts requests per page, with each page answered after one second on the test clock.
    final class Backend: Sendable {
        let clock: TestClock
        let requests = LockedValue<[Int]>([])
        let inFlight = LockedValue<Set<Int>>([])
        let overlaps = LockedValue(0)
        let failing = LockedValue<Set<Int>>([])
        let total: Int

        init(clock: TestClock, total: Int) {
            self.clock = clock
            self.total = total
        }

        func fetch(_ request: PageRequest<Int>) async throws -> Page<Int, Int> {
            let page = request.cursor
            requests.withValue { $0.append(page) }
            let overlapping = inFlight.withValue { !$0.insert(page).inserted }
            if overlapping { overlaps.withValue { $0 += 1 } }
            defer { _ = inFlight.withValue { $0.remove(page) } }
            try await clock.sleep(for: .seconds(1))
            if failing.value.contains(page) { throw SearchFailed() }
            let start = (page - 1) * request.pageSize + 1
            let items = Array(start..<min(start + request.pageSize, total + 1))
            return .numbered(items, page: page, pageSize: request.pageSize)
        }
    }

    private func loadMore(_ store: StateStore<Screen>, _ backend: Backend) {
        store.loadPage(.next, of: \.users, uniqueBy: \.self, key: "users") { try await backend.fetch($0) }
    }

    @Test func scrollingFastNeverLoadsTheSamePageTwiceAtOnce() async {
        let clock = TestClock()
        let backend = Backend(clock: clock, total: 5)
        let store = StateStore(Screen(), clock: clock)

        for _ in 0..<10 {
            for _ in 0..<5 { loadMore(store, backend) }
            await clock.advance(by: .zero)
            await clock.advance(by: .seconds(1))
            #expect(await waitUntilIdle(store))
        }

        #expect(backend.requests.value == [1, 2, 3])
        #expect(backend.overlaps.value == 0)
        #expect(store.state.users.items == [1, 2, 3, 4, 5])
        #expect(store.state.users.hasReachedEnd)
    }

    @Test func retryAfterAFailureKeepsLoadedPages() async {
        let clock = TestClock()
        let backend = Backend(clock: clock, total: 10)
        backend.failing.withValue { $0 = [2] }
        let store = StateStore(Screen(), clock: clock)

        loadMore(store, backend)
        #expect(await advanceUntilIdle(store, clock: clock))
        loadMore(store, backend)
        #expect(await advanceUntilIdle(store, clock: clock))
        #expect(store.state.users.items == [1, 2])
        #expect(store.state.users.error?.message == "The search failed. Try again.")

        backend.failing.withValue { $0 = [] }
        store.loadPage(.retry, of: \.users, uniqueBy: \.self, key: "users") { try await backend.fetch($0) }
        #expect(await advanceUntilIdle(store, clock: clock))

        #expect(store.state.users.items == [1, 2, 3, 4])
        #expect(store.state.users.error == nil)
        #expect(backend.requests.value == [1, 2, 2])
    }

    @Test func aCancellationErrorFromAPageLetsTheSamePageLoadAgain() async {
        let store = StateStore(Screen(), clock: TestClock())
        let calls = LockedValue(0)
        let fetch: @Sendable (PageRequest<Int>) async throws -> Page<Int, Int> = { request in
            if calls.withValue({ $0 += 1; return $0 }) == 1 { throw CancellationError() }
            return .numbered([1, 2], page: request.cursor, pageSize: 20)
        }

        store.loadPage(.next, of: \.users, uniqueBy: \.self, key: "users", fetch: fetch)
        #expect(await waitUntilIdle(store))
        #expect(store.state.users.canLoadMore)
        #expect(store.state.users.error == nil)

        store.loadPage(.next, of: \.users, uniqueBy: \.self, key: "users", fetch: fetch)
        #expect(await waitUntilIdle(store))
        #expect(store.state.users.items == [1, 2])
        #expect(calls.value == 2)
    }

    @Test func refreshCancelsALoadMoreInFlightAndStartsOver() async {
        let clock = TestClock()
        let backend = Backend(clock: clock, total: 10)
        let store = StateStore(Screen(), clock: clock)
        loadMore(store, backend)
        #expect(await advanceUntilIdle(store, clock: clock))
        loadMore(store, backend)
        #expect(await waitUntilSleeping(clock))   // page 2 is in flight
        store.loadPage(.refresh, of: \.users, uniqueBy: \.self, key: "users") { try await backend.fetch($0) }
        #expect(await advanceUntilIdle(store, clock: clock))

        #expect(backend.requests.value.sorted() == [1, 1, 2])
        #expect(store.state.users.items == [1, 2])
        #expect(store.state.users.loadedPageCount == 1)
    }

    enum CancelledRequest: CaseIterable { case firstPage, loadMore, refresh, retry }

    /// Appear → disappear mid-request → appear: the list is never stranded loading, and the
    /// same request can be made again and lands.
    @Test(arguments: CancelledRequest.allCases)
    func aPageCalledOffByDisappearingCanBeAskedForAgain(_ cancelled: CancelledRequest) async {
        let clock = TestClock()
        let backend = Backend(clock: clock, total: 100)
        let store = StateStore(Screen(), clock: clock)
        let fetch: @Sendable (PageRequest<Int>) async throws -> Page<Int, Int> = { try await backend.fetch($0) }
        if cancelled != .firstPage {
            loadMore(store, backend)
            #expect(await advanceUntilIdle(store, clock: clock))
        }
        if cancelled == .retry {
            backend.failing.withValue { $0 = [2] }
            loadMore(store, backend)
            #expect(await advanceUntilIdle(store, clock: clock))
            #expect(store.state.users.error != nil)
            backend.failing.withValue { $0 = [] }
        }
        let before = store.state.users
        let start: () -> Bool = {
            switch cancelled {
            case .firstPage, .loadMore: store.loadPage(.next, of: \.users, uniqueBy: \.self, key: "users", fetch: fetch)
            case .refresh: store.loadPage(.refresh, of: \.users, uniqueBy: \.self, key: "users", fetch: fetch)
            case .retry: store.loadPage(.retry, of: \.users, uniqueBy: \.self, key: "users", fetch: fetch)
            }
        }
        #expect(start())
        #expect(store.state.users.isLoading)
        #expect(await waitUntilSleeping(clock))

        store.cancelAllWork()   // what disappear() does

        #expect(store.state.users.isLoading == false)
        #expect(store.state.users.items == before.items)
        #expect(store.state.users.canLoadMore)
        // The same page again: a called-off retry is no failure any more, so scrolling asks.
        let requestsBefore = backend.requests.value
        #expect(cancelled == .retry ? store.loadPage(.next, of: \.users, uniqueBy: \.self, key: "users", fetch: fetch) : start())
        #expect(await advanceUntilIdle(store, clock: clock))
        #expect(backend.requests.value.dropFirst(requestsBefore.count) == [requestsBefore.last!])
        let expected: [Int] = switch cancelled {
        case .firstPage, .refresh: [1, 2]
        case .loadMore, .retry: [1, 2, 3, 4]
        }
        #expect(store.state.users.items == expected)
        #expect(store.state.users.error == nil)
    }

}

struct NoPageRequest: Error {}

extension PagedList {
    /// `beginNextPage()`, failing the test when it starts nothing.
    mutating func requireNextPage() throws -> PageRequest<Cursor> {
        guard let request = beginNextPage() else { throw NoPageRequest() }
        return request
    }

    /// `beginRetry()`, failing the test when it starts nothing.
    mutating func requireRetry() throws -> PageRequest<Cursor> {
        guard let request = beginRetry() else { throw NoPageRequest() }
        return request
    }
}

/// Offset pages move under the user: a row inserted ahead pushes a loaded row onto the next
/// page. Completed with `uniqueBy`, each id shows once.
struct PagedListUniqueRowsTests {
    @Test func aRowPushedOntoTheNextPageShowsOnce() throws {
        var list = PagedList<Int, Int>(pageSize: 3, firstCursor: 1)
        list.complete(try list.requireNextPage(), with: .numbered([1, 2, 3], page: 1, pageSize: 3), uniqueBy: \.self)
        // 0 was inserted at the head, so page 2 now starts with 3.
        list.complete(try list.requireNextPage(), with: .numbered([3, 4, 5], page: 2, pageSize: 3), uniqueBy: \.self)
        #expect(list.items == [1, 2, 3, 4, 5])
        #expect(list.canLoadMore, "the page was full: there may be more")
    }

    @Test func aFirstPageRepeatingARowShowsItOnceAndReplacesTheOldRows() throws {
        var list = PagedList<Int, Int>(pageSize: 3, firstCursor: 1)
        list.complete(try list.requireNextPage(), with: .numbered([1, 2, 3], page: 1, pageSize: 3), uniqueBy: \.self)
        list.complete(list.beginRefresh(), with: .numbered([2, 2, 4], page: 1, pageSize: 3), uniqueBy: \.self)
        #expect(list.items == [2, 4])
    }
}
