/// One row of a ``LiveQuery``: the record as every screen shows it (the server's value with the
/// pending writes applied), and what the row shows of those writes.
///
/// A value, kept in one shared, immutable box: a copy of a row (100,000 of them when a keystroke
/// filters the loaded rows, `key-to-frame/100k-rows_search`) costs one reference count, not one
/// per string of the record, and two copies of one row compare equal without comparing their
/// records. Setting ``record`` or ``pending`` makes a new box; other copies keep theirs.
public struct LiveRow<Record: Identifiable>: Identifiable {
    /// The shared storage (read `box.record` to pass the record on without copying it).
    private(set) var box: LiveRowBox<Record>

    /// The record as shown.
    public var record: Record {
        get { box.record }
        set { box = LiveRowBox(record: newValue, pending: box.pending) }
    }

    /// The write the server has not answered yet, if any: the row's "…".
    public var pending: PendingWrite? {
        get { box.pending }
        set { box = LiveRowBox(record: box.record, pending: newValue) }
    }

    /// The record's id.
    public var id: Record.ID { box.record.id }

    /// A row showing `record`, with `pending` if a write to it waits.
    public init(_ record: Record, pending: PendingWrite? = nil) {
        box = LiveRowBox(record: record, pending: pending)
    }
}

/// The storage of a ``LiveRow``: never written after it is made.
final class LiveRowBox<Record> {
    let record: Record
    let pending: PendingWrite?

    init(record: Record, pending: PendingWrite?) {
        self.record = record
        self.pending = pending
    }
}

// Immutable (`let` fields only): safe to share between threads when its record is.
extension LiveRowBox: Sendable where Record: Sendable {}

extension LiveRow: Equatable where Record: Equatable {
    /// Whether both show the same record with the same pending write.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.box === rhs.box || (lhs.box.record == rhs.box.record && lhs.box.pending == rhs.box.pending)
    }
}

extension LiveRow: Hashable where Record: Hashable {
    /// Hashes the record and the pending write, as ``==(_:_:)`` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.record)
        hasher.combine(box.pending)
    }
}

extension LiveRow: Sendable where Record: Sendable {}

extension LiveRow: CustomReflectable {
    /// The record and the pending write, as a struct of two fields shows them: what a test's
    /// failure message and a state diff (CustomDump) print, not the box that holds them.
    public var customMirror: Mirror {
        Mirror(self, children: ["record": box.record, "pending": box.pending as Any], displayStyle: .struct)
    }
}
