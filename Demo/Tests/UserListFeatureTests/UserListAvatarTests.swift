import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Testing
@testable import UserListFeature

/// The list's pictures, scripted with ``ViewModelTester``: the view reports its visible rows,
/// the pictures of those rows and 10 around them load (6 at a time), scrolling away cancels
/// them, and a row only ever holds its own user's picture.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct UserListAvatarTests {
    static let users = sampleUsers(45).map { user in
        var user = user
        user.avatarURL = user.id % 7 == 0 ? nil : "/api/users/\(user.id)/avatar"
        return user
    }

    let clock = TestClock()
    let repository: StubUserRepository
    let app: TestRecords
    let fetches = ResourceFetchStub<String, Avatar>()
    let tester: ViewModelTester<UserListViewModel>

    init() {
        repository = StubUserRepository(users: Self.users, clock: clock)
        app = TestRecords(repository: repository, clock: clock)
        let fetches = fetches
        let avatars = AvatarLoader(cost: { $0.byteCount }) { try await fetches.fetch($0) }
        tester = ViewModelTester(
            UserListViewModel(repository: repository, records: app.records, avatars: avatars), clock: clock
        )
    }

    static func picture(of id: Int) -> Avatar {
        Avatar(width: 1, height: 1, rgba: [UInt8(id), 0, 0, 255])
    }

    /// Loads the first page (20 users), its changes accepted without asserting them.
    func appearAndLoad() async {
        tester.viewModel.appear()
        await clock.advance(by: .milliseconds(100))
        tester.skipReceivedChanges()
        #expect(tester.state.visibleUsers.count == 20)
    }

    @Test func theVisibleRowsAndTenAroundLoadSixAtATime() async {
        await appearAndLoad()
        tester.send(.visibleRowsChanged(0..<3)) {
            $0.avatars.visibleRows = 0..<3
            for user in Self.users[0..<13] where user.avatarPath != nil {
                $0.avatars.expect(.loading, for: user.id, source: user.avatarPath!)
            }
        }
        await tester.settle()
        #expect(fetches.waiting == (1...6).map { "/api/users/\($0)/avatar" })

        fetches.answer("/api/users/2/avatar", with: Self.picture(of: 2))
        await tester.receive { $0.avatars.expect(.loaded(Self.picture(of: 2)), for: 2, source: "/api/users/2/avatar") }
        #expect(fetches.waiting.last == "/api/users/8/avatar", "user 7 has no picture; the next asked starts")
        #expect(tester.state.avatars[7] == .placeholder)

        tester.disappear {
            for user in Self.users[0..<13] where user.id != 2 { $0.avatars.expect(.placeholder, for: user.id, source: "") }
        }
        await tester.finish()
    }

    /// A row's picture changes with no new report of the rows on screen (the server's page, or
    /// another screen, brings a user's new picture): the new one loads. Before, only a report
    /// of the visible rows loaded pictures, and the demo's rows kept their initials when the
    /// server's page replaced the device's rows.
    @Test func aRowWhosePictureChangesLoadsTheNewOne() async {
        await appearAndLoad()
        tester.send(.visibleRowsChanged(0..<1)) { state in
            state.avatars.visibleRows = 0..<1
            for user in Self.users[0..<11] where user.avatarPath != nil {
                state.avatars.expect(.loading, for: user.id, source: user.avatarPath!)
            }
        }
        await tester.settle()
        var renewed = Self.users[0]
        renewed.avatarURL = "/api/users/1/avatar?v=2"
        app.records.merge([renewed], readAt: app.records.beginRead())
        await tester.settle()
        tester.skipReceivedChanges()
        var expected = tester.state.avatars
        expected.expect(.loading, for: 1, source: "/api/users/1/avatar?v=2")
        #expect(tester.state.avatars == expected, "the row loads its new picture")
        tester.viewModel.disappear()
        tester.skipReceivedChanges()
        await tester.finish()
    }

    /// The expected table once `visible` is reported: the window's rows with a picture are
    /// loading, or loaded when in `loaded`; the others are forgotten.
    static func expectWindow(_ visible: Range<Int>, in state: inout UserListState, loaded: [Int: Avatar] = [:]) {
        state.avatars.visibleRows = visible
        let users = state.visibleUsers
        let window = max(0, visible.lowerBound - 10)..<min(users.count, visible.upperBound + 10)
        let inWindow = Set(users[window].map(\.id))
        for user in users {
            if inWindow.contains(user.id), let path = user.avatarPath {
                state.avatars.expect(loaded[user.id].map { .loaded($0) } ?? .loading, for: user.id, source: path)
            } else {
                state.avatars.expect(.placeholder, for: user.id, source: "")
            }
        }
    }

    @Test func scrollingAwayCancelsTheRowsLeftAndNeverStartsThoseThatWaited() async {
        await appearAndLoad()
        tester.send(.visibleRowsChanged(0..<1)) { Self.expectWindow(0..<1, in: &$0) }
        await tester.settle()
        #expect(fetches.started.count == 6)
        fetches.answer("/api/users/1/avatar", with: Self.picture(of: 1))
        await tester.receive { $0.avatars.expect(.loaded(Self.picture(of: 1)), for: 1, source: "/api/users/1/avatar") }

        tester.send(.visibleRowsChanged(19..<20)) { Self.expectWindow(19..<20, in: &$0) }
        await tester.settle()

        // Answering user 1 freed a slot for user 8 (user 7 has no picture); all were left behind.
        #expect(Set(fetches.cancelled) == Set([2, 3, 4, 5, 6, 8].map { "/api/users/\($0)/avatar" }))
        #expect(tester.state.avatars.loadingIDs == Set(Self.users[9..<20].map(\.id)).subtracting([14]))
        // The slots freed by the cancellations go to what already waited in the new window,
        // nearest the screen first (users 11 and 10), then to the visible row (user 20) and
        // those above it, nearest first.
        #expect(fetches.waiting == [11, 10, 20, 19, 18, 17].map { "/api/users/\($0)/avatar" })
        // User 9 was asked for while others ran, then left the window: never fetched.
        #expect(!fetches.started.contains("/api/users/9/avatar"))

        // Back at the top: user 1's picture is in memory, shown at once with no fetch.
        let started = fetches.started.count
        tester.send(.visibleRowsChanged(0..<1)) { Self.expectWindow(0..<1, in: &$0, loaded: [1: Self.picture(of: 1)]) }
        #expect(fetches.started.count == started)
        tester.disappear { state in
            for id in state.avatars.loadingIDs { state.avatars.expect(.placeholder, for: id, source: "") }
        }
        await tester.finish()
    }
}
