/// A handle that keeps one observation alive.
///
/// Every way of observing a ``StateStore`` (a closure, the ``observe(_:)`` helper, an async
/// sequence) returns or holds an `ObservationToken`. The observation lasts while the token is
/// alive and not cancelled: release the token, or call ``cancel()``, and no further value is
/// delivered. A token holds your handler, never the store or the ViewModel it observes.
///
/// A released or cancelled token lets go of your handler, and what it captured, at once
/// (`FieldObserverTests.releasingATokenLetsGoOfItsHandlerAtOnce`,
/// `ObserveTests.releasingTheTokenLetsAStronglyCapturedStoreGo`).
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
@MainActor
public class ObservationToken: Hashable {
    /// What to run on the first ``cancel()``.
    private var onCancel: (@MainActor () -> Void)?
    /// Whether ``cancel()`` has been called.
    public private(set) final var isCancelled = false

    /// Creates a token; `onCancel` runs once, on the first call to ``cancel()``.
    public init(onCancel: (@MainActor () -> Void)? = nil) {
        self.onCancel = onCancel
    }

    /// Stops the observation now, and lets go of the handler. Calling it again does nothing.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        let action = onCancel   // read and cleared before it runs: it may cancel this token again
        onCancel = nil
        action?()
    }

    /// Keeps the token alive for as long as the set that holds it.
    public final func store(in set: inout Set<ObservationToken>) {
        set.insert(self)
    }

    /// Keeps the token alive for as long as the array that holds it.
    public final func store(in array: inout [ObservationToken]) {
        array.append(self)
    }

    /// Keeps the token alive for as long as `store` lives: what a ViewModel observes for its
    /// whole life (a shared record store's failures, a field of its own state) needs no token
    /// kept beside it. ``cancel()`` still ends it sooner.
    ///
    /// ```swift
    /// records.onWriteFailure { [weak self] failure in self?.writeFailed(failure) }
    ///     .store(in: store)
    /// ```
    public final func store<State>(in store: StateStore<State>) {
        store.side.heldTokens.append(self)
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
