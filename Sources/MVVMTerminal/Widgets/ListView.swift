/// A scrolling list with a selected row, drawn by ``draw(into:in:)``.
///
/// Only the rows that fit are made: a list of 10,000 users formats the 30 it shows, so a key
/// press costs the same whatever the length (the `key-to-frame` benchmark).
public struct ListView {
    /// How many rows the list has.
    public var count: Int
    /// The text of the row at an index in `0..<count`; asked only for the rows drawn.
    public var row: (Int) -> String
    /// The selected row, kept visible; `nil` for none.
    public var selection: Int?
    /// The first row shown; ``draw(into:in:)`` adjusts it to keep the selection visible.
    public var scrollOffset: Int

    /// Creates a list of `count` rows, whose texts `row` makes when they are drawn.
    public init(count: Int, selection: Int? = nil, scrollOffset: Int = 0, row: @escaping (Int) -> String) {
        self.count = max(0, count)
        self.row = row
        self.selection = selection
        self.scrollOffset = scrollOffset
    }

    /// Creates a list of `rows`.
    public init(rows: [String], selection: Int? = nil, scrollOffset: Int = 0) {
        self.init(count: rows.count, selection: selection, scrollOffset: scrollOffset) { rows[$0] }
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
            keeping: selection, visibleRows: rect.height, from: scrollOffset, count: count)
        for line in 0..<rect.height {
            let index = offset + line
            guard index < count else { break }
            let position = Position(row: rect.origin.row + line, column: rect.origin.column)
            let style = index == selection ? Style(inverse: true) : .plain
            if index == selection { frame.fill(at: position, columns: rect.width, style: style) }
            frame.put(row(index), at: position, style: style, maxWidth: rect.width)
        }
        return offset
    }
}
