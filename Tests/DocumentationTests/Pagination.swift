// The Pagination article's code (MVVMCore.docc), compiled and run (SnippetCheckTests).
// snippet: state
import MVVMCore

struct Photo: Equatable, Sendable, Identifiable {
    var id: Int
    var title: String
}

@MainActor
final class PhotoFeedViewModel: ViewModel {
    struct State: Equatable {
        var photos: PagedList<Photo, Int>    // pages 1, 2, 3… of a page-number API
    }

    enum Event {
        case lastRowAppeared
        case refreshPulled
        case retryTapped
    }

    private let store: StateStore<State>
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let fetchPage: @Sendable (_ page: Int, _ size: Int) async throws -> [Photo]

    init(pageSize: Int = 20, clock: any Clock<Duration> = ContinuousClock(),
         fetchPage: @escaping @Sendable (_ page: Int, _ size: Int) async throws -> [Photo]) {
        self.store = StateStore(State(photos: PagedList(pageSize: pageSize, firstCursor: 1)), clock: clock)
        self.fetchPage = fetchPage
    }
}
// snippet end

// snippet: events
extension PhotoFeedViewModel {
    func didAppear() {
        if state.photos.loadedPageCount == 0 { loadPage(.next) }
    }

    func onEvent(_ event: Event) {
        switch event {
        case .lastRowAppeared: loadPage(.next)
        case .refreshPulled: loadPage(.refresh)
        case .retryTapped: loadPage(.retry)
        }
    }

    /// Starts the page `load` asks for, if the list says one may start, as owned work.
    private func loadPage(_ load: PageLoad) {
        store.loadPage(load, of: \.photos, uniqueBy: \.id, key: "page") { [fetchPage] request in
            let photos = try await fetchPage(request.cursor, request.pageSize)
            return .numbered(photos, page: request.cursor, pageSize: request.pageSize)
        }
    }
}
// snippet end

#if canImport(UIKit)
import SwiftUI
#endif

/// The feed in SwiftUI, compiled against the SwiftUI stand-ins (AppleStandIns/).
struct PhotoFeedView: View {
    let viewModel: PhotoFeedViewModel

    var body: some View {
        // snippet: view
        List {
            ForEach(viewModel.state.photos.items) { photo in
                PhotoRow(photo: photo).onAppear {
                    if photo.id == viewModel.state.photos.items.last?.id { viewModel.onEvent(.lastRowAppeared) }
                }
            }
            if viewModel.state.photos.isLoadingMore { ProgressView() }
            if let error = viewModel.state.photos.error {
                Button("\(error.message.resolved()) Retry") { viewModel.onEvent(.retryTapped) }
            }
        }
        .onAppear { viewModel.appear() }
        .onDisappear { viewModel.disappear() }
        // snippet end
    }
}

/// One photo's row (the article does not show it).
struct PhotoRow: View {
    let photo: Photo

    var body: some View {
        Text(photo.title)
    }
}

import MVVMTesting
import Synchronization
import Testing

/// What the photo server says when a page cannot load.
struct PhotosUnavailable: PresentableError {
    var title: LocalizedText { "Photos" }
    var message: LocalizedText { "More photos could not load. Check your connection." }
    var isRetryable: Bool { true }
}

/// A page-number photo API that answers each page after one second on a test clock.
final class PhotoServer: Sendable {
    let clock: TestClock
    private let photos: Mutex<[Photo]>
    private let requestLog = Mutex<[Int]>([])
    /// Pages that fail until the test says otherwise.
    let failingPages = Mutex<Set<Int>>([])

    init(clock: TestClock, count: Int) {
        self.clock = clock
        self.photos = Mutex(Self.photos(1...count))
    }

    static func photos(_ ids: ClosedRange<Int>) -> [Photo] {
        ids.map { Photo(id: $0, title: "Photo \($0)") }
    }

    /// The pages asked for, in order.
    var requests: [Int] { requestLog.withLock { $0 } }

    /// Someone posts a photo: it comes first on page 1.
    func post(_ photo: Photo) {
        photos.withLock { $0.insert(photo, at: 0) }
    }

    func fetchPage(_ page: Int, _ size: Int) async throws -> [Photo] {
        requestLog.withLock { $0.append(page) }
        try await clock.sleep(for: .seconds(1))
        if failingPages.withLock({ $0.contains(page) }) { throw PhotosUnavailable() }
        return photos.withLock { Array($0.dropFirst((page - 1) * size).prefix(size)) }
    }
}

