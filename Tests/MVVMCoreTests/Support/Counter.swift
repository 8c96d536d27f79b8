import MVVMCore

/// The smallest ViewModel: synchronous events only.
@MainActor
final class CounterViewModel: ViewModel {
    struct State: Equatable, Sendable {
        var count = 0
        var title = "Counter"
        var isEven = true
    }

    enum Event {
        case incrementTapped
        case renameTapped(String)
        case noOpTapped
    }

    private let store = StateStore(State())
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }

    func onEvent(_ event: Event) {
        switch event {
        case .incrementTapped:
            store.update {
                $0.count += 1
                $0.isEven = $0.count.isMultiple(of: 2)
            }
        case .renameTapped(let title):
            store.update { $0.title = title }
        case .noOpTapped:
            store.update { $0.count += 0 }
        }
    }
}
