/// Lets work the repositories answer at once land: yields until `condition` holds, at most
/// 10,000 times, and says whether it holds (a test fails, never hangs, when it does not).
@MainActor
func settle(until condition: @MainActor () -> Bool) async -> Bool {
    for _ in 0..<10_000 where !condition() { await Task.yield() }
    return condition()
}
