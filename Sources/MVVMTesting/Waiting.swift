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
