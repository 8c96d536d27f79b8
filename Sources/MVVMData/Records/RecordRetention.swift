/// How many of the records it has seen a ``RecordStore`` keeps, in memory and on the device:
/// the rest are forgotten, the least recently learnt first (the server's next answer brings one
/// back).
///
/// A record with a pending write, or on a screen (in a ``LiveQuery``'s rows, a
/// ``LiveRecordQuery``'s record), is never forgotten, even when the kept ones then outnumber
/// the rule. The rule is applied once the saved records and the waiting writes are restored,
/// and after the server's values are merged, as the store's own work after the change is told,
/// never inside it; the count is brought back to `maxCount` once it passes it by a tenth (so a
/// store at its limit forgets once per tenth of new records, not once per page).
///
/// ```swift
/// let users = RecordStore(outbox: outbox, storage: storage, retention: RecordRetention(maxCount: 10_000, maxAge: .seconds(30 * 86_400)))
/// ```
/// (`RecordRetentionTests`.)
public struct RecordRetention: Sendable, Equatable {
    /// The most records kept; `nil` for no limit.
    public var maxCount: Int?
    /// How long a record is kept after it was last learnt; `nil` for no limit.
    public var maxAge: Duration?

    /// Keeps at most `maxCount` records, none learnt longer ago than `maxAge`. A negative
    /// count keeps none but those pending or shown.
    public init(maxCount: Int? = nil, maxAge: Duration? = nil) {
        self.maxCount = maxCount.map { max(0, $0) }
        self.maxAge = maxAge
    }

    /// Every record seen is kept: the default.
    public static let forever = RecordRetention()
}
