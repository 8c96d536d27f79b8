/// The filter's answer (`LiveQueryRules.includes`) for each row of a live query's pages, for
/// one filter: the query with its search text cleared. A keystroke changes only the text, so it
/// reads these answers and runs no filter; a row that changes is answered again, alone.
struct PageFilter<Record: Identifiable, Query: Hashable> {
    /// The filter answered for, and the pages' generation; `nil` until one is answered.
    private var key: (filter: Query, generation: Int)?
    /// Whether the row at each position passes the filter (`false` for a row not shown).
    private var answers: [Bool] = []

    /// Whether the row at `position` passes the filter: answered by ``answer(_:query:generation:rules:)``.
    subscript(position: Int) -> Bool { answers[position] }

    /// Answers every row of `pages` for `query`'s filter, keeping the answers already given for
    /// it in this `generation` of the pages (and answering only the rows appended since).
    mutating func answer(_ pages: PageRows<Record>, query: Query, generation: Int, rules: LiveQueryRules<Record, Query>) {
        let filter = rules.filter(of: query)
        let isKept = key.map { $0.generation == generation && $0.filter == filter } ?? false
        if !isKept || answers.count > pages.count {
            key = (filter, generation)
            answers.removeAll(keepingCapacity: true)
        }
        answers.reserveCapacity(pages.count)
        // Locals, `if let` and the record read in its box: a property read, an `Optional.map` or
        // a read of `record` per row looks types up or copies the record (and its strings).
        let includes = rules.includes, rows = pages.rows
        for position in answers.count..<rows.count {
            if let row = rows[position] { answers.append(includes(row.box.record, query)) } else { answers.append(false) }
        }
    }

    /// Answers the rows at `positions` again (their rows changed), if answers are kept.
    mutating func answerAgain(at positions: [Int], of pages: PageRows<Record>, query: Query, rules: LiveQueryRules<Record, Query>) {
        guard let key, key.filter == rules.filter(of: query) else { return }
        let includes = rules.includes, rows = pages.rows
        for position in positions where position < answers.count {
            if let row = rows[position] { answers[position] = includes(row.box.record, query) } else { answers[position] = false }
        }
    }
}
