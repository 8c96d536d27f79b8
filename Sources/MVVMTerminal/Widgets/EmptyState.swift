/// A dimmed message centred in a rectangle, for a list with nothing to show.
public enum EmptyState {
    /// Draws `message` centred in `rect`.
    public static func draw(into frame: inout Frame, in rect: Rect, message: String) {
        let width = min(rect.width, DisplayWidth.columns(of: TerminalText.sanitize(message)))
        let position = Position(
            row: rect.origin.row + rect.height / 2,
            column: rect.origin.column + (rect.width - width) / 2)
        frame.put(message, at: position, style: Style(dim: true), maxWidth: rect.width)
    }
}
