public import MVVMCore

/// Waits on the main actor until `condition` holds, letting other tasks and the main queue run
/// meanwhile.
///
/// Time never drives the code under test: this only bounds how long a test waits for work that
/// is already unblocked (a value hopping to the main queue, a stubbed response) before the test
/// checks the outcome.
///
/// ```swift
/// backgroundQueue.async { subject.send(1) }
/// _ = await waitUntil { received == [1] }
/// #expect(received == [1])
/// ```
/// - Returns: whether `condition` held before `timeout` passed on the wall clock.
@MainActor
public func waitUntil(timeout: Duration = .seconds(5), _ condition: @MainActor () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var attempts = 0
    while !condition() {
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

/// Lets tasks already unblocked on other threads run: many round trips through the global
/// executor. Used before and after a test clock moves.
public func settle(rounds: Int = 50) async {
    for _ in 0..<rounds {
        await Task.detached(priority: .background) { await Task.yield() }.value
    }
}

extension Duration {
    /// "2 seconds", "250 ms": for failure messages.
    var readable: String {
        let (seconds, attoseconds) = components
        if attoseconds == 0 { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
        return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
    }
}

/// Moves `clock` forward until `condition` holds: each round lets unblocked work reach the
/// clock, then wakes every sleeper (in deadline order). Unlike `TestClock.run()`, work that
/// reaches the clock late (a queued task, a slow CI machine) is still woken, and no wall-clock
/// limit applies to a single round.
///
/// Use it when a test needs the effects to finish, not a precise moment; for a precise moment
/// (299 ms versus 300 ms), use `advance(by:)`.
///
/// It returns as soon as `condition` holds; the 30 s default only bounds a failing wait. Each
/// round lets background-priority tasks run, and when a whole test suite starts at once they
/// wait behind every other test: 10 s, the old default, once ran out for a retry that needed
/// three rounds.
/// - Returns: whether `condition` held before `timeout` passed on the wall clock.
@MainActor
public func advance(
    _ clock: TestClock<Duration>,
    until condition: @MainActor () -> Bool,
    timeout: Duration = .seconds(30)
) async -> Bool {
    let wall = ContinuousClock()
    let deadline = wall.now.advanced(by: timeout)
    while !condition() {
        guard wall.now < deadline else { return false }
        await settle(rounds: 10)
        await clock.advance(by: .seconds(3600))
        await settle(rounds: 10)
    }
    return true
}

/// Moves `clock` forward until `store` has no owned work left; see ``advance(_:until:timeout:)``.
@MainActor
public func advanceUntilIdle<State>(
    _ store: StateStore<State>,
    clock: TestClock<Duration>,
    timeout: Duration = .seconds(30)
) async -> Bool {
    await advance(clock, until: { store.isIdle }, timeout: timeout)
}

/// Moves `clock` forward until `viewModel` has no owned work left; see ``advance(_:until:timeout:)``.
@MainActor
public func advanceUntilIdle<Model: ViewModel>(
    _ viewModel: Model,
    clock: TestClock<Duration>,
    timeout: Duration = .seconds(30)
) async -> Bool {
    await advanceUntilIdle(viewModel.readOnlyStore.base, clock: clock, timeout: timeout)
}

/// Waits, without moving any test clock, until `viewModel` has no owned work left.
/// - Returns: whether it became idle before `timeout` passed on the wall clock.
@MainActor
public func waitUntilIdle<Model: ViewModel>(_ viewModel: Model, timeout: Duration = .seconds(30)) async -> Bool {
    await waitUntilIdle(viewModel.readOnlyStore.base, timeout: timeout)
}

/// Waits, without moving any test clock, until `store` has no owned work left.
/// - Returns: whether it became idle before `timeout` passed on the wall clock.
@MainActor
public func waitUntilIdle<State>(_ store: StateStore<State>, timeout: Duration = .seconds(30)) async -> Bool {
    await waitUntil(timeout: timeout) { store.isIdle }
}

/// Waits until at least one task sleeps on `clock`, so that advancing it wakes that task: work
/// started on another thread may take a moment to reach its `sleep`. It returns as soon as one
/// does; the 30 s default only bounds a failing wait (under ThreadSanitizer, with every suite
/// running at once, 5 s was once too short for a sleeper that did come).
/// - Returns: whether a sleeper appeared before `timeout` passed on the wall clock.
public func waitUntilSleeping(_ clock: TestClock<Duration>, timeout: Duration = .seconds(30)) async -> Bool {
    let wall = ContinuousClock()
    let deadline = wall.now.advanced(by: timeout)
    while wall.now < deadline {
        do {
            try await clock.checkSuspension()   // throws when something is suspended on the clock
        } catch {
            return true
        }
        await settle(rounds: 2)
    }
    return false
}
