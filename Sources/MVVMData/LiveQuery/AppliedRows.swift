public import MVVMCollections
import Synchronization

/// What a view that animates a live list has shown of it, so that it applies each change of
/// the rows once.
///
/// A view is handed the screen's state on every update, and most updates do not move a row (a
/// picture arriving, a banner): applying the last changes again would make `UITableView` raise
/// an inconsistency exception, and a diffable data source show rows twice. Keep one beside the
/// table, and ask it what to do with each value:
///
/// ```swift
/// private var applied = AppliedRows()
///
/// func show(_ users: LiveRows<User>) {
///     switch applied.update(to: users) {
///     case .unchanged:
///         break
///     case .reload:
///         tableView.reloadData()
///     case .apply(let diff):
///         tableView.performBatchUpdates { /* deleteRows, insertRows, moveRow from diff */ }
///         tableView.reloadRows(at: diff.reloads.map { IndexPath(row: $0, section: 0) }, with: .none)
///     }
/// }
/// ```
///
/// `.apply` comes when the view showed the rows the change starts from; `.reload` the first
/// time, and when it missed an update (an observation that coalesced two of them); `.unchanged`
/// when the rows are those it showed. A table fed every update of the live-query property test's
/// random runs this way ends equal to the rows computed from scratch, with nothing UIKit would
/// refuse (`LiveQueryPropertyTests`, `BatchUpdateTableView`).
public struct AppliedRows: Hashable, Sendable {
    /// The version of the rows shown; `nil` before the first, -1 for rows no live query made
    /// (version 0 with rows: a state written by hand), which no change starts from.
    private var version: Int?

    /// Nothing shown yet: the first update is a reload.
    public init() {}

    /// What the view does to show `rows`, given what it showed; afterwards `rows` is what it
    /// shows.
    ///
    /// - Parameter rows: the live list, as the screen's state has it now.
    /// - Returns: nothing to do, the changes since the rows shown, or a reload.
    public mutating func update<Record>(to rows: LiveRows<Record>) -> RowUpdate {
        defer { version = rows.version == 0 && !rows.rows.isEmpty ? -1 : rows.version }
        switch version {
        case rows.version?: return .unchanged
        case rows.base? where rows.base != rows.version: return .apply(rows.changes)
        default: return .reload
        }
    }
}

/// What a view does to show a live list's rows (``AppliedRows/update(to:)``).
public enum RowUpdate: Hashable, Sendable {
    /// The rows are those it shows.
    case unchanged
    /// The changes since the rows it shows: deletions by old position, insertions and moves to
    /// new positions in a batch, then the reloads by new position.
    case apply(ListDiff)
    /// Read every row again: the first time, or after an update it missed.
    case reload
}

/// The versions of live rows: each change of any live query's rows takes the next one, so two
/// different rows never share a version, even across lists.
let liveRowsVersions = Atomic<Int>(0)
