import MVVMLocking

/// Wakes one waiting task: the outbox's deliverer, when a write is queued or delivery is
/// nudged. A ring with nobody waiting is kept for the next wait, so none is missed.
final class Doorbell: Sendable {
    private struct State {
        var rung = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Lock(State())

    /// Wakes the waiter, or the next one to wait.
    func ring() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.rung = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Forgets a ring nobody waited for: what it announced is about to be looked at anyway.
    func clear() {
        state.withLock { $0.rung = false }
    }

    /// Returns at the next ring (at once if one came since the last wait), or when the task is
    /// cancelled. One waiter at a time.
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    if state.rung || Task.isCancelled {
                        state.rung = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
