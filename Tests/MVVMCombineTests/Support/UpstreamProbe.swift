import Foundation
import MVVMCombine

/// Watches what an operator does to one upstream: the demand it requests, and whether it cancels.
final class UpstreamProbe: @unchecked Sendable {
    // `@unchecked Sendable`: both properties are only touched while `lock` is held.
    private let lock = NSLock()
    private var recordedRequests: [Subscribers.Demand] = []
    private var cancelled = false

    var requests: [Subscribers.Demand] { lock.withLock { recordedRequests } }
    var wasCancelled: Bool { lock.withLock { cancelled } }

    /// `publisher`, reporting to this probe.
    func watch<P: Publisher>(_ publisher: P) -> Publishers.HandleEvents<P> {
        publisher.handleEvents(
            receiveCancel: { [self] in lock.withLock { cancelled = true } },
            receiveRequest: { [self] demand in lock.withLock { recordedRequests.append(demand) } }
        )
    }
}

struct Boom: Error, Equatable {}

extension Subscribers.Completion where Failure: Equatable {
    /// Whether two completions are the same (Combine's `Completion` is only `Equatable` on Apple).
    func isSame(as other: Self) -> Bool {
        switch (self, other) {
        case (.finished, .finished): true
        case (.failure(let lhs), .failure(let rhs)): lhs == rhs
        default: false
        }
    }
}

/// Runs `body(i)` for `i` in `0..<count` on that many threads at once.
func concurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    DispatchQueue.concurrentPerform(iterations: count, execute: body)
}

/// Carries subjects into `concurrently`'s threads.
///
/// `@unchecked Sendable`: OpenCombine's subjects are not marked `Sendable`, but guard their
/// state with a lock, and Combine allows `send` from any thread; each thread in these tests
/// sends to its own subject only.
struct SubjectsAcrossThreads<Subject>: @unchecked Sendable {
    let subjects: [Subject]
}
