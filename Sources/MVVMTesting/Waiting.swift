public import MVVMCore

/// Moves `clock` forward, deadline by deadline, until `condition` holds: each step runs the work
/// the previous one woke (see ``TestClock``).
///
/// Use it when a test needs the effects to finish, not a precise moment (a retry's back-off);
/// for a precise moment (299 ms versus 300 ms), use
/// ``TestClock/advance(by:fileID:filePath:line:column:)``.
/// - Returns: whether `condition` held; `false` as soon as nothing sleeps on `clock` and it does
///   not hold (no later moment can change it).
///
/// Work that never stops running is reported at the caller, as
/// ``TestClock/advance(by:fileID:filePath:line:column:)`` reports it.
@MainActor
public func advance(
    _ clock: TestClock,
    until condition: @MainActor () -> Bool,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) async -> Bool {
    await clock.advance(by: .zero, fileID: fileID, filePath: filePath, line: line, column: column)
    while !condition() {
        guard let next = clock.nextDeadline else { return false }
        await clock.advance(to: next, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return true
}

/// Moves `clock` forward until `store` has no owned work left; see
/// ``advance(_:until:fileID:filePath:line:column:)``.
@MainActor
public func advanceUntilIdle<State>(
    _ store: StateStore<State>,
    clock: TestClock,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) async -> Bool {
    await advance(clock, until: { store.isIdle }, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Moves `clock` forward until `viewModel` has no owned work left; see
/// ``advance(_:until:fileID:filePath:line:column:)``.
@MainActor
public func advanceUntilIdle<Model: ViewModel>(
    _ viewModel: Model,
    clock: TestClock,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) async -> Bool {
    await advanceUntilIdle(viewModel.readOnlyStore.base, clock: clock, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Runs `viewModel`'s work until it has finished or waits on something the test controls (a
/// ``TestClock``, a stub's answer), without moving any clock and without the wall clock.
///
/// The ViewModel's work must run on a test executor: it does when the ViewModel is under a
/// ``ViewModelTester`` or its store's clock is a ``TestClock``. Otherwise its work runs on the
/// global pool, out of a test's reach, and this polls the wall clock, up to 30 s, for the store
/// to have no owned work: a fallback a test should not rely on (put the ViewModel under a tester,
/// or give its store a test clock).
/// - Returns: whether no owned work is left.
@MainActor
public func waitUntilIdle<Model: ViewModel>(_ viewModel: Model) async -> Bool {
    await waitUntilIdle(viewModel.readOnlyStore.base)
}

/// Runs `store`'s work until it has finished or waits on something the test controls; see
/// ``waitUntilIdle(_:)-(Model)``.
/// - Returns: whether no owned work is left.
@MainActor
public func waitUntilIdle<State>(_ store: StateStore<State>) async -> Bool {
    if let executor = store.workExecutor as? TestWorkExecutor {
        await executor.settle()
        return store.isIdle
    }
    return await waitUntil(timeout: .seconds(30)) { store.isIdle }
}

/// Runs the work of `clock`'s stores as far as it goes without moving time.
/// - Returns: whether a task then sleeps on `clock`.
public func waitUntilSleeping(_ clock: TestClock, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) async -> Bool {
    await clock.advance(by: .zero, fileID: fileID, filePath: filePath, line: line, column: column)
    return clock.sleeperCount > 0
}

/// Waits on the main actor until `condition` holds, polling on the wall clock: for this
/// package's own tests of work no test executor runs (a real socket, another process, a file the
/// system writes). `package`, not MVVMTesting's public API, which never waits on the wall clock
/// (issue 40): a ViewModel's work is run by ``ViewModelTester``,
/// ``TestClock/advance(by:fileID:filePath:line:column:)`` and ``waitUntilIdle(_:)-(Model)``.
///
/// The condition may itself wait, or throw (an actor's queue, read from disk); an error it
/// throws ends the wait and is thrown here.
///
/// ```swift
/// let server = try await LoopbackServer.start()
/// viewModel.onEvent(.refreshPulled)
/// #expect(await waitUntil { server.requestCount == 1 })
/// #expect(try await waitUntil(timeout: .seconds(20)) { try await outbox.pending.isEmpty })
/// ```
/// - Returns: whether `condition` held before `timeout` passed on the wall clock.
@MainActor
package func waitUntil(
    timeout: Duration = .seconds(5),
    _ condition: @MainActor () async throws -> Bool
) async rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var attempts = 0
    while try await !condition() {
        guard clock.now < deadline else { return false }
        attempts += 1
        if attempts < 200 {
            await Task.yield()
        } else {
            try? await clock.sleep(for: .milliseconds(1))
        }
    }
    return true
}
