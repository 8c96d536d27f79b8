/// A handle that keeps one observation alive.
///
/// Every way of observing a ``StateStore`` (a closure, the ``observe(_:)`` helper, an async
/// sequence) returns or holds an `ObservationToken`. The observation lasts while the token is
/// alive and not cancelled: release the token, or call ``cancel()``, and no further value is
/// delivered. A token holds no reference to what it observes, so forgetting one never leaks a
/// ViewModel. (A store keeps a released token's few bytes until its next delivery, and tells
/// that you released it from its reference count.)
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
public final class ObservationToken: Hashable {
    /// Whether ``cancel()`` has been called.
    public private(set) var isCancelled = false
    private var onCancel: (@MainActor () -> Void)?

    /// Creates a token; `onCancel` runs once, on the first call to ``cancel()``.
    public init(onCancel: (@MainActor () -> Void)? = nil) {
        self.onCancel = onCancel
    }

    /// Stops the observation now. Calling it again does nothing.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        let onCancel = self.onCancel
        self.onCancel = nil
        onCancel?()
    }

    /// Keeps the token alive for as long as the set that holds it.
    public func store(in set: inout Set<ObservationToken>) {
        set.insert(self)
    }

    /// Keeps the token alive for as long as the array that holds it.
    public func store(in array: inout [ObservationToken]) {
        array.append(self)
    }

    /// Tokens are equal only to themselves.
    public nonisolated static func == (lhs: ObservationToken, rhs: ObservationToken) -> Bool {
        lhs === rhs
    }

    /// Hashes the token's identity.
    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
