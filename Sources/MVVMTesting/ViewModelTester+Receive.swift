public import MVVMCore
import Testing

// Receiving the changes effects make: whatever made them, the work under a key, or an event the
// ViewModel handled from its child or a mailbox.
extension ViewModelTester {
    /// The cause a `receive` names: the change must come from it.
    struct Cause {
        let description: String
        let matches: (Origin) -> Bool
    }

    /// Runs the ViewModel's work until it has finished or waits, then asserts the next state
    /// change, whatever made it.
    ///
    /// It fails at once when the work made no change it has not asserted: the failure names the
    /// work still running, if any (waiting on the test clock? advance it first).
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
        await receive(nil, expected, at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Runs the ViewModel's work until it has finished or waits, then asserts that the next state
    /// change was made by the owned work under `key`, and what it changed; a change from another
    /// cause fails, naming the cause it came from.
    ///
    /// ```swift
    /// await tester.receive(from: "search") { $0.results = .loaded(["swift!"]) }
    /// ```
    ///
    /// - Parameters:
    ///   - key: the key the work was started under (`StateStore.run(_:policy:onCancel:operation:)`).
    ///   - expected: mutates the previously asserted state into the expected one.
    ///   - fileID: the file a failure is reported in; the caller's by default.
    ///   - filePath: the full path of that file; the caller's by default.
    ///   - line: the line a failure is reported at; the caller's by default.
    ///   - column: the column a failure is reported at; the caller's by default.
    public func receive(
        from key: some Hashable & Sendable,
        _ expected: (inout Model.State) throws -> Void,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async {
        let key = WorkKey(key)
        let cause = Cause(description: "work \"\(key)\"") { if case .work(key) = $0 { true } else { false } }
        await receive(cause, expected, at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Runs the ViewModel's work until it has finished or waits, then asserts that the next state
    /// change was made while the ViewModel handled `event`, sent to it by the library rather than
    /// by this script: a child's delegate output its parent connected
    /// (`DelegateOutput.connect(to:_:)`), or a mailbox's (`ViewModel.mailbox()`). A change from
    /// another cause fails, naming the cause it came from.
    ///
    /// ```swift
    /// list.send(.rowOpened(userID: 2))   // the list tells the app
    /// await app.receive(.opened(.user(id: 2))) { $0.navigation.push(.user(id: 2)) }
    /// ```
    ///
    /// - Parameters:
    ///   - event: the event the ViewModel was handling when it made the change.
    ///   - expected: mutates the previously asserted state into the expected one.
    ///   - fileID: the file a failure is reported in; the caller's by default.
    ///   - filePath: the full path of that file; the caller's by default.
    ///   - line: the line a failure is reported at; the caller's by default.
    ///   - column: the column a failure is reported at; the caller's by default.
    public func receive(
        _ event: Model.Event,
        _ expected: (inout Model.State) throws -> Void,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async where Model.Event: Equatable {
        let cause = Cause(description: "handling \(describe(event))") { if case .event(event) = $0 { true } else { false } }
        await receive(cause, expected, at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func receive(
        _ cause: Cause?,
        _ expected: (inout Model.State) throws -> Void,
        at location: SourceLocation
    ) async {
        if unasserted.isEmpty { await runWork(at: location) }
        guard !unasserted.isEmpty else {
            fail("Expected a state change, but the work made none." + runningWorkDescription(), at: location)
            return
        }
        if exhaustivity == .off, let cause {
            // The changes before the first from `cause` are skipped.
            while let first = unasserted.first, !cause.matches(first.origin), unasserted.count > 1 {
                skipUnasserted(first, at: location)
            }
        }
        if exhaustivity == .off, cause == nil {
            // The first change where what the script states holds; those before it are skipped.
            if let match = unasserted.firstIndex(where: { change in
                var stated = change.state
                try? expected(&stated)
                return stated == change.state
            }) {
                for _ in 0..<match { skipUnasserted(unasserted[0], at: location) }
            }
        }
        let (actual, origin) = unasserted.removeFirst()
        if let cause, !cause.matches(origin) {
            fail("Expected a state change made by \(cause.description), but the next one came from \(describe(origin)).", at: location)
        }
        compare(expected, to: actual, context: "in the state change made by \(describe(origin))", at: location)
    }
}
