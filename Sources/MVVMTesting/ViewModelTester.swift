public import MVVMCore
import Testing
import CustomDump

/// Tests a ViewModel as a script: send an event and state the exact change, advance the clock,
/// receive the changes effects make, and finish with nothing left over.
///
/// The tester is exhaustive: a state change the script did not assert fails the test, with a
/// readable diff, and so does owned work still running at ``finish(fileID:filePath:line:column:)``.
///
/// README's first test (compiled in `Tests/DocumentationTests/ReadmeExample.swift`):
///
/// ```swift
/// @Test @MainActor func searchesOnceTheUserStopsTyping() async {
///     let clock = TestClock()
///     let tester = ViewModelTester(SearchViewModel(clock: clock) { ["\($0)!"] }, clock: clock)
///
///     tester.send(.searchTextChanged("sw")) { $0.query = "sw"; $0.results = .loading() }
///     tester.send(.searchTextChanged("swift")) { $0.query = "swift" }
///     await tester.advance(by: .milliseconds(300))
///     await tester.receive { $0.results = .loaded(["swift!"]) }
///     await tester.finish()
/// }
/// ```
@MainActor
public final class ViewModelTester<Model: ViewModel> where Model.State: Equatable {
    /// The ViewModel under test.
    public let viewModel: Model
    /// The clock ``advance(by:fileID:filePath:line:column:)`` moves, if one was given.
    public let clock: TestClock<Duration>?
    /// How long ``receive(_:fileID:filePath:line:column:)`` and
    /// ``finish(fileID:filePath:line:column:)`` wait for already-unblocked work before failing.
    public var timeout: Duration

    private let reporter: TestFailureReporter
    private var asserted: Model.State
    private var unasserted: [Model.State] = []
    private var token: ObservationToken?

    /// Starts recording `viewModel`'s state changes.
    ///
    /// - Parameters:
    ///   - viewModel: the ViewModel under test, built with stub dependencies.
    ///   - clock: the test clock given to the ViewModel, if it uses time.
    ///   - timeout: how long to wait for unblocked work before failing (wall clock; no test
    ///     logic depends on it).
    ///   - reporter: where failures go; Swift Testing by default.
    public init(
        _ viewModel: Model,
        clock: TestClock<Duration>? = nil,
        timeout: Duration = .seconds(5),
        reporter: TestFailureReporter = .swiftTesting
    ) {
        self.viewModel = viewModel
        self.clock = clock
        self.timeout = timeout
        self.reporter = reporter
        self.asserted = viewModel.state
        self.token = viewModel.readOnlyStore.base.subscribe(sendCurrent: false) { [weak self] state in
            self?.unasserted.append(state)
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
            viewModel.onEvent(event)
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
        failOnUnasserted(before: name, at: location)
        action()
        let changed = !unasserted.isEmpty
        unasserted.removeAll()
        let actual = viewModel.state
        guard let expected else {
            if changed {
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

    /// Waits for the next state change made by an effect, and asserts it.
    ///
    /// - Parameters:
    ///   - expected: mutates the previously asserted state into the expected one.
    ///   - fileID: the file a failure is reported in; the caller's by default.
    ///   - filePath: the full path of that file; the caller's by default.
    ///   - line: the line a failure is reported at; the caller's by default.
    ///   - column: the column a failure is reported at; the caller's by default.
    public func receive(
        _ expected: (inout Model.State) throws -> Void,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard await waitUntil(timeout: timeout, { !unasserted.isEmpty }) else {
            fail(
                "Expected a state change, but none happened within \(timeout.readable)."
                    + runningWorkDescription(),
                at: location
            )
            return
        }
        let actual = unasserted.removeFirst()
        compare(expected, to: actual, context: "in the received state change", at: location)
    }

    /// Moves the test clock forward, then lets the work it woke run up to its next suspension.
    public func advance(
        by duration: Duration,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async {
        guard let clock else {
            fail(
                "advance(by:) needs a clock: create the tester with the TestClock you gave the ViewModel.",
                at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
            )
            return
        }
        // Work woken or started just before may still be on its way to the clock (a sleep
        // called from the main actor registers on another thread): let it get there first.
        await settle()
        if !viewModel.readOnlyStore.base.isIdle { _ = await waitUntilSleeping(clock, timeout: .milliseconds(500)) }
        await clock.advance(by: duration)
        await settle()
    }

    /// Accepts the state changes received so far without asserting them (non-exhaustive steps).
    public func skipReceivedChanges() {
        if let last = unasserted.last { asserted = last }
        unasserted.removeAll()
    }

    /// Ends the script: fails if a state change was never asserted, or if owned work is still
    /// running once already-unblocked work has had `timeout` to finish.
    public func finish(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let store = viewModel.readOnlyStore.base
        _ = await waitUntil(timeout: timeout) { store.isIdle }
        failOnUnasserted(before: "finishing", at: location)
        if !store.isIdle {
            fail(
                "Owned work is still running at the end of the test: "
                    + store.runningWorkKeys.map { "\"\($0)\"" }.joined(separator: ", ")
                    + ". Advance the test clock, let it finish, or end it with disappear().",
                at: location
            )
        }
        token?.cancel()
        token = nil
    }

    // MARK: - Internals

    private func compare(
        _ expected: (inout Model.State) throws -> Void,
        to actual: Model.State,
        context: String,
        at location: SourceLocation
    ) {
        var expectedState = asserted
        do {
            try expected(&expectedState)
        } catch {
            fail("The expected-state closure threw \(error) \(context).", at: location)
        }
        if expectedState != actual {
            fail(
                "State differs from the expected one \(context):\n"
                    + difference(expected: expectedState, actual: actual),
                at: location
            )
        }
        asserted = actual
    }

    private func failOnUnasserted(before step: String, at location: SourceLocation) {
        guard !unasserted.isEmpty else { return }
        var previous = asserted
        let changes = unasserted.map { state in
            defer { previous = state }
            return difference(expected: previous, actual: state)
        }
        fail(
            "\(unasserted.count) state change(s) were not asserted before \(step). "
                + "Assert each with receive(_:):\n"
                + changes.joined(separator: "\n"),
            at: location
        )
        asserted = unasserted.last ?? asserted
        unasserted.removeAll()
    }

    private func difference(expected: Model.State, actual: Model.State) -> String {
        CustomDump.diff(expected, actual, format: .proportional)
            .map { "(Expected: −, Actual: +)\n" + $0 }
            ?? "(no difference in their dumps: they differ in what is not printed, such as a @Sensitive field)"
    }

    private func describe(_ event: Model.Event) -> String {
        var output = ""
        customDump(event, to: &output, maxDepth: 2)
        return output
    }

    private func runningWorkDescription() -> String {
        let keys = viewModel.readOnlyStore.base.runningWorkKeys
        guard !keys.isEmpty else { return " No owned work is running." }
        return " Owned work still running: " + keys.map { "\"\($0)\"" }.joined(separator: ", ")
            + " (waiting on the test clock? advance it first)."
    }

    private func fail(_ message: String, at location: SourceLocation) {
        reporter.fail(message, at: location)
    }
}
