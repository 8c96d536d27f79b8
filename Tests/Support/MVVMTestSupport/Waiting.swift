public import MVVMCore
public import MVVMTesting

// This repository's own tests' shorthands (public for Demo/'s tests through `_MVVMTestSupport`, not API), not MVVMTesting's public API (one way per job: a test
// runs work with `ViewModelTester` and `TestClock`; the *Testing a ViewModel* article's table).

/// Moves `clock` forward until `store` has no owned work left; see
/// ``TestClock/advance(until:fileID:filePath:line:column:)``.
@MainActor
public func advanceUntilIdle<State>(
    _ store: StateStore<State>,
    clock: TestClock,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) async -> Bool {
    await clock.advance(until: { store.isIdle }, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Moves `clock` forward until `viewModel` has no owned work left; see
/// ``TestClock/advance(until:fileID:filePath:line:column:)``.
@MainActor
public func advanceUntilIdle<Model: ViewModel>(
    _ viewModel: Model,
    clock: TestClock,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) async -> Bool {
    await advanceUntilIdle(viewModel.readOnlyStore.base, clock: clock, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Runs `viewModel`'s work until it has finished or waits on something the test controls (a
/// ``TestClock``, a stub's answer), without moving any clock: on its test executor when it has
/// one, else (this package's loopback tests: a real socket, another process) polling the wall
/// clock, up to 30 s, for the store to have no owned work.
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
/// (issue 40): a ViewModel's work is run by ``ViewModelTester`` and ``TestClock``.
///
/// The condition may itself wait, or throw (an actor's queue, read from disk); an error it
/// throws ends the wait and is thrown here.
///
/// ```swift
/// let server = try await LoopbackServer.start()
/// viewModel.send(.refreshPulled)
/// #expect(await waitUntil { server.requestCount == 1 })
/// #expect(try await waitUntil(timeout: .seconds(20)) { try await outbox.pending.isEmpty })
/// ```
/// - Returns: whether `condition` held before `timeout` passed on the wall clock.
@MainActor
public func waitUntil(
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
