public import MVVMCore
import Testing

/// Tests a ViewModel as a script: send an event and state the exact change, advance the test
/// clock, receive the changes effects make, and finish with nothing left over.
///
/// The tester is exhaustive: a state change the script did not assert fails the test, with a
/// readable diff, and so does owned work still running at ``finish(fileID:filePath:line:column:)``.
///
/// It never waits on the wall clock. The ViewModel's work runs on the tester's executor (the
/// clock's, when a ``TestClock`` is given): ``receive(_:fileID:filePath:line:column:)``,
/// ``settle(fileID:filePath:line:column:)``, ``finish(fileID:filePath:line:column:)`` and the
/// clock's ``TestClock/advance(by:fileID:filePath:line:column:)`` run it until every piece has finished or waits on the
/// test clock or on a stub the test controls, then check. A change that was expected but will
/// never come fails at once, naming the work still running.
///
/// README's first test (compiled in `Tests/DocumentationTests/ReadmeExample.swift`):
///
/// ```swift
/// @Test @MainActor func searchesOnceTheUserStopsTyping() async {
///     let clock = TestClock()
///     let tester = ViewModelTester(SearchViewModel { ["\($0)!"] }, clock: clock)
///
///     tester.send(.searchTextChanged("sw")) { $0.query = "sw"; $0.results = .loading() }
///     tester.send(.searchTextChanged("swift")) { $0.query = "swift" }
///     await clock.advance(by: .milliseconds(300))
///     await tester.receive { $0.results = .loaded(["swift!"]) }
///     await tester.finish()
/// }
/// ```
@MainActor
public final class ViewModelTester<Model: ViewModel> where Model.State: Equatable {
    /// The ViewModel under test.
    public let viewModel: Model
    /// The test clock the ViewModel's work waits on, if one was given: the test moves it
    /// (``TestClock/advance(by:fileID:filePath:line:column:)``).
    public let clock: TestClock?

    /// Where a state change came from: the step the test took, an event the ViewModel was
    /// handling from the library (a child's delegate output, a mailbox), or the owned work that
    /// made it.
    enum Origin {
        case step
        case event(Model.Event)
        case work(WorkKey)
        /// A step another tester of the script took (a parent's pop that released this child).
        case otherStep(String)
        case elsewhere
    }

    let reporter: TestFailureReporter
    let executor: TestWorkExecutor
    /// The testers of one script: this one, and the children it scopes to (``child(_:)``).
    let tree: TesterTree
    /// What the failures name: the ViewModel's type, for a child.
    let name: String?

    /// Whether every state change must be asserted (``Exhaustivity/on``, the default) or only
    /// those the script states (``Exhaustivity/off``, which lists the rest in
    /// ``skippedChanges``).
    public var exhaustivity: Exhaustivity = .on
    /// The state changes a non-exhaustive script did not assert, in order, each as a diff: also
    /// listed as a known issue in Swift Testing (shown, never failing).
    public internal(set) var skippedChanges: [String] = []
    /// In non-exhaustive mode, the owned work still running at
    /// ``finish(fileID:filePath:line:column:)``, listed and called off rather than failing the
    /// test, as TCA's `exhaustivity = .off` does with effects in flight.
    public internal(set) var skippedWork: [String] = []
    var asserted: Model.State
    var unasserted: [(state: Model.State, origin: Origin)] = []
    var token: ObservationToken?
    var isTakingStep = false

