import Benchmark
import Dispatch
import MVVMCore
import OpenCombine
import OpenCombineDispatch

/// Workload 3: one field of a 20-field state changes; 10 observers each read one field.
/// Baseline: OpenCombine `CurrentValueSubject` + `map(\.field)` + `removeDuplicates()`.
func registerPropagationBenchmarks() {
    // Both sides in the same iteration, in alternating chunks of 1,000 updates: the machine's
    // slow spells (a shared VM's) then fall on both, and the ratio stays the workload's. Timed
    // whole, one after the other, each side's iterations split in two modes 1.7 times apart.
    let updates = 10_000
    Benchmark(
        "propagation/1-of-20-fields/10-field-observers",
        configuration: .init(
            metrics: ComparisonMetric.all,
            warmupIterations: 1,
            maxDuration: .seconds(60),
            maxIterations: 20,
            thresholds: ComparisonMetric.thresholds(for: ComparisonMetric.all)
        )
    ) { benchmark in
        let run = await MainActor.run { fieldObservers(updates: updates, chunks: 10) }
        guard run.ourCalls == run.baselineCalls else {
            benchmark.error("ours and the baseline disagree: \(run.ourCalls) observer calls against \(run.baselineCalls)")
            return
        }
        benchmark.recordComparison(ours: run.ours / updates, baseline: run.baseline / updates)
    }

    // Synchronous fan-out: 100 whole-state closure observers, against the floor (calling 100
    // closures in a loop). Reported per observer call.
    let observers = 100
    comparison(
        "propagation/fan-out/100-closure-observers",
        iterations: 20,
        againstFloor: true,
        ours: { await MainActor.run { ourFanOut(observers: observers, updates: 1000) } / (1000 * observers) },
        baseline: { floorFanOut(observers: observers, updates: 1000) / (1000 * observers) }
    )

    // Main-actor hops: 10,000 changes posted from a background queue. Baseline: the articles'
    // `receive(on: DispatchQueue.main)`, one hop per change. Reported per change, with the
    // hops counted.
    let hops = BenchmarkMetric.custom("main-actor hops", polarity: .prefersSmaller, useScalingFactor: false)
    let baselineHops = BenchmarkMetric.custom("baseline main-actor hops", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        "propagation/10k-background-changes",
        configuration: .init(
            metrics: ComparisonMetric.all + [hops, baselineHops],
            warmupIterations: 1,
            maxDuration: .seconds(30),
            maxIterations: 20,
            thresholds: ComparisonMetric.thresholds(for: ComparisonMetric.all).merging([hops: .init(relative: [.p50: 200])]) { $1 }
        )
    ) { benchmark in
        let changes = 10_000
        let theirs = await baselineBackgroundChanges(changes)
        let ours = await ourBackgroundChanges(changes)
        benchmark.recordComparison(ours: ours.nanoseconds / changes, baseline: theirs.nanoseconds / changes)
        benchmark.measurement(hops, ours.hops)
        benchmark.measurement(baselineHops, theirs.hops)
    }
}

/// A state with 20 fields.
struct WideState: Equatable, Sendable {
    var f0 = 0, f1 = 1, f2 = 2, f3 = 3, f4 = 4, f5 = 5, f6 = 6, f7 = 7, f8 = 8, f9 = 9
    var f10 = 10, f11 = 11, f12 = 12, f13 = 13, f14 = 14, f15 = 15, f16 = 16, f17 = 17, f18 = 18, f19 = 19
}

/// A ViewModel over `state`, as an app's: views observe it (`subscribe`), background code posts
/// it events (`mailbox()`), and the benchmark updates its store.
@MainActor
final class PlainViewModel<State>: ViewModel {
    enum Event: Sendable { case set(Int) }
    let store: StateStore<State>
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let apply: (inout State, Int) -> Void

    init(_ state: State, apply: @escaping (inout State, Int) -> Void = { _, _ in }) {
        store = StateStore(state)
        self.apply = apply
    }

    func onEvent(_ event: Event) {
        switch event {
        case .set(let value): store.update { apply(&$0, value) }
        }
    }
}

