/// A closure observer registered with a ``StateStore``; alive while its token is.
///
/// The observer holds its token strongly and tells that the token was released from the token's
/// reference count: when the observer holds the only reference, nobody else does. That costs a
/// load per call, where a weak reference costs a side-table round trip and slows every retain
/// and release of the token.
@MainActor
@usableFromInline
struct StateObserver<Value> {
    /// The store's delivery in progress (or last) when the observer was added: it is called from
    /// the next delivery on, having received the current value when it subscribed.
    @usableFromInline let since: UInt64
    @usableFromInline var token: ObservationToken
    @usableFromInline let handler: @MainActor (Value) -> Void

    @usableFromInline
    init(since: UInt64 = 0, token: ObservationToken, handler: @escaping @MainActor (Value) -> Void) {
        self.since = since
        self.token = token
        self.handler = handler
    }

    /// Whether the token is still held elsewhere and not cancelled. Must be called on the
    /// stored observer (not a copy, which would hold a second reference).
    @inlinable
    mutating func isLive() -> Bool {
        !isKnownUniquelyReferenced(&token) && !token.isCancelled
    }
}

extension ContiguousArray {
    /// Removes the observers whose tokens are released or cancelled.
    @inlinable
    @MainActor
    mutating func removeDead<Value>() where Element == StateObserver<Value> {
        var isLive: [Bool] = []
        isLive.reserveCapacity(count)
        for index in indices { isLive.append(self[index].isLive()) }
        var kept = ContiguousArray()
        kept.reserveCapacity(count)
        for index in indices where isLive[index] { kept.append(self[index]) }
        self = kept
    }

    /// The number of observers whose tokens are held and not cancelled.
    @MainActor
    mutating func liveCount<Value>() -> Int where Element == StateObserver<Value> {
        var live = 0
        for index in indices where self[index].isLive() { live += 1 }
        return live
    }
}
