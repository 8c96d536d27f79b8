import MVVMCore
import MVVMTesting
import Testing

/// A list screen that pushes a detail with its own ViewModel, and confirms deletes in a modal.
@MainActor
final class ContactsViewModel: ViewModel {
    enum Destination: Hashable, Sendable { case detail(id: Int) }
    enum Modal: Hashable, Sendable { case confirmDelete(id: Int) }

    struct State: Equatable, Sendable {
        var navigation = Navigation<Destination, Modal>()
        var contacts = [1, 2, 3]
    }

    enum Event: Sendable {
        case contactTapped(Int)
        case deleteTapped(Int)
        case deleteConfirmed
        case navigation(NavigationEvent)
    }

    final class DetailViewModel {
        let id: Int
        init(id: Int) { self.id = id }
    }

    private let store = StateStore(State())
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    let details = DestinationViewModels<Destination, DetailViewModel> { destination in
        switch destination {
        case .detail(let id): DetailViewModel(id: id)
        }
    } viewModel: { _ in nil }   // a plain object: nothing to tell when it leaves

    func onEvent(_ event: Event) {
        switch event {
        case .contactTapped(let id):
            store.update { $0.navigation.push(.detail(id: id)) }
        case .deleteTapped(let id):
            store.update { $0.navigation.present(.confirmDelete(id: id)) }
        case .deleteConfirmed:
            guard case .confirmDelete(let id) = state.navigation.modal else { return }
            store.update {
                $0.contacts.removeAll { $0 == id }
                $0.navigation.handle(.popToRoot)
            }
        case .navigation(let event):
            store.update { $0.navigation.handle(event) }
        }
        details.follow(state.navigation.stack)
    }
}

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct NavigationScriptTests {
    @Test func pushesPresentsAndBacksAreStateChangesTheScriptStates() async {
        let log = FailureLog()
        let tester = ViewModelTester(ContactsViewModel(), reporter: log.reporter)

        tester.send(.contactTapped(2)) { $0.navigation.push(.detail(id: 2)) }
        tester.send(.deleteTapped(2)) { $0.navigation.present(.confirmDelete(id: 2)) }
        tester.send(.navigation(.back)) { $0.navigation.handle(.dismiss) }
        tester.send(.deleteTapped(2)) { $0.navigation.present(.confirmDelete(id: 2)) }
        tester.send(.deleteConfirmed) {
            $0.contacts = [1, 3]
            $0.navigation = Navigation()
        }
        await tester.finish()

        #expect(log.messages == [])
    }

    @Test func aPushTheScriptDoesNotStateFails() {
        let log = FailureLog()
        let tester = ViewModelTester(ContactsViewModel(), reporter: log.reporter)

        tester.send(.contactTapped(1))

        #expect(log.messages.count == 1)
        #expect(log.messages.first?.contains("changed state, but no change was expected") == true)
    }

    @Test func aDestinationsViewModelIsMadeOnPushKeptBelowAPushAndReleasedOnPop() async {
        let leaks = LeakTracker()
        let viewModel = ContactsViewModel()
        viewModel.send(.contactTapped(1))
        weak let first = viewModel.details.top
        #expect(first?.id == 1)
        #expect(viewModel.details.viewModel(for: .detail(id: 1)) === first)
        #expect(viewModel.details.viewModel(for: .detail(id: 9)) == nil)
        do {
            viewModel.send(.contactTapped(2))
            let second = viewModel.details.top
            #expect(second?.id == 2)
            if let second { leaks.track(second, "the detail of contact 2") }
            viewModel.send(.navigation(.back))
        }
        // The one below was kept (its scroll position and selection survive), the popped one is gone.
        #expect(viewModel.details.top === first)
        await leaks.expectAllDeallocated()

        if let top = viewModel.details.top { leaks.track(top, "the detail of contact 1") }
        viewModel.send(.navigation(.popToRoot))
        #expect(viewModel.details.viewModels.isEmpty)
        await leaks.expectAllDeallocated()
    }
}