/// Ten field observers on a store (ours), and ten `map(\.field)` + `removeDuplicates()` chains
/// on a `CurrentValueSubject` (the baseline), then `updates` updates of field 0 on each, in
/// `chunks` alternating chunks: each side's nanoseconds and observer calls.
@MainActor
private func fieldObservers(updates: Int, chunks: Int) -> (ours: Int, baseline: Int, ourCalls: Int, baselineCalls: Int) {
    let viewModel = PlainViewModel(WideState())
    let store = viewModel.store
    var ourCalls = 0
    var tokens: [ObservationToken] = []
    viewModel.subscribe(\.f0, sendCurrent: false) { _ in ourCalls += 1 }.store(in: &tokens)
    viewModel.subscribe(\.f1, sendCurrent: false) { _ in ourCalls += 1 }.store(in: &tokens)
    viewModel.subscribe(\.f2, sendCurrent: false) { _ in ourCalls += 1 }.store(in: &tokens)
    viewModel.subscribe(\.f3, sendCurrent: false) { _ in ourCalls += 1 }.store(in: &tokens)
    viewModel.subscribe(\.f4, sendCurrent: false) { _ in ourCalls += 1 }.store(in: &tokens)
    viewModel.subscribe(\.f5, sendCurrent: false) { _ in ourCalls += 1 }.store(in: &tokens)
    viewModel.subscribe(\.f6, sendCurrent: false) { _ in ourCalls += 1 }.store(in: &tokens)
    viewModel.subscribe(\.f7, sendCurrent: false) { _ in ourCalls += 1 }.store(in: &tokens)
    viewModel.subscribe(\.f8, sendCurrent: false) { _ in ourCalls += 1 }.store(in: &tokens)
    viewModel.subscribe(\.f9, sendCurrent: false) { _ in ourCalls += 1 }.store(in: &tokens)

    let subject = CurrentValueSubject<WideState, Never>(WideState())
    var baselineCalls = 0
    var cancellables: [AnyCancellable] = []
    subject.map(\.f0).removeDuplicates().dropFirst().sink { _ in baselineCalls += 1 }.store(in: &cancellables)
    subject.map(\.f1).removeDuplicates().dropFirst().sink { _ in baselineCalls += 1 }.store(in: &cancellables)
    subject.map(\.f2).removeDuplicates().dropFirst().sink { _ in baselineCalls += 1 }.store(in: &cancellables)
    subject.map(\.f3).removeDuplicates().dropFirst().sink { _ in baselineCalls += 1 }.store(in: &cancellables)
    subject.map(\.f4).removeDuplicates().dropFirst().sink { _ in baselineCalls += 1 }.store(in: &cancellables)
    subject.map(\.f5).removeDuplicates().dropFirst().sink { _ in baselineCalls += 1 }.store(in: &cancellables)
    subject.map(\.f6).removeDuplicates().dropFirst().sink { _ in baselineCalls += 1 }.store(in: &cancellables)
    subject.map(\.f7).removeDuplicates().dropFirst().sink { _ in baselineCalls += 1 }.store(in: &cancellables)
    subject.map(\.f8).removeDuplicates().dropFirst().sink { _ in baselineCalls += 1 }.store(in: &cancellables)
    subject.map(\.f9).removeDuplicates().dropFirst().sink { _ in baselineCalls += 1 }.store(in: &cancellables)

    let clock = ContinuousClock()
    var (ours, baseline) = (Duration.zero, Duration.zero)
    let perChunk = updates / chunks
    for chunk in 0..<chunks {
        let values = (chunk * perChunk + 1)...((chunk + 1) * perChunk)
        baseline += clock.measure {
            for value in values {
                var state = subject.value
                state.f0 = value
                subject.send(state)
            }
        }
        ours += clock.measure {
            for value in values { store.update { $0.f0 = value } }
        }
    }
    withExtendedLifetime(tokens) {}
    withExtendedLifetime(cancellables) {}
    return (nanoseconds(ours), nanoseconds(baseline), ourCalls, baselineCalls)
}

@MainActor
private func ourFanOut(observers: Int, updates: Int) -> Int {
    let viewModel = PlainViewModel(0)
    let store = viewModel.store
    var sum = 0
    let tokens = (0..<observers).map { _ in viewModel.subscribe(sendCurrent: false) { sum &+= $0 } }
    let elapsed = ContinuousClock().measure {
        for value in 1...updates { store.update { $0 = value } }
    }
    blackHole(sum)
    withExtendedLifetime(tokens) {}
    return nanoseconds(elapsed)
}

private func floorFanOut(observers: Int, updates: Int) -> Int {
    var sum = 0
    let handlers: [(Int) -> Void] = (0..<observers).map { _ in { sum &+= $0 } }
    let elapsed = ContinuousClock().measure {
        for value in 1...updates {
            for handler in handlers { handler(value) }
        }
    }
    blackHole(sum)
    return nanoseconds(elapsed)
}

/// Posts `changes` from a background queue into a ViewModel's mailbox, as events; the time until
/// its store holds the last one.
private func ourBackgroundChanges(_ changes: Int) async -> (nanoseconds: Int, hops: Int) {
    let (viewModel, mailbox) = await MainActor.run {
        let viewModel = PlainViewModel(0) { state, value in state = value }
        return (viewModel, viewModel.mailbox())
    }
    let clock = ContinuousClock()
    let start = clock.now
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        Task { @MainActor in
            var token: ObservationToken?
            token = viewModel.subscribe(sendCurrent: false) { value in
                guard value == changes else { return }
                token?.cancel()
                done.resume()
            }
            DispatchQueue.global().async {
                for value in 1...changes { mailbox.post(.set(value)) }
            }
        }
    }
    return (nanoseconds(start.duration(to: clock.now)), mailbox.hops)
}

/// The articles' way: a subject, `receive(on: DispatchQueue.main)`, a sink.
private func baselineBackgroundChanges(_ changes: Int) async -> (nanoseconds: Int, hops: Int) {
    // nonisolated(unsafe): OpenCombine's subjects lock internally, so sending from the
    // background queue while the main queue receives is safe; they are just not marked Sendable.
    nonisolated(unsafe) let subject = PassthroughSubject<Int, Never>()
    let delivery = MainQueueDelivery()
    let clock = ContinuousClock()
    let start = clock.now
    let cancellable = subject.receive(on: DispatchQueue.main.ocombine).sink { value in
        delivery.count += 1
        if value == changes { delivery.done?.resume() }
    }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        delivery.done = done
        DispatchQueue.global().async {
            for value in 1...changes { subject.send(value) }
        }
    }
    withExtendedLifetime(cancellable) {}
    return (nanoseconds(start.duration(to: clock.now)), delivery.count)
}

/// The baseline's deliveries, counted on the main queue.
///
/// `@unchecked Sendable`: `done` is set before the first value is sent, and after that only the
/// main queue (the sink) touches either property until the continuation resumes, which orders
/// the final read of `count` after every write.
private final class MainQueueDelivery: @unchecked Sendable {
    var count = 0
    var done: CheckedContinuation<Void, Never>?
}
