/// A one-line text field with a label and, when focused, a cursor `▏` after the text.
public struct TextField: Sendable {
    /// The label before the field, e.g. `Search: `.
    public var label: String
    /// The text typed.
    public var text: String
    /// Shown dimmed when the text is empty.
    public var placeholder: String
    /// Whether the field has the keyboard: shows the cursor and underlines the text.
    public var isFocused: Bool

    /// Creates a text field.
    public init(label: String, text: String, placeholder: String = "", isFocused: Bool = false) {
        self.label = label
        self.text = text
        self.placeholder = placeholder
        self.isFocused = isFocused
    }

    /// Draws the field on the first row of `rect`; long text keeps its end (where the cursor is)
    /// visible.
    public func draw(into frame: inout Frame, in rect: Rect) {
        let row = rect.origin.row
        let end = rect.origin.column + rect.width
        var column = rect.origin.column
        column += frame.put(label, at: Position(row: row, column: column), style: Style(bold: true), maxWidth: rect.width)
        let room = end - column - (isFocused ? 1 : 0)
        guard room > 0 else { return }
        // The longest end of the text that fits, measured from its end: one pass over what is
        // shown, whatever the text's length (a saved search of 20,000 characters).
        let sanitized = TerminalText.sanitize(text)
        var start = sanitized.endIndex
        var width = 0
        while start > sanitized.startIndex {
            let previous = sanitized.index(before: start)
            let columns = DisplayWidth.columns(of: sanitized[previous])
            guard width + columns <= room else { break }
            width += columns
            start = previous
        }
        column += frame.put(String(sanitized[start...]), at: Position(row: row, column: column), style: Style(underline: isFocused), maxWidth: room)
        if isFocused { column += frame.put("▏", at: Position(row: row, column: column)) }
        if text.isEmpty {
            frame.put(placeholder, at: Position(row: row, column: column), style: Style(dim: true), maxWidth: end - column)
        }
    }
}
