import MVVMCore
import MVVMTesting
import Testing

/// A repository that answers only when the test says so: the stub a test controls.
private actor GatedRepository {
    private var waiting: [CheckedContinuation<String, Never>] = []
    private(set) var requests = 0

    func load() async -> String {
        requests += 1
        return await withCheckedContinuation { waiting.append($0) }
    }

    func answer(_ text: String) {
        for continuation in waiting { continuation.resume(returning: text) }
        waiting.removeAll()
    }
}

@MainActor
private final class LoaderViewModel: ViewModel {
    struct State: Equatable, Sendable {
        var text: String?
        var isLoading = false
        var ticks = 0
    }

    enum Event {
        case loadTapped
        case tickTwiceTapped
    }

    private let store: StateStore<State>
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let repository: GatedRepository
    private let clock: any Clock<Duration>

    init(repository: GatedRepository, clock: any Clock<Duration> = ContinuousClock()) {
        self.repository = repository
        self.clock = clock
        self.store = StateStore(State(), clock: clock)
    }

    func onEvent(_ event: Event) {
        switch event {
        case .loadTapped:
            store.update { $0.isLoading = true }
            store.run("load") { [repository, weak store] in
                let text = await repository.load()
                store?.update { $0.text = text; $0.isLoading = false }
            }
        case .tickTwiceTapped:
            // Two sleeps in a row: the second starts only once the first has woken.
            store.run("tick") { [clock, weak store] in
                try? await clock.sleep(for: .milliseconds(100))
                store?.update { $0.ticks += 1 }
                try? await clock.sleep(for: .milliseconds(100))
                store?.update { $0.ticks += 1 }
            }
        }
    }
}

/// The tester runs the ViewModel's work to where it waits, without the wall clock: a wrong
/// expectation fails at once, and a test clock's advance runs each moment's work in turn.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct DeterministicWaitingTests {
    @Test func settlingLeavesTheRequestInFlightAtTheStubAndTheAnswerIsReceivedFromItsWork() async {
        let log = FailureLog()
        let repository = GatedRepository()
        let tester = ViewModelTester(LoaderViewModel(repository: repository), reporter: log.reporter)

        tester.send(.loadTapped) { $0.isLoading = true }
        await tester.settle()
        #expect(await repository.requests == 1)   // in flight: the work waits on the stub
        await repository.answer("hello")
        await tester.receive(from: "load") { $0.text = "hello"; $0.isLoading = false }
        await tester.finish()

        #expect(log.messages == [])
    }

    @Test func receivingWhileTheWorkWaitsOnTheStubFailsAtOnceNamingTheWork() async {
        let log = FailureLog()
        let repository = GatedRepository()
        let tester = ViewModelTester(LoaderViewModel(repository: repository), reporter: log.reporter)

        tester.send(.loadTapped) { $0.isLoading = true }
        await tester.receive { $0.text = "hello" }

        #expect(log.messages == [
            "Expected a state change, but the work made none. Owned work still running: \"load\" "
                + "(waiting on the test clock? advance it first).",
        ])
        await repository.answer("late")
        tester.viewModel.disappear()
    }

    @Test func aChangeFromOtherWorkThanTheOneNamedFails() async {
        let log = FailureLog()
        let clock = TestClock()
        let tester = ViewModelTester(LoaderViewModel(repository: GatedRepository(), clock: clock), clock: clock, reporter: log.reporter)

        tester.send(.tickTwiceTapped)
        await clock.advance(by: .milliseconds(100))
        await tester.receive(from: "load") { $0.ticks = 1 }

        #expect(log.messages == [
            "Expected a state change made by work \"load\", but the next one came from work \"tick\".",
        ])
        tester.viewModel.disappear()
    }

    @Test func oneAdvanceRunsASleepThatWokenWorkStartsBeforeTheTarget() async {
        let clock = TestClock()
        let tester = ViewModelTester(LoaderViewModel(repository: GatedRepository(), clock: clock), clock: clock)

        tester.send(.tickTwiceTapped)
        await clock.advance(by: .milliseconds(199))
        await tester.receive(from: "tick") { $0.ticks = 1 }
        await clock.advance(by: .milliseconds(1))
        await tester.receive(from: "tick") { $0.ticks = 2 }
        await tester.finish()

        let again = ViewModelTester(LoaderViewModel(repository: GatedRepository(), clock: clock), clock: clock)
        again.send(.tickTwiceTapped)
        await clock.advance(by: .milliseconds(200))   // both moments, in one advance
        await again.receive(from: "tick") { $0.ticks = 1 }
        await again.receive(from: "tick") { $0.ticks = 2 }
        await again.finish()
        #expect(clock.now == TestClock.Instant(offset: .milliseconds(400)))
    }

    @Test func aSleepUntilNowOrEarlierReturnsAtOnceAndACancelledSleepThrows() async throws {
        let clock = TestClock()
        try await clock.sleep(until: clock.now)
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }
}
