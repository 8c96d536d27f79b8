extension StateStore {
    /// A mailbox through which the ViewModel's own background callbacks change the state: each
    /// batch of posted changes is applied in posting order as one ``update(_:)``, so observers are
    /// notified once per batch, never once per change.
    ///
    /// The store is private to its ViewModel, so only the ViewModel makes one; code outside it
    /// sends events through ``ViewModel/mailbox()`` instead.
    ///
    /// ```swift
    /// // In the ViewModel, which owns the store:
    /// let updates = store.mailbox()
    /// downloader.onProgress = { bytes in            // called on a background queue
    ///     updates.post { $0.receivedBytes = bytes }
    /// }
    /// ```
    ///
    /// The mailbox holds the store weakly: changes posted after the store is gone are dropped.
    public func mailbox() -> MainActorMailbox<@Sendable (inout State) -> Void> {
        MainActorMailbox { [weak self] changes in
            self?.update { state in
                for change in changes { change(&state) }
            }
        }
    }
}
