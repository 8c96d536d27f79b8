import DemoServer
import MVVMTestSupport
import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Testing
import UserListFeature

/// The user list over the real server and the device's saved records: with the server gone, the
/// users seen before stay on screen, marked with when they were learnt and why the server's are
/// not shown; and every query (the next page, a search, a filter) is answered from every user the
/// device has seen, on any page.
@Suite(.serialized, .timeLimit(.minutes(2)), .dependencies { $0.now = { Date() }; $0.newID = .random; $0.clock = ContinuousClock() })
@MainActor
struct UserListOfflineTests {
    let store = InMemoryRecordStorage()

    func repository(_ baseURL: URL) -> RemoteUserRepository {
        RemoteUserRepository(dataSource: UserRemoteDataSource(client: APIClient(baseURL: baseURL, retryPolicy: .none)))
    }

    /// The records of one run of the app, restored from the device as the app restores them
    /// before its first screen.
    func records(_ baseURL: URL) async -> TestRecords {
        let records = TestRecords(repository: repository(baseURL), saved: store, delivering: false)
        await records.records.restore()
        return records
    }

    /// A start of the app: its records restored, its list appeared and done loading (or
    /// failing to).
    func launch(_ baseURL: URL) async -> (list: UserListViewModel, records: TestRecords) {
        let records = await records(baseURL)
        let list = UserListViewModel(repository: repository(baseURL), records: records.records)
        list.appear()
        #expect(await waitUntilIdle(list))
        return (list, records)
    }

    /// One run of the app, online: its list appeared and scrolled through `pages` pages, and
    /// what the device kept saved.
    func seeOnline(_ baseURL: URL, pages: Int = 1) async -> (list: UserListViewModel, records: TestRecords) {
        let (list, records) = await launch(baseURL)
        for _ in 1..<max(1, pages) {
            list.send(.lastRowsAppeared)
            #expect(await waitUntilIdle(list))
        }
        await records.records.waitUntilSaved()
        return (list, records)
    }

    /// `savedAt` is when the rows were learnt: within the online run.
    func isWithin(_ savedAt: Date?, _ start: Date, _ end: Date) -> Bool {
        guard let savedAt else { return false }
        return savedAt >= start.addingTimeInterval(-1) && savedAt <= end.addingTimeInterval(1)
    }

