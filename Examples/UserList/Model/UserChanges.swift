public import MVVMCore

/// Where screens tell each other about users they changed: the user detail posts a toggle the
/// server saved, and the list, hidden below it, updates its row at once, so going back shows
/// the change without reloading.
///
/// One instance per app, given to every ViewModel that shows users. Handlers run on the main
/// actor, in the order they subscribed, while their token is alive and not cancelled.
///
/// ```swift
/// let changes = UserChanges()
/// let list = UserListViewModel(repository: repository, changes: changes)
/// let detail = UserDetailViewModel(userID: 42, repository: repository, changes: changes)
/// ```
@MainActor
public final class UserChanges {
    private struct Subscriber {
        weak var token: ObservationToken?
        let handler: @MainActor (UserChange) -> Void
    }

    private var subscribers: [Subscriber] = []

    /// Creates a channel with no subscribers.
    public init() {}

    /// Tells every subscriber about `change`.
    public func post(_ change: UserChange) {
        subscribers.removeAll { $0.token?.isCancelled ?? true }
        for subscriber in subscribers where subscriber.token?.isCancelled == false {
            subscriber.handler(change)
        }
    }

    /// Calls `handler` with each change posted from now on, for as long as the returned token
    /// is alive and not cancelled.
    public func subscribe(_ handler: @escaping @MainActor (UserChange) -> Void) -> ObservationToken {
        let token = ObservationToken()
        subscribers.append(Subscriber(token: token, handler: handler))
        return token
    }
}
