/// A labelled text field with its validation message on the row below.
public struct FormField: Sendable {
    /// The field.
    public var field: TextField
    /// The validation message, shown in red; `nil` when valid.
    public var message: String?

    /// Creates a form field.
    public init(field: TextField, message: String?) {
        self.field = field
        self.message = message
    }

    /// Draws the field on the first row of `rect` and the message on the second.
    public func draw(into frame: inout Frame, in rect: Rect) {
        field.draw(into: &frame, in: Rect(row: rect.origin.row, column: rect.origin.column, width: rect.width, height: 1))
        guard let message, rect.height > 1 else { return }
        frame.put("  " + message, at: Position(row: rect.origin.row + 1, column: rect.origin.column), style: Style(foreground: .red), maxWidth: rect.width)
    }
}
