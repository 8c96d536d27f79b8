public import MVVMCore
import Testing

/// Records a history of values — a state field, an output — and asserts it in one line.
///
/// ```swift
/// let isLoading = Recorder(viewModel.store, \.isLoading)   // [false]
/// viewModel.send(.appeared)
/// await viewModel.store.untilIdle()
/// isLoading.expectHistory([false, true, false])
/// ```
@MainActor
public final class Recorder<Value> {
    /// Everything recorded, oldest first.
    public private(set) var values: [Value] = []
    private var token: ObservationToken?
    private let reporter: TestFailureReporter

    /// An empty recorder; feed it with ``record(_:)``.
    public init(reporter: TestFailureReporter = .swiftTesting) {
        self.reporter = reporter
    }

    /// Records `transform` of the store's current state and of each state that follows.
    public init<State>(
        _ store: StateStore<State>,
        reporter: TestFailureReporter = .swiftTesting,
        _ transform: @escaping @MainActor (State) -> Value
    ) {
        self.reporter = reporter
        token = store.subscribe { [weak self] state in self?.record(transform(state)) }
    }

    /// Records one value.
    public func record(_ value: Value) {
        values.append(value)
    }

    /// Stops recording from the store.
    public func stop() {
        token?.cancel()
        token = nil
    }

    /// Forgets what was recorded.
    public func clear() {
        values.removeAll()
    }
}

extension Recorder where Value: Equatable {
    /// Records one field of the store's state: the current value, then each value that differs
    /// from the one before (changes to other fields are not repeated).
    public convenience init<State>(
        _ store: StateStore<State>,
        _ keyPath: KeyPath<State, Value>,
        reporter: TestFailureReporter = .swiftTesting
    ) {
        self.init(reporter: reporter)
        subscribeDistinct(to: store, keyPath)
    }

    private func subscribeDistinct<State>(to store: StateStore<State>, _ keyPath: KeyPath<State, Value>) {
        token = store.subscribe { [weak self] state in
            guard let self else { return }
            let value = state[keyPath: keyPath]
            if self.values.last != value { self.record(value) }
        }
    }

    /// Asserts the whole history so far, e.g. `[false, true, false]`.
    public func expectHistory(
        _ expected: [Value],
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        expectEqualHistory(
            expected, values, reporter: reporter,
            at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }
}

