import MVVMLocking

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
/// For a ViewModel, ``ViewModel/mailbox()`` posts events; the state changes of each batch reach
/// observers as one notification.
///
/// Its state is in a `Lock` (a pthread mutex, which ThreadSanitizer sees), and `deliver`, which
/// runs its user's code, is called outside it.
public final class MainActorMailbox<Message: Sendable>: Sendable {
    private struct Box {
        var pending: [Message] = []
        var isScheduled = false
        var hopCount = 0
    }

    private let box = Lock(Box())
    private let deliver: @MainActor @Sendable ([Message]) -> Void

    /// A mailbox that calls `deliver` on the main actor with each batch, in posting order.
    package init(deliver: @escaping @MainActor @Sendable ([Message]) -> Void) {
        self.deliver = deliver
    }

    /// Posts `message`, from any thread. Schedules a hop to the main actor only if none is
    /// pending already.
    public func post(_ message: Message) {
        let needsHop = box.withLock { box in
            box.pending.append(message)
            guard !box.isScheduled else { return false }
            box.isScheduled = true
            return true
        }
        guard needsHop else { return }
        Task { @MainActor in self.drain() }
    }

    /// How many hops to the main actor have delivered batches so far.
    public var hops: Int {
        box.withLock { $0.hopCount }
    }

    @MainActor
    private func drain() {
        let batch = box.withLock { box in
            box.isScheduled = false
            box.hopCount += 1
            defer { box.pending.removeAll(keepingCapacity: true) }
            return box.pending
        }
        deliver(batch)
    }
}
