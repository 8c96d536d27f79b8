import MVVMLocking

/// A fetch for a `ResourceLoader` that waits until the test answers it: a test decides when
/// each resource arrives (or fails), in any order, and sees which fetches started, which wait,
/// and which were cancelled.
///
/// ```swift
/// let fetches = ResourceFetchStub<String, Avatar>()
/// let loader = ResourceLoader<String, Avatar>(cost: { _ in 1 }) { try await fetches.fetch($0) }
/// // … the rows 0..<10 become visible …
/// #expect(fetches.waiting == ["/a/1", "/a/2", "/a/3", "/a/4", "/a/5", "/a/6"])
/// fetches.answer("/a/1", with: avatar)
/// ```
public final class ResourceFetchStub<Source: Hashable & Sendable, Resource: Sendable>: Sendable {
    private typealias Continuation = CheckedContinuation<Resource, any Error>

    private struct Fetch {
        let source: Source
        let continuation: Continuation
    }

    private struct Ledger {
        var started: [Source] = []
        var waiting: [(id: UInt64, fetch: Fetch)] = []
        var cancelled: [Source] = []
        var nextID: UInt64 = 0
        var unregistered: Set<UInt64> = []
        var cancelledBeforeRegistering: Set<UInt64> = []
    }

    private let ledger = Lock(Ledger())

    /// A stub with no fetch yet.
    public init() {}

    /// The fetch to give the loader: records `source` and waits for ``answer(_:with:)`` or
    /// ``fail(_:with:)``, or for the calling task's cancellation (`CancellationError`).
    public func fetch(_ source: Source) async throws -> Resource {
        let id = ledger.withLock { ledger in
            ledger.started.append(source)
            ledger.nextID += 1
            ledger.unregistered.insert(ledger.nextID)
            return ledger.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelled = ledger.withLock { ledger in
                    ledger.unregistered.remove(id)
                    if ledger.cancelledBeforeRegistering.remove(id) != nil { return true }
                    ledger.waiting.append((id, Fetch(source: source, continuation: continuation)))
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let continuation: Continuation? = ledger.withLock { ledger in
                ledger.cancelled.append(source)
                if ledger.unregistered.remove(id) != nil {
                    ledger.cancelledBeforeRegistering.insert(id)
                    return nil
                }
                guard let index = ledger.waiting.firstIndex(where: { $0.id == id }) else { return nil }
                return ledger.waiting.remove(at: index).fetch.continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Every source fetched so far, in the order the fetches started.
    public var started: [Source] { ledger.withLock { $0.started } }
    /// The sources whose fetches wait for an answer now, in the order they started.
    public var waiting: [Source] { ledger.withLock { $0.waiting.map(\.fetch.source) } }
    /// The sources whose fetches were cancelled, in the order they were.
    public var cancelled: [Source] { ledger.withLock { $0.cancelled } }

    /// Answers the oldest waiting fetch of `source` with `resource`.
    /// - Returns: `false` when no fetch of `source` waits.
    @discardableResult
    public func answer(_ source: Source, with resource: Resource) -> Bool {
        resume(source, with: .success(resource))
    }

    /// Fails the oldest waiting fetch of `source` with `error`.
    /// - Returns: `false` when no fetch of `source` waits.
    @discardableResult
    public func fail(_ source: Source, with error: any Error) -> Bool {
        resume(source, with: .failure(error))
    }

    private func resume(_ source: Source, with result: Result<Resource, any Error>) -> Bool {
        let continuation: Continuation? = ledger.withLock { ledger in
            guard let index = ledger.waiting.firstIndex(where: { $0.fetch.source == source }) else { return nil }
            return ledger.waiting.remove(at: index).fetch.continuation
        }
        continuation?.resume(with: result)
        return continuation != nil
    }
}
