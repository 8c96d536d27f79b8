/// An alert or confirm dialog: a centred box with a title, a message and its buttons.
public struct Dialog: Sendable {
    /// The title, on the top border.
    public var title: String
    /// The message.
    public var message: String
    /// The buttons' labels, e.g. `["Enter: Delete", "Esc: Cancel"]`.
    public var buttons: [String]
    /// Whether the buttons are drawn one under the other (a set of choices: an action sheet),
    /// rather than on one row.
    public var isStacked: Bool

    /// Creates a dialog; `isStacked` draws the buttons one per row.
    public init(title: String, message: String, buttons: [String], isStacked: Bool = false) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.isStacked = isStacked
    }

    /// Draws the dialog centred in `frame`, as wide as its content allows: five rows high, or
    /// four and one per button when stacked.
    public func draw(into frame: inout Frame) {
        let buttonLines = isStacked ? buttons : [buttons.joined(separator: "  ")]
        let content = max(DisplayWidth.columns(of: TerminalText.sanitize(title)) + 2,
                          DisplayWidth.columns(of: TerminalText.sanitize(message)),
                          buttonLines.map { DisplayWidth.columns(of: TerminalText.sanitize($0)) }.max() ?? 0)
        let width = min(frame.width, content + 4)
        let height = 4 + buttonLines.count
        let top = max(0, (frame.height - height) / 2)
        let left = max(0, (frame.width - width) / 2)
        let inner = max(0, width - 2)
        let border = Style(bold: true)
        frame.put("┌" + String(repeating: "─", count: inner) + "┐", at: Position(row: top, column: left), style: border)
        frame.put(" \(title) ", at: Position(row: top, column: left + 2), style: border, maxWidth: inner - 2)
        for row in 1..<(height - 1) {
            frame.put("│", at: Position(row: top + row, column: left), style: border)
            frame.fill(at: Position(row: top + row, column: left + 1), columns: inner)
            frame.put("│", at: Position(row: top + row, column: left + width - 1), style: border)
        }
        frame.put(message, at: Position(row: top + 1, column: left + 2), maxWidth: inner - 2)
        for (offset, line) in buttonLines.enumerated() {
            frame.put(line, at: Position(row: top + 3 + offset, column: left + 2), style: Style(foreground: .yellow), maxWidth: inner - 2)
        }
        frame.put("└" + String(repeating: "─", count: inner) + "┘", at: Position(row: top + height - 1, column: left), style: border)
    }
}
