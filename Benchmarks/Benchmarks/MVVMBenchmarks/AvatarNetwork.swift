import Benchmark
import DemoScreens
import MallocInterposerSwift
import MVVMCore
import MVVMTerminal
import Synchronization
import UserListFeature

/// The network under the avatar fetches: it answers each request at once, or holds it until
/// the benchmark answers every request held (``answerAll()``), a slow network. A held request
/// whose task is cancelled ends with `CancellationError` when the benchmark lets the network
/// report it (``endCancelled()``, once the work of the key that cancelled it is done), as
/// `URLSession` reports a cancelled task later, on its own queue; or, with `cancelsAtOnce`, at
/// once, on the cancelled task's thread. The picture is then decoded by the fetch, as the
/// demo's is.
final class AvatarNetwork: Sendable {
    /// What the network has done.
    struct Counts: Hashable, Sendable, CustomStringConvertible {
        /// Fetches that reached the network.
        var started = 0
        /// Fetches that ended (answered, failed or cancelled).
        var ended = 0
        /// Fetches held, waiting for an answer.
        var waiting = 0
        /// Fetches cancelled, not yet ended (``endCancelled()`` ends them).
        var cancelling = 0
        /// Fetches answered with a picture.
        var answered = 0
        /// Held fetches cancelled.
        var cancelled = 0

        var description: String {
            "network: \(started) started, \(ended) ended, \(waiting) waiting, \(cancelling) cancelling, \(answered) answered, \(cancelled) cancelled"
        }
    }

    private typealias Continuation = CheckedContinuation<Void, any Error>

    private struct Ledger {
        var counts = Counts()
        var paths: [String] = []
        var held: [(id: Int, continuation: Continuation)] = []
        var cancelling: [Continuation] = []
        var unregistered: Set<Int> = []
        var cancelledBeforeRegistering: Set<Int> = []
    }

    private let answersAtOnce: Bool
    private let cancelsAtOnce: Bool
    private let picture: @Sendable () throws -> Avatar
    private let ledger = Mutex(Ledger())

    /// A network answering at once, or only when asked; each answer is made into a picture by
    /// `picture` (the PNG decoded).
    init(answersAtOnce: Bool, cancelsAtOnce: Bool = false, picture: @escaping @Sendable () throws -> Avatar) {
        self.answersAtOnce = answersAtOnce
        self.cancelsAtOnce = cancelsAtOnce
        self.picture = picture
    }

    /// The loader's fetch: the picture at `path`, once the network answers.
    func fetch(_ path: String) async throws -> Avatar {
        let id = ledger.withLock { ledger in
            ledger.paths.append(path)
            ledger.counts.started += 1
            if !answersAtOnce { ledger.unregistered.insert(ledger.counts.started) }
            return ledger.counts.started
        }
        defer { ledger.withLock { $0.counts.ended += 1 } }
        if !answersAtOnce {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: Continuation) in
                    let cancelled = ledger.withLock { ledger in
                        ledger.unregistered.remove(id)
                        if ledger.cancelledBeforeRegistering.remove(id) != nil { return true }
                        ledger.held.append((id, continuation))
                        ledger.counts.waiting += 1
                        return false
                    }
                    if cancelled { continuation.resume(throwing: CancellationError()) }
                }
            } onCancel: {
                let continuation: Continuation? = ledger.withLock { ledger in
                    ledger.counts.cancelled += 1
                    if ledger.unregistered.remove(id) != nil {
                        ledger.cancelledBeforeRegistering.insert(id)
                        return nil
                    }
                    guard let index = ledger.held.firstIndex(where: { $0.id == id }) else { return nil }
                    ledger.counts.waiting -= 1
                    let continuation = ledger.held.remove(at: index).continuation
                    guard !cancelsAtOnce else { return continuation }
                    ledger.cancelling.append(continuation)
                    ledger.counts.cancelling += 1
                    return nil
                }
                continuation?.resume(throwing: CancellationError())
            }
        }
        let avatar = try picture()
        ledger.withLock { $0.counts.answered += 1 }
        return avatar
    }

    /// Answers every fetch held.
    func answerAll() {
        let held = ledger.withLock { ledger in
            let held = ledger.held.map(\.continuation)
            ledger.held.removeAll()
            ledger.counts.waiting = 0
            return held
        }
        for continuation in held { continuation.resume() }
    }

    /// Ends the fetches cancelled since the last call, with `CancellationError`.
    func endCancelled() {
        let cancelled = ledger.withLock { ledger in
            let cancelled = ledger.cancelling
            ledger.cancelling.removeAll()
            ledger.counts.cancelling = 0
            return cancelled
        }
        for continuation in cancelled { continuation.resume(throwing: CancellationError()) }
    }

    var counts: Counts { ledger.withLock { $0.counts } }

    /// The addresses fetched, in the order the fetches reached the network, from the `index`th.
    func startedPaths(from index: Int) -> [String] {
        ledger.withLock { Array($0.paths[index...]) }
    }
}
