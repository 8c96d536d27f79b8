public import MVVMCore
import Testing

/// Records a history of values — a state field, an output — and asserts it in one line.
///
/// ```swift
/// let isLoading = Recorder(viewModel, \.isLoading)   // [false]
/// viewModel.appear()
/// await clock.advance(by: .seconds(1))               // the load's answer
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

    /// Records `transform` of the ViewModel's current state and of each state that follows.
    public convenience init<Model: ViewModel>(
        _ viewModel: Model,
        reporter: TestFailureReporter = .swiftTesting,
        _ transform: @escaping @MainActor (Model.State) -> Value
    ) {
        self.init(viewModel.readOnlyStore.base, reporter: reporter, transform)
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
    /// Records one field of the ViewModel's state: the current value, then each value that
    /// differs from the one before (changes to other fields are not repeated).
    public convenience init<Model: ViewModel>(
        _ viewModel: Model,
        _ keyPath: KeyPath<Model.State, Value>,
        reporter: TestFailureReporter = .swiftTesting
    ) {
        self.init(viewModel.readOnlyStore.base, keyPath, reporter: reporter)
    }

    /// Records one field of the store's state: the current value, then each value that differs
    /// from the one before; see `StateStore.subscribe(_:sendCurrent:_:)`.
    public convenience init<State>(
        _ store: StateStore<State>,
        _ keyPath: KeyPath<State, Value>,
        reporter: TestFailureReporter = .swiftTesting
    ) {
        self.init(reporter: reporter)
        token = store.subscribe(keyPath) { [weak self] value in self?.record(value) }
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

