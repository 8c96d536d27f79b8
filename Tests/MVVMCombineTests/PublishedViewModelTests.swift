import Foundation
import MVVMCombine
import MVVMCombineTesting
import Testing

@MainActor
struct PublishedViewModelTests {
    @Test func theArticlesPublishedViewModelFiltersAfterTheDebounceAndCountsActiveUsers() {
        let scheduler = DispatchQueue.test
        let viewModel = PublishedUserListViewModel(scheduler: scheduler.eraseToAnyScheduler())
        let names = viewModel.$filteredUsers.map { $0.map(\.name) }.record()
        let activeCount = viewModel.$activeUsersCount.record()

        scheduler.advance(by: .milliseconds(300))   // the first (empty) search text, debounced
        viewModel.usersLoaded([UserListIOViewModelTests.ann, UserListIOViewModelTests.bob])
        viewModel.searchText = "bo"
        scheduler.advance(by: .milliseconds(299))
        #expect(names.values == [[], [], ["Ann", "Bob"]])
        scheduler.advance(by: .milliseconds(1))
        viewModel.filter = .active

        #expect(names.values == [[], [], ["Ann", "Bob"], ["Bob"], []])
        #expect(activeCount.values == [0, 1])
    }

    @Test func debouncingOnTheRealMainQueueCompilesAsTheArticlesWriteIt() {
        let searchText = PassthroughSubject<String, Never>()
        let recorder = searchText.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main).record()

        searchText.send("swift")

        #expect(recorder.values == [])   // nothing before the interval has passed
        recorder.cancel()
    }
}
