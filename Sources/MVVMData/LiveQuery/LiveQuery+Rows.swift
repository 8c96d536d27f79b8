import Foundation
import MVVMCollections

// The rows of a live query: computed from the server's pages (or the device's answer) for the
// query shown, and kept in step with the records' changes, by the ids that changed.
extension LiveQuery {
    /// The row at `position` of the pages if it shows for the query shown, whose search text is
    /// folded as `text` (`nil`: none): `filterAnswers` hold the filter's answers for the pages.
    func pageRow(at position: Int, of pages: PageRows<Record>, text: SearchIndex.Query?) -> LiveRow<Record>? {
        guard filterAnswers[position], pages.contains(text, at: position) else { return nil }
        return pages.rows[position]
    }

    func matchesText(_ record: Record) -> Bool {
        records.search?.matches(record, rules.text(of: query)) ?? true
    }

    /// Computes every row again: the server's pages, or the device's answer.
    func showAll() {
        let before = result.rows
        let positionsBefore = rowPagePositions
        let samePages = rowPagesGeneration == pagesGeneration && result.origin == .network
        if loadedQuery != nil {
            // Read through a local copy: a method of the class's `pages` copies them per call.
            let pages = self.pages
            let matching = pages.positions(matching: rules.text(of: query))
            // The filter's answers, kept while only the text changes: a keystroke runs no filter.
            filterAnswers.answer(pages, query: query, generation: pagesGeneration, rules: rules)
            let answers = filterAnswers
            var positions: [Int] = []
            positions.reserveCapacity(matching.count)
            for position in matching where answers[position] { positions.append(position) }
            result.origin = .network
            if samePages, positions == positionsBefore {
                // The same rows of the same pages (kept in step by `update`): the same value, whose
                // chunks the state shares (a keystroke that finds what the last one found), made
                // without copying a row.
                result.changes = ListDiff()
                return
            }
            var rows: [LiveRow<Record>] = []
            rows.reserveCapacity(positions.count)
            for position in positions { rows.append(pages.rows[position]!) }   // shown, above
            result.rows = ChunkedArray(rows)
            rowPagePositions = positions
            rowPagesGeneration = pagesGeneration
            if samePages {
                // Both are rows of the same pages, in page order: a merge of their positions.
                result.changes = PagePositions.diff(before, positionsBefore, rows, positions)
                return
            }
        } else {
            let (rows, hasMore) = deviceAnswer.rows(of: records, rules: rules, query: query, matchesText: matchesText)
            result.rows = ChunkedArray(rows)
            rowPagePositions = []
            let newest = rows.compactMap { records.learntDate(of: $0.id) }.max()
            result.origin = rows.isEmpty ? nil : .saved(at: newest ?? .distantPast)
            if !result.nextPage.isLoading { result.nextPage = hasMore ? .loaded : (rows.isEmpty ? .idle : .reachedEnd) }
        }
        result.changes = ListDiff(from: before, to: result.rows)
    }

    /// Reads the saved records of the device's answer from the storage, when the records are
    /// read on demand and this query and size were not read yet: the records come in as a
    /// change, and the answer follows. Called once the result is published (``publish(_:)``):
    /// a read replaces the one running, and the one running may be what told this change, whose
    /// updates after the replacement would be dropped with its work.
    func readDeviceAnswer() {
        guard records.readsOnDemand, rules.fields != nil, let host else { return }
        let read = DeviceAnswer<Write, Query>.Read(query: query, limit: deviceAnswer.limit)
        guard read != deviceAnswer.lastRead else { return }
        deviceAnswer.lastRead = read
        let records = records, rules = rules
        // No `onCancel`: a read replaced by a newer one puts nothing in the state (the rows being
        // computed when the newer one starts are not published yet). One that did not end (the
        // storage's read called off) is read again by the next computation of the answer.
        host.run(.deviceRows, onCancel: nil) { [weak self] in
            // A row more than shown: whether more follow.
            let ended = await records.loadSaved(matching: rules, query: read.query, limit: read.limit + 1)
            if !ended, self?.deviceAnswer.lastRead == read { self?.deviceAnswer.lastRead = nil }
        }
    }

