import MVVMCore
import MVVMTesting

/// A ViewModel with one synchronous event and one effect that waits on a test clock.
@MainActor
final class GreetingViewModel: ViewModel {
    struct State: Equatable, Sendable {
        var name = ""
        var greeting: String?
    }

    enum Event {
        case nameChanged(String)
        case greetTapped
        case greetTappedCapturingStrongly
        case nothingTapped
    }

    private let store: StateStore<State>
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let clock: TestClock

    init(clock: TestClock) {
        self.clock = clock
        self.store = StateStore(State(), clock: clock)
    }

    func onEvent(_ event: Event) {
        switch event {
        case .nameChanged(let name):
            store.update { $0.name = name }
        case .greetTapped:
            let name = state.name
            store.run("greet") { [clock, weak store] in
                try? await clock.sleep(for: .seconds(1))
                store?.update { $0.greeting = "Hello, \(name)!" }
            }
        case .greetTappedCapturingStrongly:
            // The mistake LeakTracker exists for: owned work that holds the store strongly
            // keeps it alive after the ViewModel goes, so nothing cancels the work.
            store.run("greet") { [clock, store] in
                try? await clock.sleep(for: .seconds(1))
                store.update { $0.greeting = "Hello!" }
            }
        case .nothingTapped:
            break
        }
    }
}

/// Something a ViewModel captures, to check that it goes away with it.
final class Dependency {}