    /// Starts recording `viewModel`'s state changes.
    ///
    /// - Parameters:
    ///   - viewModel: the ViewModel under test, built with stub dependencies.
    ///   - clock: the test clock, if the ViewModel uses time: given to it, or taken by what it
    ///     makes without a clock (`Dependencies`' clock while it is made).
    ///   - reporter: where failures go; Swift Testing by default.
    ///   - fileID: the file a failure is reported in; the caller's by default.
    ///   - filePath: the full path of that file; the caller's by default.
    ///   - line: the line a failure is reported at; the caller's by default.
    ///   - column: the column a failure is reported at; the caller's by default.
    ///
    /// A ViewModel given a ``TestClock`` (its store's clock) needs that clock here too: without
    /// it, or with another one, the tester fails at once, with that hint.
    ///
    /// `viewModel` is made here, on the tester's executor: the stores it makes (its own, its
    /// child screens') run their work where the tester can see it.
    public convenience init(
        _ viewModel: @autoclosure () throws -> Model,
        clock: TestClock? = nil,
        reporter: TestFailureReporter = .swiftTesting,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) rethrows {
        EventDelivery.isNoted = true   // events from children and mailboxes name their changes
        let executor = clock?.executor ?? TestWorkExecutor()
        // Made as `TestClock.perform(_:)` makes what a test drives: on the clock, or on the tester's
        // own executor without one.
        let made = if let clock {
            try clock.perform { try viewModel() }
        } else {
            try WorkContext.$executor.withValue(executor) { try viewModel() }
        }
        self.init(made, in: TesterTree(), executor: executor, clock: clock, reporter: reporter, name: nil)
        if let storeClock = made.readOnlyStore.base.givenClock as? TestClock, storeClock !== clock {
            reporter.fail(
                "The ViewModel waits on a TestClock the tester was not given: create it with "
                    + "ViewModelTester(viewModel, clock: clock), so that clock.advance(by:) runs its work.",
                at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
            )
        }
    }

    /// A tester of `viewModel`, already made, in `tree`: the script's first (`name` `nil`), or a
    /// child's (``child(_:)``, named after its type in failures).
    init(_ viewModel: Model, in tree: TesterTree, executor: TestWorkExecutor, clock: TestClock?, reporter: TestFailureReporter, name: String?) {
        self.viewModel = viewModel
        self.clock = clock
        self.reporter = reporter
        self.executor = executor
        self.tree = tree
        self.name = name
        self.asserted = viewModel.state
        tree.add(self)
        viewModel.readOnlyStore.base.runWork(on: executor)
        self.token = viewModel.readOnlyStore.base.subscribe(sendCurrent: false) { [weak self] state in
            self?.record(state)
        }
    }

    /// The ViewModel's current state.
    public var state: Model.State { viewModel.state }

