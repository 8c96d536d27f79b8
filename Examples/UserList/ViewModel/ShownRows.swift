import MVVMData

/// The rows of the loaded pages as every screen shows them (each through ``UserRecords``),
/// kept in step with the records incrementally: a change to a few users maps those rows again,
/// not 10,000.
///
/// A cache: ``rows(of:through:)`` gives what mapping every row through the records gives,
/// whatever it held before, as long as every change of the records is reported to
/// ``recordsChanged(_:)``. The ViewModel keeps it beside its state, as it keeps the search
/// index.
@MainActor
final class ShownRows {
    /// The pages' rows the cache was made from; compared by buffer first, so an unchanged list
    /// costs nothing to check.
    private var items: [User] = []
    /// Where each user is in `items` (the pages hold each id once).
    private var positions: [Int: Int] = [:]
    /// Each row as shown, `nil` when deleted or being deleted.
    private var shown: [User?] = []
    /// The rows as shown, deleted ones left out.
    private var result: [User] = []
    /// Users changed in the records since `result` was made.
    private var changed: Set<Int> = []

    /// The users of `items` as the records show them, in order, deleted ones left out.
    func rows(of items: [User], through records: UserRecords) -> [User] {
        if items != self.items {
            self.items = items
            positions = Dictionary(items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            shown = items.map { records.shown($0) }
            changed = []
            result = shown.compactMap { $0 }
        } else if !changed.isEmpty {
            var moved = false
            for id in changed {
                guard let position = positions[id] else { continue }
                let row = records.shown(items[position])
                if row != shown[position] {
                    shown[position] = row
                    moved = true
                }
            }
            changed = []
            if moved { result = shown.compactMap { $0 } }
        }
        return result
    }

    /// The records changed these users.
    func recordsChanged(_ ids: Set<Int>) {
        changed.formUnion(ids)
    }
}
