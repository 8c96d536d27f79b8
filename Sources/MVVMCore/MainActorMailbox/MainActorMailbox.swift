import Foundation

/// Carries messages posted from any thread to the main actor, in batches: however many
/// messages arrive before the main actor gets to them, they cost one hop.
///
/// A download reporting progress, a socket, a sensor: background producers post as often as
/// they like, and the main actor wakes once per batch instead of once per message. Messages
/// arrive in the order they were posted (per posting thread, and globally for posts ordered by
/// the program), and none is dropped.
///
/// ```swift
/// let progress = MainActorMailbox<Int> { [weak self] received in
///     self?.progressView.progress = Double(received.last!) / 100
/// }
/// // on any thread:
/// progress.post(42)
/// ```
///
/// For a ``StateStore``, ``StateStore/mailbox()`` posts state changes and applies each batch as
/// one ``StateStore/update(_:)``: one notification per batch.
///
/// `@unchecked Sendable`: `pending`, `isScheduled` and `hopCount` are read and written only
/// while `lock` is held, and `deliver` is an immutable `@Sendable` closure.
public final class MainActorMailbox<Message: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [Message] = []
    private var isScheduled = false
    private var hopCount = 0
    private let deliver: @MainActor @Sendable ([Message]) -> Void

    /// A mailbox that calls `deliver` on the main actor with each batch, in posting order.
    public init(deliver: @escaping @MainActor @Sendable ([Message]) -> Void) {
        self.deliver = deliver
    }

    /// Posts `message`, from any thread. Schedules a hop to the main actor only if none is
    /// pending already.
    public func post(_ message: Message) {
        let needsHop = lock.withLock {
            pending.append(message)
            guard !isScheduled else { return false }
            isScheduled = true
            return true
        }
        guard needsHop else { return }
        Task { @MainActor in self.drain() }
    }

    /// How many hops to the main actor have delivered batches so far.
    public var hops: Int {
        lock.withLock { hopCount }
    }

    @MainActor
    private func drain() {
        let batch = lock.withLock {
            isScheduled = false
            hopCount += 1
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
        deliver(batch)
    }
}