    /// Updates the device's answer for a change of `ids` in place when it can: a row shown
    /// that still shows where it was (changed, or not), a record that does not show, or one that
    /// falls past the rows shown while more follow. - Returns: `false` when the answer must be
    /// computed again (a row comes, goes or moves).
    func updateDeviceAnswer(_ ids: Set<ID>) -> Bool {
        // A check per id: cheaper than computing the answer again, up to thousands of ids.
        guard ids.count <= 4096 else { return false }
        let isBefore = rules.areInIncreasingOrder
        let rows = result.rows
        var index: [ID: Int] = [:]
        var position = 0
        for row in rows {
            if ids.contains(row.id) { index[row.id] = position }
            position += 1
        }
        var replaced: [(position: Int, row: LiveRow<Record>)] = []
        let changed = Array(ids)
        let shownRows = records.shownRows(for: changed)
        // Folded once; each row's text is read as the records' search index folded it.
        let text = records.searchQuery(rules.text(of: query))
        for item in changed.indices {
            let id = changed[item], row = shownRows[item].row
            let record = row?.record
            let shows = record.map { rules.includes($0, query) && records.matches(shownRows[item], text) } ?? false
            if let position = index[id] {
                guard shows, let row, let record,
                      position == 0 || isBefore(rows[position - 1].record, record),
                      position == rows.count - 1 || isBefore(record, rows[position + 1].record)
                else { return false }
                if row != rows[position] { replaced.append((position, row)) }
            } else if shows, let record {
                guard result.nextPage == .loaded, let last = rows.last, isBefore(last.record, record) else { return false }
            }
        }
        var diff = ListDiff()
        for (position, row) in replaced.sorted(by: { $0.position < $1.position }) {
            result.rows[position] = row
            diff.reloads.append(position)
        }
        let newest = ids.compactMap { index[$0] == nil ? nil : records.learntDate(of: $0) }.max()
        if let newest, let shown = result.origin?.savedAt, newest > shown { result.origin = .saved(at: newest) }
        result.changes = diff
        return true
    }

    /// Rows for the page ids from `firstNew` on, appended.
    func appendRows(from firstNew: Int) {
        // Read through a local copy: a method of the class's `pages` copies them per call.
        let pages = self.pages
        let text = pages.query(rules.text(of: query))
        filterAnswers.answer(pages, query: query, generation: pagesGeneration, rules: rules)
        var diff = ListDiff()
        for position in firstNew..<pages.count {
            guard let row = pageRow(at: position, of: pages, text: text) else { continue }
            diff.insertions.append(result.rows.count)
            result.rows.append(row)
            rowPagePositions.append(position)
        }
        result.changes = diff
    }

    /// Updates the rows of the ids that changed, in place: each stays, goes, comes or changes.
    func update(_ ids: Set<ID>) {
        let affected = pages.positions(of: ids)
        guard !affected.isEmpty else { return }
        pages.set(records.shownRows(for: pages.ids(at: affected)), at: affected)
        filterAnswers.answerAgain(at: affected, of: pages, query: query, rules: rules)
        // Each id costs a look-up, and a row that comes or goes a move of the rows after it:
        // past half the pages, computing every row again costs less.
        if affected.count * 2 > pages.count { return showAll() }
        // Read through a local copy: a method of the class's `pages` copies them per call.
        let pages = self.pages
        let text = pages.query(rules.text(of: query))
        filterAnswers.answer(pages, query: query, generation: pagesGeneration, rules: rules)
        let answers = filterAnswers
        var diff = ListDiff()
        var leaving: [Int] = []
        var coming: [(position: Int, row: LiveRow<Record>)] = []
        var staying: [Int] = []
        // The rows and positions moved out of the class while they change: an access per row to
        // a class's property is checked (exclusivity) and looks its types up.
        var rows = result.rows, shown = rowPagePositions
        result.rows = []
        rowPagePositions = []
        defer {
            result.rows = rows
            rowPagePositions = shown
        }
        for position in affected {
            // `pageRow(at:of:text:)`, written out: a call per row looks its types up again.
            var new = pages.rows[position]
            if new != nil, !answers[position] || !pages.contains(text, at: position) { new = nil }
            let index = PagePositions.lowerBound(of: position, in: shown)
            let isShown = index < shown.count && shown[index] == position
            switch (isShown, new) {
            case (true, let new?):
                if rows[index] != new {
                    rows[index] = new
                    staying.append(position)
                }
            case (true, nil): leaving.append(index)
            case (false, let new?): coming.append((position, new))
            case (false, nil): break
            }
        }
        diff.deletions = leaving
        for index in leaving.reversed() {
            rows.remove(at: index)
            shown.remove(at: index)
        }
        for (position, row) in coming {
            let index = PagePositions.lowerBound(of: position, in: shown)
            rows.insert(row, at: index)
            shown.insert(position, at: index)
        }
        diff.insertions = coming.map { PagePositions.lowerBound(of: $0.position, in: shown) }
        diff.reloads = staying.map { PagePositions.lowerBound(of: $0, in: shown) }
        result.changes = diff
    }
}
