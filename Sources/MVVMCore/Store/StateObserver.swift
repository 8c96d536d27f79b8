/// A closure observer registered with a ``StateStore``; alive while its token is.
@MainActor
struct StateObserver<State> {
    weak var token: ObservationToken?
    let handler: @MainActor (State) -> Void

    var isLive: Bool {
        guard let token else { return false }
        return !token.isCancelled
    }
}