// snippet: script-helpers
extension PagedList where Cursor == Int, Item: Identifiable {
    /// In a test script: the change the page in flight makes when the server answers `items`.
    mutating func pageArrived(_ items: [Item]) {
        guard case .loading(let request) = status else { return }
        complete(request, with: .numbered(items, page: request.cursor, pageSize: request.pageSize), uniqueBy: \.id)
    }

    /// In a test script: the change the page in flight makes when it fails.
    mutating func pageFailed(_ error: ErrorPresentation) {
        guard case .loading(let request) = status else { return }
        fail(request, with: error)
    }
}

extension PagedList where Item == Photo, Cursor == Int {
    /// What the feed shows, to compare with a literal: the photos' ids, then the row under them.
    var shown: String {
        let rows = items.map { String($0.id) }
        switch status {
        case .loading(let request): return (rows + ["(loading page \(request.cursor))"]).joined(separator: " ")
        case .failed(_, let request): return (rows + ["(page \(request.cursor) failed: Retry)"]).joined(separator: " ")
        case .idle: return (rows + (hasReachedEnd ? ["(end)"] : [])).joined(separator: " ")
        }
    }
}
// snippet end

extension PagedList where Cursor == Int {
    /// In a test script: the change the page in flight makes when it is called off.
    mutating func pageCalledOff() {
        guard case .loading(let request) = status else { return }
        cancel(request)
    }
}

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct PaginationTests {
    func makeTester(_ server: PhotoServer) -> ViewModelTester<PhotoFeedViewModel> {
        let viewModel = PhotoFeedViewModel(pageSize: 3, clock: server.clock) { page, size in
            try await server.fetchPage(page, size)
        }
        return ViewModelTester(viewModel, clock: server.clock)
    }

    // snippet: test-scroll
    @Test func scrollingLoadsEachPageOnceAndStopsAtTheEnd() async {
        let server = PhotoServer(clock: TestClock(), count: 7)
        let tester = makeTester(server)            // 3 photos a page

        tester.appear { _ = $0.photos.beginNextPage() }
        #expect(tester.state.photos.shown == "(loading page 1)")
        await server.clock.advance(by: .seconds(1))
        await tester.receive { $0.photos.pageArrived(PhotoServer.photos(1...3)) }
        #expect(tester.state.photos.shown == "1 2 3")

        tester.send(.lastRowAppeared) { _ = $0.photos.beginNextPage() }
        tester.send(.lastRowAppeared)              // page 2 is in flight: nothing starts
        #expect(tester.state.photos.shown == "1 2 3 (loading page 2)")
        await server.clock.advance(by: .seconds(1))
        await tester.receive { $0.photos.pageArrived(PhotoServer.photos(4...6)) }

        tester.send(.lastRowAppeared) { _ = $0.photos.beginNextPage() }
        await server.clock.advance(by: .seconds(1))
        await tester.receive { $0.photos.pageArrived(PhotoServer.photos(7...7)) }   // short: the last
        tester.send(.lastRowAppeared)              // the end: nothing starts

        #expect(tester.state.photos.shown == "1 2 3 4 5 6 7 (end)")
        #expect(server.requests == [1, 2, 3])
        await tester.finish()
    }
    // snippet end

    // snippet: test-retry
    @Test func aFailedThirdPageKeepsTheFirstTwoAndRetryAsksForItAgain() async {
        let server = PhotoServer(clock: TestClock(), count: 7)
        let tester = makeTester(server)
        tester.appear { _ = $0.photos.beginNextPage() }
        await server.clock.advance(by: .seconds(1))
        await tester.receive { $0.photos.pageArrived(PhotoServer.photos(1...3)) }
        tester.send(.lastRowAppeared) { _ = $0.photos.beginNextPage() }
        await server.clock.advance(by: .seconds(1))
        await tester.receive { $0.photos.pageArrived(PhotoServer.photos(4...6)) }

        server.failingPages.withLock { $0 = [3] }
        tester.send(.lastRowAppeared) { _ = $0.photos.beginNextPage() }
        await server.clock.advance(by: .seconds(1))
        await tester.receive { $0.photos.pageFailed(ErrorPresentation(PhotosUnavailable())) }
        tester.send(.lastRowAppeared)              // a failure waits for Retry: scrolling asks nothing
        #expect(tester.state.photos.shown == "1 2 3 4 5 6 (page 3 failed: Retry)")
        #expect(tester.state.photos.error?.message == "More photos could not load. Check your connection.")

        server.failingPages.withLock { $0 = [] }
        tester.send(.retryTapped) { _ = $0.photos.beginRetry() }
        #expect(tester.state.photos.shown == "1 2 3 4 5 6 (loading page 3)")
        await server.clock.advance(by: .seconds(1))
        await tester.receive { $0.photos.pageArrived(PhotoServer.photos(7...7)) }
        #expect(tester.state.photos.shown == "1 2 3 4 5 6 7 (end)")
        #expect(server.requests == [1, 2, 3, 3])
        await tester.finish()
    }
    // snippet end

    // snippet: test-moved-row
    @Test func aPhotoPostedWhileScrollingNeverShowsARowTwice() async {
        let server = PhotoServer(clock: TestClock(), count: 7)
        let tester = makeTester(server)
        tester.appear { _ = $0.photos.beginNextPage() }
        await server.clock.advance(by: .seconds(1))
        await tester.receive { $0.photos.pageArrived(PhotoServer.photos(1...3)) }

        server.post(Photo(id: 8, title: "New photo"))   // first on page 1: photo 3 moves to page 2
        tester.send(.lastRowAppeared) { _ = $0.photos.beginNextPage() }
        await server.clock.advance(by: .seconds(1))
        await tester.receive { $0.photos.pageArrived(PhotoServer.photos(3...5)) }

        #expect(tester.state.photos.shown == "1 2 3 4 5", "photo 3 once; photo 8 waits for a refresh")
        await tester.finish()
    }
    // snippet end

    @Test func refreshStartsOverAndThePageInFlightNeverLands() async {
        let server = PhotoServer(clock: TestClock(), count: 7)
        let tester = makeTester(server)
        tester.appear { _ = $0.photos.beginNextPage() }
        await server.clock.advance(by: .seconds(1))
        await tester.receive { $0.photos.pageArrived(PhotoServer.photos(1...3)) }

        tester.send(.lastRowAppeared) { _ = $0.photos.beginNextPage() }
        await server.clock.advance()
        #expect(server.clock.sleeperCount == 1)   // the server is answering page 2
        server.post(Photo(id: 8, title: "New photo"))
        tester.send(.refreshPulled) { _ = $0.photos.beginRefresh() }   // page 2 becomes stale
        #expect(tester.state.photos.shown == "1 2 3 (loading page 1)", "the rows stay until page 1 arrives")
        await server.clock.advance(by: .seconds(1))
        await tester.receive { $0.photos.pageArrived([Photo(id: 8, title: "New photo")] + PhotoServer.photos(1...2)) }

        #expect(tester.state.photos.shown == "8 1 2")
        #expect(tester.state.photos.loadedPageCount == 1)
        #expect(server.requests == [1, 2, 1])
        await tester.finish()
    }

    @Test func aPageCalledOffByLeavingIsAskedForAgainOnReturn() async {
        let server = PhotoServer(clock: TestClock(), count: 7)
        let tester = makeTester(server)
        tester.appear { _ = $0.photos.beginNextPage() }
        await server.clock.advance(by: .seconds(1))
        await tester.receive { $0.photos.pageArrived(PhotoServer.photos(1...3)) }

        tester.send(.lastRowAppeared) { _ = $0.photos.beginNextPage() }
        await server.clock.advance()
        #expect(server.clock.sleeperCount == 1)   // the server is answering page 2
        tester.disappear { $0.photos.pageCalledOff() }   // no spinner row left behind
        #expect(tester.state.photos.shown == "1 2 3")
        #expect(tester.state.photos.canLoadMore)
        tester.appear()                                  // page 1 is there: nothing to load
        tester.send(.lastRowAppeared) { _ = $0.photos.beginNextPage() }
        await server.clock.advance(by: .seconds(1))
        await tester.receive { $0.photos.pageArrived(PhotoServer.photos(4...6)) }

        #expect(tester.state.photos.shown == "1 2 3 4 5 6")
        #expect(server.requests == [1, 2, 2])
        await tester.finish()
    }
}
