/// Wrapped text in a rectangle, scrolled by whole lines: a forecast's body, a long message.
public struct TextView: Sendable {
    /// The text; its own line breaks are kept.
    public var text: String
    /// The first line shown; ``draw(into:in:style:)`` clamps it.
    public var scrollOffset: Int

    /// Creates a view of `text` scrolled to line `scrollOffset`.
    public init(text: String, scrollOffset: Int = 0) {
        self.text = text
        self.scrollOffset = scrollOffset
    }

    /// Draws the lines that fit into `rect`.
    ///
    /// - Returns: the scroll offset used (at most the last line that still fills `rect`), to
    ///   store for the next draw.
    @discardableResult
    public func draw(into frame: inout Frame, in rect: Rect, style: Style = .plain) -> Int {
        let lines = TerminalText.wrap(text, width: rect.width)
        let offset = max(0, min(scrollOffset, lines.count - rect.height))
        for line in 0..<max(0, rect.height) {
            let index = offset + line
            guard index < lines.count else { break }
            frame.put(lines[index], at: Position(row: rect.origin.row + line, column: rect.origin.column), style: style, maxWidth: rect.width)
        }
        return offset
    }
}
