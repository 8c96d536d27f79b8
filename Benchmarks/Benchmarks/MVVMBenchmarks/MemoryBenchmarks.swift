import Benchmark
import HeapStatistics
import MallocInterposerSwift
import MVVMCollections
import MVVMCore
import Observation

/// Workload 5: memory. Bytes and mallocs a ViewModel with four bindings costs, a subscription
/// costs, and a user list with 100k rows (and its search index) holds.
///
/// Counted as the growth of the heap's bytes in use (glibc `mallinfo2`, Darwin zone statistics) over
/// many instances kept alive at once, divided by their number: what an instance retains,
/// including malloc's own rounding but not the 16-byte header the benchmarks' malloc interposer
/// adds to each block (an app has no interposer). Allocations are counted by the interposer:
/// mallocs minus frees, the blocks an instance keeps.
func registerMemoryBenchmarks() {
    func bytes(_ name: String) -> BenchmarkMetric {
        .custom("bytes per \(name)", polarity: .prefersSmaller, useScalingFactor: false)
    }
    func allocations(_ name: String) -> BenchmarkMetric {
        .custom("mallocs per \(name)", polarity: .prefersSmaller, useScalingFactor: false)
    }
    let bound = "ViewModel + 4 bindings", bare = "ViewModel", tracked = "ViewModel whose state was read"
    let subscription = "subscription", field = "field subscription"
    let metrics: [BenchmarkMetric] = [
        bytes(bound), allocations(bound),
        bytes(bare), bytes("ViewModel, excluding its state"), allocations(bare),
        bytes(tracked), allocations(tracked),
        bytes("StateStore<Int>"), bytes("ObservationRegistrar (Swift's)"),
        bytes(subscription), allocations(subscription),
        bytes(field), allocations(field),
    ]
    Benchmark(
        "memory/view-model-with-4-bindings",
        configuration: .init(
            // No malloc metric of the framework's: these workloads read the interposer themselves.
            metrics: metrics,
            warmupIterations: 1,
            maxDuration: .seconds(10),
            maxIterations: 5,
            thresholds: Dictionary(uniqueKeysWithValues: metrics.map { ($0, BenchmarkThresholds(relative: [.p50: 10])) })
        )
    ) { benchmark in
        let count = 10_000
        let measured = await MainActor.run {
            (
                bound: retained(by: count) { LoginScreen() },
                bare: retained(by: count) { LoginViewModel() },
                tracked: retained(by: count) { () -> LoginViewModel in
                    let viewModel = LoginViewModel()
                    _ = viewModel.state   // what SwiftUI does: Observation's registrar is made
                    return viewModel
                },
                store: retained(by: count) { StateStore(0) },
                registrar: retained(by: count) { RegistrarHolder() },
                subscription: retainedBySubscriptions(count) { viewModel in viewModel.subscribe(sendCurrent: false) { _ in } },
                field: retainedBySubscriptions(count) { viewModel in viewModel.subscribe(\.isSubmitEnabled, sendCurrent: false) { _ in } }
            )
        }
        benchmark.measurement(bytes(bound), measured.bound.bytes)
        benchmark.measurement(allocations(bound), measured.bound.allocations)
        benchmark.measurement(bytes(bare), measured.bare.bytes)
        // "Excluding data": the state's own bytes are the screen's data, not the ViewModel's cost.
        benchmark.measurement(bytes("ViewModel, excluding its state"), measured.bare.bytes - MemoryLayout<LoginViewModel.State>.stride)
        benchmark.measurement(allocations(bare), measured.bare.allocations)
        benchmark.measurement(bytes(tracked), measured.tracked.bytes)
        benchmark.measurement(allocations(tracked), measured.tracked.allocations)
        benchmark.measurement(bytes("StateStore<Int>"), measured.store.bytes)
        benchmark.measurement(bytes("ObservationRegistrar (Swift's)"), measured.registrar.bytes)
        benchmark.measurement(bytes(subscription), measured.subscription.bytes)
        benchmark.measurement(allocations(subscription), measured.subscription.allocations)
        benchmark.measurement(bytes(field), measured.field.bytes)
        benchmark.measurement(allocations(field), measured.field.allocations)
    }

    let perRow = bytes("row")
    let mallocsPerHundredRows = allocations("100 rows")
    let indexPerRow = bytes("row in the search index")
    Benchmark(
        "memory/user-list-100k-rows",
        configuration: .init(
            metrics: [perRow, mallocsPerHundredRows, indexPerRow, .peakMemoryResidentDelta],
            warmupIterations: 0,
            maxDuration: .seconds(20),
            maxIterations: 3,
            thresholds: [
                perRow: .init(relative: [.p50: 10]),
                mallocsPerHundredRows: .init(relative: [.p50: 10]),
                indexPerRow: .init(relative: [.p50: 10]),
            ]
        )
    ) { benchmark in
        let rows = 100_000
        let (total, index) = await MainActor.run {
            var users: [BenchUser] = []
            let total = heapGrowth {
                users = Corpus.users(rows)   // each email its own string; the 8 names shared
            }
            var index = SearchIndex()
            let indexGrowth = heapGrowth { index = SearchIndex(Corpus.texts(users)) }
            let store = StateStore(users)
            blackHole(store)
            blackHole(index)
            return (total, indexGrowth)
        }
        benchmark.measurement(perRow, (total / rows).bytes)
        benchmark.measurement(mallocsPerHundredRows, (total / (rows / 100)).allocations)
        benchmark.measurement(indexPerRow, (index / rows).bytes)
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

    private let store = StateStore(State())
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }

    func onEvent(_ event: Event) {
        store.update { state in
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
        viewModel.subscribe(\.email) { [unowned self] in shown.email = $0 }.store(in: &tokens)
        viewModel.subscribe(\.password) { [unowned self] in shown.password = $0 }.store(in: &tokens)
        viewModel.subscribe(\.isSubmitEnabled) { [unowned self] in shown.isEnabled = $0 }.store(in: &tokens)
        viewModel.subscribe(\.errorMessage) { [unowned self] in shown.error = $0 }.store(in: &tokens)
    }
}

/// What a region of code allocated and kept: heap bytes and live allocations.
struct HeapGrowth {
    var bytes: Int
    var allocations: Int

    /// Per instance, rounded to the nearest: 9,999 blocks kept by 10,000 instances is 1 each
    /// (a block from before, such as an array's old buffer, may be freed meanwhile).
    static func / (growth: HeapGrowth, count: Int) -> HeapGrowth {
        HeapGrowth(
            bytes: (growth.bytes + count / 2) / count,
            allocations: (growth.allocations + count / 2) / count
        )
    }
}

/// The bytes the malloc interposer (which counts allocations for the benchmarks) puts before
/// each block: `malloc_header_t` in its `interposer.h`. An app has no interposer, so the
/// measurements take them off.
private let interposerHeaderBytes = 16

/// Heap growth while `body` runs (what it allocated and kept), as an app without the
/// interposer would see it: malloc's own rounding included, the interposer's headers not.
@MainActor
private func heapGrowth(_ body: () -> Void) -> HeapGrowth {
    MallocInterposerSwift.initialize()
    MallocInterposerSwift.hook()
    let before = Int(heap_bytes_in_use())
    body()
    let after = Int(heap_bytes_in_use())
    MallocInterposerSwift.unhook()
    let statistics = MallocInterposerSwift.getStatistics()
    let liveAllocations = statistics.mallocCount - statistics.freeCount
    return HeapGrowth(bytes: after - before - liveAllocations * interposerHeaderBytes, allocations: liveAllocations)
}

/// Bytes and allocations each of `count` values made by `make` retains, all kept alive at once.
@MainActor
private func retained<T>(by count: Int, _ make: () -> T) -> HeapGrowth {
    var kept: [T] = []
    kept.reserveCapacity(count)
    let growth = heapGrowth {
        for _ in 0..<count { kept.append(make()) }
    }
    blackHole(kept)
    return growth / count
}

/// Bytes and allocations each of `count` subscriptions to one store retains.
@MainActor
private func retainedBySubscriptions(
    _ count: Int,
    _ subscribe: (LoginViewModel) -> ObservationToken
) -> HeapGrowth {
    let viewModel = LoginViewModel()
    var tokens: [ObservationToken] = []
    tokens.reserveCapacity(count)
    _ = subscribe(viewModel)   // the store's first observer arrays
    let growth = heapGrowth {
        for _ in 0..<count { tokens.append(subscribe(viewModel)) }
    }
    blackHole(tokens)
    return growth / count
}
