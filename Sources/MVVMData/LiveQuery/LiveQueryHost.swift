import MVVMCore

/// What a ``LiveQuery`` shows through and runs its requests on: its screen's store, type-erased
/// (the binding, `StateStore.liveQuery(_:records:named:query:pageSize:rules:counts:searchDebounce:presenter:ended:fetchCounts:fetch:)`, makes it).
@MainActor
struct LiveQueryHost<Record: Identifiable> {
    /// Puts the result in the screen's state, with the end of a request if one ended.
    let showResult: @MainActor (_ result: LiveRows<Record>, _ end: LivePageEnd?) -> Void
    /// Runs a request as the screen's owned work; `onCancel` runs, in the update that puts the
    /// result back, if the work is called off before it ends, and says how the request ended.
    let runWork: @MainActor (
        _ work: LiveQueryWork, _ policy: WorkPolicy, _ onCancel: (@MainActor () -> LivePageEnd?)?, _ operation: @escaping @MainActor @Sendable () async -> Void
    ) -> Void
    /// Calls a request off, if it runs.
    let cancelWork: @MainActor (_ work: LiveQueryWork) -> Void

    func show(_ result: LiveRows<Record>, end: LivePageEnd? = nil) {
        showResult(result, end)
    }

    func run(
        _ work: LiveQueryWork, policy: WorkPolicy = .latestWins, onCancel: (@MainActor () -> LivePageEnd?)?,
        _ operation: @escaping @MainActor @Sendable () async -> Void
    ) {
        runWork(work, policy, onCancel, operation)
    }

    func cancel(_ work: LiveQueryWork) {
        cancelWork(work)
    }
}

/// The owned-work keys of one live query's requests.
enum LiveQueryWork: Hashable, Sendable {
    case page, counts, savedCounts, restore
    /// The saved records of the device's answer, read from a storage that answers queries.
    case deviceRows
    /// The refresh a new search text asks for once it rests (`LiveQuery.follow(_:)`).
    case search
}
