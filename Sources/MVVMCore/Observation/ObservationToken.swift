/// A handle that keeps one observation alive.
///
/// Every way of observing a ``StateStore`` (a closure, the ``observe(_:)`` helper, an async
/// sequence) returns or holds an `ObservationToken`. The observation lasts while the token is
/// alive and not cancelled: release the token, or call ``cancel()``, and no further value is
/// delivered. A token holds your handler, never the store or the ViewModel it observes.
///
/// What the handler captures lives as long as the handler:
/// - ``observe(_:)``'s token lets go of its handler as soon as it is cancelled or released
///   (`ObserveTests.releasingTheTokenLetsAStronglyCapturedStoreGo`);
/// - a store's closure subscription (``StateStore/subscribe(sendCurrent:_:)``, and the
///   ViewModel's) *is* its token: the store keeps a released one until its next delivery, and
///   tells that you released it from its reference count. A `subscribe` handler that captures
///   the ViewModel strongly therefore keeps it alive until a change that may never come. Use
///   the state the handler is given, or capture the ViewModel `weak` (`LeakTracker` in
///   MVVMTesting finds such a cycle).
///
/// ```swift
/// final class ProfileViewController {
///     private var tokens: Set<ObservationToken> = []
///
///     func bind() {
///         viewModel.subscribe { [weak self] state in self?.render(state) }
///             .store(in: &tokens)
///     }
/// }
/// ```
///
/// A store's closure observer *is* its token (a subclass that also holds the closure), so a
/// subscription costs one small object and a slot in the store's list.
@MainActor
public class ObservationToken: Hashable {
    /// Live or cancelled, and what to run on cancellation: one word, so that the store's
    /// subscriptions, which subclass the token, stay small.
    /// ``cancel()`` reads and writes it before running the action: no access to it spans a
    /// call out.
    @usableFromInline final var phase: Phase

    /// Creates a token; `onCancel` runs once, on the first call to ``cancel()``.
    public init(onCancel: (@MainActor () -> Void)? = nil) {
        phase = onCancel.map { .liveUntilCancelled(CancelAction($0)) } ?? .live
    }

    /// Whether ``cancel()`` has been called.
    @inlinable
    public final var isCancelled: Bool {
        if case .cancelled = phase { return true }
        return false
    }

    /// Stops the observation now, and lets go of the handler. Calling it again does nothing.
    public func cancel() {
        let previous = phase
        phase = .cancelled
        if case .liveUntilCancelled(let action) = previous { action.run() }
    }

    /// Keeps the token alive for as long as the set that holds it.
    public final func store(in set: inout Set<ObservationToken>) {
        set.insert(self)
    }

    /// Keeps the token alive for as long as the array that holds it.
    public final func store(in array: inout [ObservationToken]) {
        array.append(self)
    }

    /// Tokens are equal only to themselves.
    public nonisolated static func == (lhs: ObservationToken, rhs: ObservationToken) -> Bool {
        lhs === rhs
    }

    /// Hashes the token's identity.
    public nonisolated final func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

extension ObservationToken {
    /// A token's phase; its size is one pointer (the payload's spare values encode the others).
    @usableFromInline
    enum Phase {
        case live
        case liveUntilCancelled(CancelAction)
        case cancelled
    }

    /// The closure a token runs when cancelled, boxed to keep ``Phase`` one word.
    @MainActor
    @usableFromInline
    final class CancelAction {
        let run: @MainActor () -> Void

        init(_ run: @escaping @MainActor () -> Void) {
            self.run = run
        }
    }
}
