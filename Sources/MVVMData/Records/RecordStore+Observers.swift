public import MVVMCore

/// Who hears of a ``RecordStore``'s changes and failures: every screen of each change, one screen
/// (the one on top) of each failure.
extension RecordStore {
    /// A handler, for as long as its token is alive and not cancelled.
    @MainActor struct Listener<Value> {
        weak var token: ObservationToken?
        let handler: @MainActor (Value) -> Void
        var isLive: Bool { token?.isCancelled == false }
    }

    /// Calls `handler` after every change, for as long as the returned token is alive and not
    /// cancelled.
    public func observe(_ handler: @escaping @MainActor (RecordChange<ID>) -> Void) -> ObservationToken {
        let token = ObservationToken()
        observers.append(Listener(token: token, handler: handler))
        return token
    }

    /// Gives `handler` each failure the user should hear about, while the returned token is
    /// alive and not cancelled. Each failure goes to one handler only, the one registered last
    /// (the screen on top, when screens register as they are pushed): an error shows once, not
    /// once per screen. Failures that arrive while no handler is registered wait for the next
    /// one. What every screen must act on (writes lost) is a ``RecordChange`` for all.
    ///
    /// ```swift
    /// records.onWriteFailure { [weak self] failure in self?.writeFailed(failure) }
    ///     .store(in: store)   // for as long as the screen's store lives
    /// ```
    public func onWriteFailure(_ handler: @escaping @MainActor (RecordWriteFailure<Write>) -> Void) -> ObservationToken {
        let token = ObservationToken()
        presenters.append(Listener(token: token, handler: handler))
        let waiting = unpresented
        unpresented = []
        for failure in waiting { handler(failure) }
        return token
    }

    func notify(_ ids: Set<ID>, _ reason: RecordChange<ID>.Reason) {
        observers.removeAll { !$0.isLive }
        let change = RecordChange(ids: ids, reason: reason)
        tellingObservers {
            for observer in observers where observer.isLive { observer.handler(change) }
        }
    }

    func fail(_ failure: RecordWriteFailure<Write>) {
        presenters.removeAll { !$0.isLive }
        guard let presenter = presenters.last else { return unpresented.append(failure) }
        presenter.handler(failure)
    }
}
