public import Foundation

/// Where an ``Outbox`` keeps its queue: records appended in order, each marked done once the
/// server answered it.
///
/// Two come with swift-mvvm: ``FileOutboxStorage`` (an append-only journal in a folder, safe for
/// several processes sharing it) and ``InMemoryOutboxStorage`` (tests and previews).
///
/// The contract, which `OutboxStorageContractTests` checks for both:
/// - ``append(_:)`` returns once the record is durable: a process killed after it returns still
///   has the record when it starts again.
/// - A record marked done is never returned again, by this instance or another sharing the
///   storage. A mark may be lost to a crash (it need not be flushed): the write is then sent
///   again, under the same id, which the server takes as an idempotency key.
/// - The cost of ``markDone(_:)`` and ``first()`` does not grow with the queue's length.
/// - Bytes that do not read back as records are never dropped silently: they are kept aside and
///   reported once by ``takeProblems()``.
public protocol OutboxStorage: Sendable {
    /// Appends `record` at the end of the queue, durably.
    func append(_ record: OutboxRecord) async throws(CacheStoreError)
    /// Takes the record `id` out of the queue (delivered or refused). Unknown ids are ignored.
    func markDone(_ id: UUID) async throws(CacheStoreError)
    /// The oldest record not done, as every process sharing the storage left it.
    func first() async throws(CacheStoreError) -> OutboxRecord?
    /// Every record not done, oldest first.
    func all() async throws(CacheStoreError) -> [OutboxRecord]
    /// What went wrong with the stored queue since the last call (damaged bytes kept aside),
    /// each reported once.
    func takeProblems() async -> [OutboxProblem]
}

/// Something wrong with an outbox's stored queue that the user should hear about.
public enum OutboxProblem: Hashable, Sendable, CustomStringConvertible {
    /// `byteCount` bytes of the stored queue did not read as writes (a cut or damaged file):
    /// the writes in them may be lost. The whole file was copied to `keptAt` before the queue
    /// was repaired, so nothing is deleted.
    case damaged(byteCount: Int, keptAt: String?)
    /// A write the server answered could not be marked done (the folder became read-only, the
    /// disk is full): it will be sent again after a restart, under the same idempotency key.
    case cannotRecordAnswer(CacheStoreError)

    /// What went wrong, for logs and alerts.
    public var description: String {
        switch self {
        case .damaged(let byteCount, let keptAt):
            "\(byteCount) bytes of the saved outbox could not be read" + (keptAt.map { "; the file was kept at \($0)" } ?? "")
        case .cannotRecordAnswer(let error):
            "a delivered write could not be marked done: \(error)"
        }
    }
}
