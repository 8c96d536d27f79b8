extension StateStore {
    /// A mailbox through which code on any thread changes the state: each batch of posted
    /// changes is applied in posting order as one ``update(_:)``, so observers are notified
    /// once per batch, never once per change.
    ///
    /// ```swift
    /// let updates = viewModel.store.mailbox()
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
