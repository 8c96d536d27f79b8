/// Alerts and other one-shot messages, kept in state until the user dismisses them.
///
/// A one-shot message must show once and never again after it is dismissed, even when a view
/// subscribes again (a SwiftUI view re-created, a screen re-bound). Keeping it in state, with an
/// id, gets both right: a new observer sees the message that is still up, and a dismissed message
/// is gone for good. Dismissing by id makes a late or doubled dismiss harmless: it can never
/// remove the next message.
///
/// ```swift
/// struct State: Equatable { var alerts = OneShotQueue<ErrorPresentation>() }
///
/// // ViewModel, on failure:
/// update { $0.alerts.enqueue(presentation) }
/// // View: show `state.alerts.current`; on dismiss:
/// viewModel.onEvent(.alertDismissed(id))   // → update { $0.alerts.dismiss(id) }
/// ```
public struct OneShotQueue<Message: Equatable>: Equatable {
    /// One queued message and its id.
    public struct Entry: Identifiable, Equatable {
        /// Unique within its queue, never reused.
        public let id: Int
        /// The message to show.
        public let message: Message
    }

    /// Messages not yet dismissed, oldest first.
    public private(set) var pending: [Entry] = []
    private var nextID = 1

    /// An empty queue.
    public init() {}

    /// The message to show now: the oldest one not yet dismissed.
    public var current: Entry? { pending.first }

    /// Whether nothing is waiting to be shown.
    public var isEmpty: Bool { pending.isEmpty }

    /// Adds a message, unless an equal one is already waiting (the same error reported by two
    /// failed requests shows once).
    ///
    /// - Returns: the id of the new entry, or `nil` when an equal message was already waiting.
    @discardableResult
    public mutating func enqueue(_ message: Message) -> Int? {
        guard !pending.contains(where: { $0.message == message }) else { return nil }
        let id = nextID
        nextID += 1
        pending.append(Entry(id: id, message: message))
        return id
    }

    /// Removes the entry with `id` for good.
    ///
    /// - Returns: `false` when no such entry waits (already dismissed): nothing changes.
    @discardableResult
    public mutating func dismiss(_ id: Int) -> Bool {
        guard let index = pending.firstIndex(where: { $0.id == id }) else { return false }
        pending.remove(at: index)
        return true
    }
}

extension OneShotQueue: Sendable where Message: Sendable {}
extension OneShotQueue.Entry: Sendable where Message: Sendable {}

/// A queue of error alerts.
public typealias AlertQueue = OneShotQueue<ErrorPresentation>
