/// A row of options with one selected, e.g. `[All] Active Inactive`.
public struct SegmentedControl: Sendable {
    /// The option titles.
    public var options: [String]
    /// The selected option.
    public var selection: Int

    /// Creates a segmented control.
    public init(options: [String], selection: Int) {
        self.options = options
        self.selection = selection
    }

    /// Draws the options on one row, the selected one bracketed and inverse.
    public func draw(into frame: inout Frame, at position: Position, maxWidth: Int) {
        var column = position.column
        let end = position.column + maxWidth
        for (index, option) in options.enumerated() {
            let selected = index == selection
            let text = selected ? "[\(option)]" : " \(option) "
            column += frame.put(text, at: Position(row: position.row, column: column), style: selected ? Style(inverse: true) : .plain, maxWidth: end - column)
            column += frame.put(" ", at: Position(row: position.row, column: column), maxWidth: end - column)
        }
    }
}
