import MVVMTesting
import Foundation
import MVVMCombine
import MVVMCombineTesting
import Testing
@testable import UserListFeature

/// Article 000's `selectedUser` output: the view pushes the detail of each user it sends, so a
/// selection is sent once, as it happens, and never replayed to a later subscriber.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.now = { Date(timeIntervalSince1970: 1_700_000_000) }; $0.newID = .counting() })
@MainActor
struct UserListIOSelectionTests {
    @Test func eachSelectionIsSentOnceWithTheSelectedUser() async {
        let clock = TestClock()
        let users = sampleUsers(5)
        let repository = StubUserRepository(users: users, clock: clock)
        let app = TestRecords(repository: repository, clock: clock)
        let viewModel = clock.perform { UserListIOViewModel(repository: repository, records: app.records) }
        let appeared = PassthroughSubject<Void, Never>()
        let selection = PassthroughSubject<Int, Never>()
        let output = viewModel.transform(input: .init(
            appeared: appeared.eraseToAnyPublisher(),
            userSelection: selection.eraseToAnyPublisher()
        ))
        let selected = output.selectedUser.map(\.id).record()
        appeared.send()
        // The first page, however late its request reaches the clock.
        #expect(await clock.advance(until: { viewModel.viewModel.state.visibleUsers.count == 5 }))

        selection.send(2)
        selection.send(4)
        selection.send(99)   // no such row: nothing to show
        selection.send(2)
        selected.expectHistory([2, 4, 2])

        let late = output.selectedUser.map(\.id).record()
        late.expectHistory([])   // a later subscriber is not sent an old selection
        withExtendedLifetime(app) {}
    }
}
