extension Frame {
    /// Draws `text` from `position` on one row, sanitised, clipped to `maxWidth` columns and to
    /// the frame's right edge; a character wider than one column that would not fit whole is
    /// not drawn.
    ///
    /// - Returns: the number of columns drawn.
    @discardableResult
    public mutating func put(
        _ text: String,
        at position: Position,
        style: Style = .plain,
        maxWidth: Int? = nil
    ) -> Int {
        guard position.row >= 0, position.row < height else { return 0 }
        let limit = min(width, position.column + max(0, maxWidth ?? width))
        var column = position.column
        for character in TerminalText.sanitize(text) {
            let columns = DisplayWidth.columns(of: character)
            if column + columns > limit { break }
            if column >= 0 {
                setCell(Cell(character, style: style), row: position.row, column: column)
                for offset in 1..<columns {
                    setCell(.continuation(style: style), row: position.row, column: column + offset)
                }
            }
            column += columns
        }
        return max(0, column - position.column)
    }

    /// Fills `columns` cells from `position` with spaces in `style` (e.g. a selection bar).
    public mutating func fill(at position: Position, columns: Int, style: Style = .plain) {
        for column in position.column ..< position.column + max(0, columns) {
            setCell(Cell(" ", style: style), row: position.row, column: column)
        }
    }

    /// Sets one cell, blanking the rest of any character wider than one column it overwrites
    /// part of. `cell`'s character must already be safe to draw (sanitised text, or a space).
    mutating func setCell(_ cell: Cell, row: Int, column: Int) {
        guard contains(row: row, column: column) else { return }
        var head = column
        while head > 0, self[row, head].isContinuation { head -= 1 }
        let style = self[row, head].style
        var other = head + 1
        while other < width, self[row, other].isContinuation {
            if other != column { storeSanitized(Cell(" ", style: style), row: row, column: other) }
            other += 1
        }
        if head != column { storeSanitized(Cell(" ", style: style), row: row, column: head) }
        storeSanitized(cell, row: row, column: column)
    }
}
