extension Frame {
    /// Draws `text` from `position` on one row, sanitised, clipped to `maxWidth` columns and to
    /// the frame's right edge; a wide character that would not fit whole is not drawn.
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
                if columns == 2 {
                    setCell(.continuation(style: style), row: position.row, column: column + 1)
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

    /// Sets one cell, blanking the other half of any wide character it overwrites. `cell`'s
    /// character must already be safe to draw (sanitised text, or a space).
    mutating func setCell(_ cell: Cell, row: Int, column: Int) {
        guard contains(row: row, column: column) else { return }
        let old = self[row, column]
        if old.isContinuation, !cell.isContinuation {
            storeSanitized(Cell(" ", style: self[row, column - 1].style), row: row, column: column - 1)
        }
        if !old.isContinuation, self[row, column + 1].isContinuation,
           DisplayWidth.columns(of: old.character) == 2 {
            storeSanitized(Cell(" ", style: old.style), row: row, column: column + 1)
        }
        storeSanitized(cell, row: row, column: column)
    }
}
