/// A scrolling list with a selected row, drawn by ``draw(into:in:)``.
public struct ListView: Sendable {
    /// The row texts.
    public var rows: [String]
    /// The selected row, kept visible; `nil` for none.
    public var selection: Int?
    /// The first row shown; ``draw(into:in:)`` adjusts it to keep the selection visible.
    public var scrollOffset: Int

    /// Creates a list.
    public init(rows: [String], selection: Int? = nil, scrollOffset: Int = 0) {
        self.rows = rows
        self.selection = selection
        self.scrollOffset = scrollOffset
    }

    /// The scroll offset that shows `selection` in `visibleRows` rows, moving as little as
    /// possible from `offset`.
    public static func scrollOffset(keeping selection: Int?, visibleRows: Int, from offset: Int, count: Int) -> Int {
        guard visibleRows > 0 else { return 0 }
        var offset = min(max(0, offset), max(0, count - visibleRows))
        if let selection {
            if selection < offset { offset = selection }
            if selection >= offset + visibleRows { offset = selection - visibleRows + 1 }
        }
        return max(0, offset)
    }

    /// Draws the visible rows into `rect`, the selected one inverse across the full width.
    ///
    /// - Returns: the scroll offset used, to store for the next draw.
    @discardableResult
    public func draw(into frame: inout Frame, in rect: Rect) -> Int {
        let offset = Self.scrollOffset(
            keeping: selection, visibleRows: rect.height, from: scrollOffset, count: rows.count)
        for line in 0..<rect.height {
            let index = offset + line
            guard index < rows.count else { break }
            let position = Position(row: rect.origin.row + line, column: rect.origin.column)
            let style = index == selection ? Style(inverse: true) : .plain
            if index == selection { frame.fill(at: position, columns: rect.width, style: style) }
            frame.put(rows[index], at: position, style: style, maxWidth: rect.width)
        }
        return offset
    }
}
