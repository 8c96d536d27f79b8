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
    /// How many of `shown` are `nil`: while none is, a row's place in `result` is its place in
    /// `items`, and a changed row is replaced there instead of mapping `result` again.
    private var hiddenCount = 0

    /// The users of `items` as the records show them, in order, deleted ones left out.
    func rows(of items: [User], through records: UserRecords) -> [User] {
        if items != self.items {
            self.items = items
            positions = Dictionary(items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            shown = items.map { records.shown($0) }
            changed = []
            result = shown.compactMap { $0 }
            hiddenCount = shown.count - result.count
        } else if !changed.isEmpty {
            var remap = false
            for id in changed {
                guard let position = positions[id] else { continue }
                let row = records.shown(items[position])
                guard row != shown[position] else { continue }
                let wasShown = shown[position] != nil
                hiddenCount += (row == nil ? 1 : 0) - (wasShown ? 0 : 1)
                shown[position] = row
                if let row, wasShown, hiddenCount == 0, !remap {
                    result[position] = row
                } else {
                    remap = true
                }
            }
            changed = []
            if remap {
                result = shown.compactMap { $0 }
                hiddenCount = shown.count - result.count
            }
        }
        return result
    }

    /// The records changed these users.
    func recordsChanged(_ ids: Set<Int>) {
        changed.formUnion(ids)
    }
}