    /// Sends `event` and asserts the state change it makes at once.
    ///
    /// - Parameters:
    ///   - event: the event to send to the ViewModel.
    ///   - expected: mutates the previous state into the expected one; omit it when the event
    ///     must not change state synchronously. Several synchronous updates are compared as their
    ///     end result.
    ///   - fileID: the file a failure is reported in; the caller's by default.
    ///   - filePath: the full path of that file; the caller's by default.
    ///   - line: the line a failure is reported at; the caller's by default.
    ///   - column: the column a failure is reported at; the caller's by default.
    public func send(
        _ event: Model.Event,
        _ expected: ((inout Model.State) throws -> Void)? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        step("sending \(describe(event))", expected, at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)) {
            viewModel.send(event)
        }
    }

    /// Reports that the view appeared (`ViewModel.appear()`) and asserts the state change it
    /// makes at once.
    ///
    /// - Parameters:
    ///   - expected: as for ``send(_:_:fileID:filePath:line:column:)``.
    ///   - fileID: the file a failure is reported in; the caller's by default.
    ///   - filePath: the full path of that file; the caller's by default.
    ///   - line: the line a failure is reported at; the caller's by default.
    ///   - column: the column a failure is reported at; the caller's by default.
    public func appear(
        _ expected: ((inout Model.State) throws -> Void)? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        step("appearing", expected, at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)) {
            viewModel.appear()
        }
    }

    /// Reports that the view disappeared (`ViewModel.disappear()`) and asserts the state change
    /// it makes at once: what cancelled work puts back.
    ///
    /// - Parameters:
    ///   - expected: as for ``send(_:_:fileID:filePath:line:column:)``.
    ///   - fileID: the file a failure is reported in; the caller's by default.
    ///   - filePath: the full path of that file; the caller's by default.
    ///   - line: the line a failure is reported at; the caller's by default.
    ///   - column: the column a failure is reported at; the caller's by default.
    public func disappear(
        _ expected: ((inout Model.State) throws -> Void)? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        step("disappearing", expected, at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)) {
            viewModel.disappear()
        }
    }

    /// Runs one step of the view's (an event, a lifecycle moment) and asserts what it changed at once.
    private func step(
        _ name: String,
        _ expected: ((inout Model.State) throws -> Void)?,
        at location: SourceLocation,
        _ action: () -> Void
    ) {
        tree.failOnUnasserted(before: name, at: location)
        isTakingStep = true
        tree.stepInProgress = "\(self.name ?? "\(Model.self)") \(name)"
        WorkContext.$executor.withValue(executor) { action() }
        tree.stepInProgress = nil
        isTakingStep = false
        let changed = !unasserted.isEmpty
        unasserted.removeAll()
        let actual = viewModel.state
        guard let expected else {
            if changed, exhaustivity == .off {
                skip(difference(expected: asserted, actual: actual), context: "after \(name)", at: location)
            } else if changed {
                fail(
                    "\(name.prefix(1).uppercased() + name.dropFirst()) changed state, but no change was expected:\n"
                        + difference(expected: asserted, actual: actual),
                    at: location
                )
            }
            asserted = actual
            return
        }
        compare(expected, to: actual, context: "after \(name)", at: location)
    }

    /// Runs the ViewModel's work, without moving the clock, until every piece has finished or
    /// waits on the test clock or on a stub the test controls: a request is then in flight, a
    /// debounce waits. The state changes it made stay to be received.
    ///
    /// - Parameters:
    ///   - fileID: the file a failure is reported in; the caller's by default.
    ///   - filePath: the full path of that file; the caller's by default.
    ///   - line: the line a failure is reported at; the caller's by default.
    ///   - column: the column a failure is reported at; the caller's by default.
    public func settle(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async {
        await runWork(at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    func runWork(at location: SourceLocation) async {
        if !(await executor.settle()) {
            fail(
                "The ViewModel's work never stopped running (\(TestWorkExecutor.turnLimit) turns of the main actor)."
                    + runningWorkDescription(),
                at: location
            )
        }
    }

    /// Accepts the state changes received so far without asserting them (non-exhaustive steps).
    public func skipReceivedChanges() {
        if let last = unasserted.last { asserted = last.state }
        unasserted.removeAll()
    }

    /// Ends the script: runs the work as far as it goes, then fails if a state change was never
    /// asserted, or if owned work is still running (waiting on the clock or a stub). In
    /// non-exhaustive mode (``Exhaustivity/off``) both are listed instead (``skippedChanges``,
    /// ``skippedWork``, known issues in Swift Testing), and the work still running is called off.
    public func finish(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let store = viewModel.readOnlyStore.base
        await runWork(at: location)
        tree.failOnUnasserted(before: "finishing", at: location)
        if !store.isIdle {
            let work = store.runningWorkKeys.map { "\"\($0)\"" }.joined(separator: ", ") + sleepersDescription()
            if exhaustivity == .off {
                // As TCA's: listed (a known issue), called off, and the test goes on.
                let message = (name.map { "\($0): " } ?? "") + "Owned work still running at the end of the test, called off: " + work
                skippedWork.append(message)
                reporter.skipped(message, at: location)
                store.cancelAllWork()
            } else {
                fail(
                    "Owned work is still running at the end of the test: " + work
                        + ". Advance the test clock, answer the stub it waits on, or end it with disappear().",
                    at: location
                )
            }
        }
        token?.cancel()
        token = nil
    }
}