    /// The repository reads the server only: what the device keeps is kept by ``UserRecords``
    /// (every user seen) and the list's live query (its counts), so that a page never seen as a
    /// page is answered offline too. Offline, each read says why it failed.
    @Test func theRepositoryReadsTheServerAndSaysWhyItCannot() async throws {
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 30))
        let online = repository(server.baseURL)
        let fresh = try await online.users(after: nil, size: 20, query: "", filter: .all)
        let stats = try await online.stats()
        #expect(fresh.users.count == 20 && fresh.total == 30 && fresh.nextCursor != nil)
        #expect(stats.total == 30)
        let deadURL = server.baseURL
        await server.stop()

        let offline = repository(deadURL)
        await #expect(throws: UserError.noInternet) { try await offline.users(after: nil, size: 20, query: "", filter: .all) }
        await #expect(throws: UserError.noInternet) { try await offline.stats() }
        await #expect(throws: UserError.noInternet) { try await offline.users(after: fresh.nextCursor, size: 20, query: "", filter: .all) }
        await #expect(throws: UserError.noInternet) { try await offline.users(after: nil, size: 20, query: "ann", filter: .all) }
    }

    @Test func theListShowsSavedRowsOfflineWithTheNotice() async throws {
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 30))
        let start = Date()
        let (online, _) = await seeOnline(server.baseURL)
        let end = Date()
        let rows = online.state.visibleUsers
        #expect(rows.count == 20 && online.state.savedDataNotice == nil)
        #expect(online.state.users.origin == .network)
        let activeCount = try #require(online.state.activeCount)
        let baseURL = server.baseURL
        await server.stop()

        let offline = await launch(baseURL).list
        #expect(offline.state.visibleUsers == rows)
        #expect(offline.state.users.rows.allSatisfy { $0.pending == nil })
        let notice = try #require(offline.state.savedDataNotice)
        #expect(isWithin(notice.savedAt, start, end), "saved at \(notice.savedAt), seen between \(start) and \(end)")
        #expect(notice == SavedDataNotice(savedAt: notice.savedAt, isUpdating: false, failure: ErrorPresentation(UserError.noInternet)))
        // Why the server's rows are not shown is the notice's: no alert over the saved rows, and
        // no failure in their place.
        #expect(offline.state.navigation.modal == nil)
        #expect(!offline.state.isLoadingFirstPage && !offline.state.showsEmptyState)
        #expect(offline.state.activeCount == activeCount)
        #expect(offline.state.title.resolved(in: .japanese) == "ユーザー (有効 \(activeCount))")
    }

    /// Offline, the list answers from every user seen, by the server's rules (by id, the search
    /// on name and email, the status filter), 20 rows at a time: the next page of the rows seen
    /// shows, and a search finds a user seen on any page (before, a page never seen as a page had
    /// no saved copy, and offline a search showed nothing but the failure).
    @Test func offlineEveryQueryIsAnsweredFromEveryUserSeenMarkedSaved() async throws {
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 30))
        let start = Date()
        let (online, _) = await seeOnline(server.baseURL, pages: 2)
        let end = Date()
        let everyone = online.state.visibleUsers
        #expect(everyone.count == 30 && online.state.users.nextPage == .reachedEnd)
        let baseURL = server.baseURL
        await server.stop()

        let offline = await launch(baseURL).list
        #expect(offline.state.visibleUsers == Array(everyone.prefix(20)), "20 rows at a time, by id")
        #expect(isWithin(offline.state.savedDataNotice?.savedAt, start, end))
        #expect(offline.state.users.nextPage == .loaded)

        // The next page: the rows seen on the server's second page.
        offline.send(.lastRowsAppeared)
        #expect(await waitUntilIdle(offline))
        #expect(offline.state.visibleUsers == everyone)
        #expect(offline.state.users.nextPage == .reachedEnd)
        #expect(!offline.state.isLoadingMore)

        // A search for a user seen on the second page only: found, marked saved.
        let secondPageUser = everyone[25]
        offline.send(.searchTextChanged(secondPageUser.email))
        #expect(offline.state.visibleUsers == [secondPageUser], "filtered at once")
        #expect(await waitUntilIdle(offline), "the server asked after the debounce, and unreachable")
        #expect(offline.state.visibleUsers == [secondPageUser])
        #expect(offline.state.users.origin?.savedAt != nil)
        #expect(offline.state.savedDataNotice?.failure == ErrorPresentation(UserError.noInternet))
        #expect(offline.state.navigation.modal == nil)

        // A search the name and email of no user seen contain: nothing, and why.
        offline.send(.searchTextChanged("zz-nobody-zz"))
        #expect(await waitUntilIdle(offline))
        #expect(offline.state.visibleUsers.isEmpty)
        #expect(offline.state.loadFailure == ErrorPresentation(UserError.noInternet), "drawn in place of the rows, with a retry")

        // The status filter, over every user seen.
        offline.send(.searchTextChanged(""))
        offline.send(.filterSelected(.inactive))
        #expect(await waitUntilIdle(offline))
        let inactive = everyone.filter { !$0.isActive }
        #expect(offline.state.visibleUsers == Array(inactive.prefix(20)))
        #expect(offline.state.savedDataNotice?.failure == ErrorPresentation(UserError.noInternet))
    }

    /// The server goes away while the list shows its rows: a pull to refresh keeps them and says
    /// why in an alert; a search then finds the users seen, marked saved, without an alert; once
    /// the server is back, a pull to refresh shows its rows again.
    @Test func theServerGoingAwayMidSessionKeepsTheRowsAndSearchesThemOnTheDevice() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("offline-loopback-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("users.sqlite").path
        let server = try await DemoServer.start(DemoServerConfiguration(databasePath: database, userCount: 30))
        let port = server.port
        let (list, _) = await seeOnline(server.baseURL)
        let rows = list.state.visibleUsers
        let activeCount = try #require(list.state.activeCount)
        #expect(rows.count == 20)
        await server.stop()

        list.send(.refreshPulled)
        #expect(list.state.isRefreshing)
        #expect(await waitUntilIdle(list))
        #expect(!list.state.isRefreshing)
        #expect(list.state.visibleUsers == rows, "the rows stay")
        #expect(list.state.users.origin == .network)
        #expect(list.state.navigation.modal == .pageFailure(ErrorPresentation(UserError.noInternet)))
        #expect(list.state.activeCount == activeCount)
        list.send(.navigation(.dismiss))

        let someone = rows[7]
        list.send(.searchTextChanged(someone.email))
        #expect(list.state.visibleUsers == [someone], "filtered at once")
        #expect(await waitUntilIdle(list))
        #expect(list.state.visibleUsers == [someone])
        #expect(list.state.savedDataNotice?.failure == ErrorPresentation(UserError.noInternet))
        #expect(list.state.navigation.modal == nil, "the notice says why: no alert")
        list.send(.searchTextChanged(""))
        #expect(await waitUntilIdle(list))
        #expect(list.state.visibleUsers == rows)
        #expect(list.state.savedDataNotice?.failure == ErrorPresentation(UserError.noInternet))
        #expect(!list.state.isLoadingFirstPage && !list.state.isLoadingMore)

        let back = try await DemoServer.start(DemoServerConfiguration(port: port, databasePath: database))
        list.send(.refreshPulled)
        #expect(await waitUntilIdle(list))
        #expect(list.state.visibleUsers == rows)
        #expect(list.state.users.origin == .network)
        #expect(list.state.savedDataNotice == nil && list.state.loadFailure == nil)
        #expect(list.state.activeCount == activeCount)
        await back.stop()
    }

    /// A user the device never saw is not made up offline: the search shows nothing but why.
    @Test func offlineASearchNeverFindsAUserTheDeviceNeverSaw() async throws {
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 30))
        let everyone = try await repository(server.baseURL).users(after: nil, size: 30, query: "", filter: .all).users
        #expect(everyone.count == 30)
        let (online, _) = await seeOnline(server.baseURL)   // the first page only
        #expect(online.state.visibleUsers == Array(everyone.prefix(20)))
        let baseURL = server.baseURL
        await server.stop()

        let offline = await launch(baseURL).list
        #expect(offline.state.visibleUsers == Array(everyone.prefix(20)))
        offline.send(.lastRowsAppeared)
        #expect(await waitUntilIdle(offline))
        #expect(offline.state.visibleUsers == Array(everyone.prefix(20)), "the rows seen, and no more")
        #expect(offline.state.users.nextPage == .reachedEnd)

        let neverSeen = everyone[25]
        offline.send(.searchTextChanged(neverSeen.email))
        #expect(await waitUntilIdle(offline))
        #expect(offline.state.visibleUsers.isEmpty)
        #expect(offline.state.loadFailure == ErrorPresentation(UserError.noInternet))
    }
}
