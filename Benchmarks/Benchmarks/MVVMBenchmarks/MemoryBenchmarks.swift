import Benchmark
import HeapStatistics
import MVVMCore
import Observation

/// Workload 5: memory. Bytes and mallocs a ViewModel with four bindings costs, a subscription
/// costs, and a user list with 100k rows (and its search index) holds.
///
/// Counted as the growth of the heap's bytes in use (glibc `mallinfo2`, Darwin zone statistics) over
/// many instances kept alive at once, divided by their number: what an instance retains,
/// including malloc's own rounding.
func registerMemoryBenchmarks() {
    let perViewModel = BenchmarkMetric.custom("bytes per ViewModel + 4 bindings", polarity: .prefersSmaller, useScalingFactor: false)
    let perBareViewModel = BenchmarkMetric.custom("bytes per ViewModel", polarity: .prefersSmaller, useScalingFactor: false)
    let perStore = BenchmarkMetric.custom("bytes per StateStore<Int>", polarity: .prefersSmaller, useScalingFactor: false)
    let perRegistrar = BenchmarkMetric.custom("bytes per ObservationRegistrar (Swift's)", polarity: .prefersSmaller, useScalingFactor: false)
    let perSubscription = BenchmarkMetric.custom("bytes per subscription", polarity: .prefersSmaller, useScalingFactor: false)
    let perFieldSubscription = BenchmarkMetric.custom("bytes per field subscription", polarity: .prefersSmaller, useScalingFactor: false)
    let exact: [BenchmarkMetric: BenchmarkThresholds] = [
        perViewModel: .init(relative: [.p50: 10]),
        perBareViewModel: .init(relative: [.p50: 10]),
        perStore: .init(relative: [.p50: 10]),
        perRegistrar: .init(relative: [.p50: 10]),
        perSubscription: .init(relative: [.p50: 10]),
        perFieldSubscription: .init(relative: [.p50: 10]),
    ]
    Benchmark(
        "memory/view-model-with-4-bindings",
        configuration: .init(
            metrics: [perViewModel, perBareViewModel, perStore, perRegistrar, perSubscription, perFieldSubscription, .mallocCountTotal],
            warmupIterations: 1,
            maxDuration: .seconds(10),
            maxIterations: 5,
            thresholds: exact
        )
    ) { benchmark in
        let count = 10_000
        let measured = await MainActor.run {
            (
                bound: bytesRetained(by: count) { LoginScreen() },
                bare: bytesRetained(by: count) { LoginViewModel() },
                store: bytesRetained(by: count) { StateStore(0) },
                registrar: bytesRetained(by: count) { RegistrarHolder() },
                subscription: subscriptionBytes(count) { store in store.subscribe(sendCurrent: false) { _ in } },
                field: subscriptionBytes(count) { store in store.subscribe(\.isSubmitEnabled, sendCurrent: false) { _ in } }
            )
        }
        benchmark.measurement(perViewModel, measured.bound)
        benchmark.measurement(perBareViewModel, measured.bare)
        benchmark.measurement(perStore, measured.store)
        benchmark.measurement(perRegistrar, measured.registrar)
        benchmark.measurement(perSubscription, measured.subscription)
        benchmark.measurement(perFieldSubscription, measured.field)
    }

    let perRow = BenchmarkMetric.custom("bytes per row", polarity: .prefersSmaller, useScalingFactor: false)
    let indexPerRow = BenchmarkMetric.custom("search index bytes per row", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        "memory/user-list-100k-rows",
        configuration: .init(
            metrics: [perRow, indexPerRow, .peakMemoryResidentDelta],
            warmupIterations: 0,
            maxDuration: .seconds(20),
            maxIterations: 3,
            thresholds: [perRow: .init(relative: [.p50: 10]), indexPerRow: .init(relative: [.p50: 10])]
        )
    ) { benchmark in
        let rows = 100_000
        let (total, index) = await MainActor.run {
            var users: [BenchUser] = []
            let total = heapGrowth {
                users = Corpus.users(rows)   // each email its own string; the 8 names shared
            }
            var index = SearchIndex()
            let indexBytes = heapGrowth { index = SearchIndex(Corpus.texts(users)) }
            let store = StateStore(users)
            blackHole(store)
            blackHole(index)
            return (total, indexBytes)
        }
        benchmark.measurement(perRow, total / rows)
        benchmark.measurement(indexPerRow, index / rows)
    }
}

/// What any `@Observable` object pays for Observation: the registrar, in a minimal class.
final class RegistrarHolder {
    let registrar = ObservationRegistrar()
}

/// A sign-in screen's ViewModel: four outputs the view binds.
@MainActor
final class LoginViewModel: ViewModel {
    struct State: Equatable {
        var email = ""
        var password = ""
        var isSubmitEnabled = false
        var errorMessage: String?
    }

    enum Event {
        case emailChanged(String)
        case passwordChanged(String)
    }

    let store = StateStore(State())

    func onEvent(_ event: Event) {
        update { state in
            switch event {
            case .emailChanged(let email): state.email = email
            case .passwordChanged(let password): state.password = password
            }
            state.isSubmitEnabled = state.email.contains("@") && state.password.count >= 8
        }
    }
}

/// The ViewModel and the four bindings a view makes to it.
@MainActor
final class LoginScreen {
    let viewModel = LoginViewModel()
    var tokens: [ObservationToken] = []
    var shown = (email: "", password: "", isEnabled: false, error: String?.none)

    init() {
        tokens.reserveCapacity(4)
        viewModel.store.subscribe(\.email) { [unowned self] in shown.email = $0 }.store(in: &tokens)
        viewModel.store.subscribe(\.password) { [unowned self] in shown.password = $0 }.store(in: &tokens)
        viewModel.store.subscribe(\.isSubmitEnabled) { [unowned self] in shown.isEnabled = $0 }.store(in: &tokens)
        viewModel.store.subscribe(\.errorMessage) { [unowned self] in shown.error = $0 }.store(in: &tokens)
    }
}

/// Heap bytes in use.
private func heapBytesInUse() -> Int {
    Int(heap_bytes_in_use())
}

/// Heap growth while `body` runs (what it allocated and kept).
@MainActor
private func heapGrowth(_ body: () -> Void) -> Int {
    let before = heapBytesInUse()
    body()
    return heapBytesInUse() - before
}

/// Bytes each of `count` values made by `make` retains, all kept alive at once.
@MainActor
private func bytesRetained<T>(by count: Int, _ make: () -> T) -> Int {
    var kept: [T] = []
    kept.reserveCapacity(count)
    let growth = heapGrowth {
        for _ in 0..<count { kept.append(make()) }
    }
    blackHole(kept)
    return growth / count
}

/// Bytes each of `count` subscriptions to one store retains.
@MainActor
private func subscriptionBytes(_ count: Int, _ subscribe: (StateStore<LoginViewModel.State>) -> ObservationToken) -> Int {
    let viewModel = LoginViewModel()
    var tokens: [ObservationToken] = []
    tokens.reserveCapacity(count)
    _ = subscribe(viewModel.store)   // the store's first observer arrays
    let growth = heapGrowth {
        for _ in 0..<count { tokens.append(subscribe(viewModel.store)) }
    }
    blackHole(tokens)
    return growth / count
}
