import MVVMCore
import Testing

// Moving a test clock's time: the work each moment wakes runs before the next moment is woken.
extension TestClock {
    /// Moves time forward by `duration`, running the work each moment wakes; see the type's
    /// documentation.
    ///
    /// Work that never stops running (a loop that never waits on this clock or on a stub) is cut
    /// off after 200,000 turns of the main actor and reported as a failure at the caller.
    ///
    /// - Parameters:
    ///   - duration: how far to move the clock; `.zero` runs what can run now.
    ///   - fileID: the file a failure is reported in; the caller's by default.
    ///   - filePath: the full path of that file; the caller's by default.
    ///   - line: the line a failure is reported at; the caller's by default.
    ///   - column: the column a failure is reported at; the caller's by default.
    public func advance(
        by duration: Duration = .zero,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async {
        await advance(to: now.advanced(by: duration), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Moves time forward, deadline by deadline, until `condition` holds: each step runs the work
    /// the previous one woke.
    ///
    /// For a test that needs the effects to finish, not a precise moment (a retry's back-off);
    /// for a precise moment (299 ms versus 300 ms), use ``advance(by:fileID:filePath:line:column:)``.
    ///
    /// ```swift
    /// viewModel.send(.retryTapped)
    /// #expect(await clock.advance(until: { viewModel.state.user.value != nil }))
    /// ```
    ///
    /// - Parameters:
    ///   - condition: what the test waits for, read after each step.
    ///   - fileID: the file a failure is reported in; the caller's by default.
    ///   - filePath: the full path of that file; the caller's by default.
    ///   - line: the line a failure is reported at; the caller's by default.
    ///   - column: the column a failure is reported at; the caller's by default.
    /// - Returns: whether `condition` held; `false` as soon as nothing sleeps on this clock and it
    ///   does not hold (no later moment can change it).
    @MainActor
    public func advance(
        until condition: @MainActor () -> Bool,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> Bool {
        await advance(by: .zero, fileID: fileID, filePath: filePath, line: line, column: column)
        while !condition() {
            guard let next = nextDeadline else { return false }
            await advance(to: next, fileID: fileID, filePath: filePath, line: line, column: column)
        }
        return true
    }

    /// Moves time forward to `deadline` (never back), running the work each moment wakes; see
    /// ``advance(by:fileID:filePath:line:column:)``.
    package func advance(
        to deadline: Instant,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async {
        // With no executor preference: a test's own task may prefer this clock's executor
        // (`perform(isolation:_:)`), and its own steps here are not work to wait for.
        await withTaskExecutorPreference(globalConcurrentExecutor) {
            let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
            await advanceWithoutPreference(to: deadline, at: location)
        }
    }

    private func advanceWithoutPreference(to deadline: Instant, at location: SourceLocation) async {
        var stopped = await executor.settle()
        while stopped, wakeNext(notAfter: deadline) {
            stopped = await executor.settle()
        }
        timeline.withLock { timeline in
            if timeline.now < deadline { timeline.now = deadline }
        }
        if stopped { stopped = await executor.settle() }
        if !stopped {
            await reporter.fail(
                "The work on this test clock never stopped running (\(TestWorkExecutor.turnLimit) turns of the main actor): "
                    + "a loop that never waits on the clock or on a stub.",
                at: location
            )
        }
    }

    /// Wakes the sleepers of the earliest deadline at or before `limit`, moving ``now`` there.
    /// - Returns: whether there were any.
    private func wakeNext(notAfter limit: Instant) -> Bool {
        let woken: [CheckedContinuation<Void, any Error>]? = timeline.withLock { timeline in
            let due = timeline.sleepers.filter { _, sleeper in
                switch sleeper.wait {
                case .registering, .waiting: sleeper.deadline <= limit
                case .cancelled, .due: false
                }
            }
            guard let earliest = due.values.map(\.deadline).min() else { return nil }
            if timeline.now < earliest { timeline.now = earliest }
            var continuations: [CheckedContinuation<Void, any Error>] = []
            // In the order they went to sleep.
            for (id, sleeper) in due.sorted(by: { $0.key < $1.key }) where sleeper.deadline == earliest {
                if case .waiting(let continuation) = sleeper.wait {
                    timeline.sleepers[id] = nil
                    continuations.append(continuation)
                } else {
                    timeline.sleepers[id]?.wait = .due
                }
            }
            return continuations
        }
        guard let woken else { return false }
        for continuation in woken { continuation.resume() }
        return true
    }
}
