public import MVVMCore

/// A width × height grid of ``Cell``s: what one screen looks like.
///
/// Screens draw into a frame with pure functions; the ``FrameRenderer`` turns the difference
/// between two frames into bytes. ``text`` gives the frame as plain lines for snapshot tests.
public struct Frame: Hashable, Sendable {
    /// The number of columns.
    public let width: Int
    /// The number of rows.
    public let height: Int
    /// The cells, row after row.
    public private(set) var cells: [Cell]
    /// The colours of the terminal the frame is for: the renderer writes colours as it can show
    /// them, and a screen can draw a text fallback where colour carries the meaning (``TerminalApp``
    /// sets it from the session; ``ColorSupport/trueColor`` by default).
    public var colorSupport: ColorSupport = .trueColor
    /// The language the frame's text is drawn in: `LocalizedText` resolves in it
    /// (``TerminalApp`` sets it from the environment, `Language.preferred(environment:)`;
    /// English by default).
    public var language: Language = .english

    /// Creates a frame of blank cells; negative sizes are treated as 0.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at `row`, `column`; reading outside the frame gives a blank cell and writing
    /// outside it does nothing. A cell whose character holds a control (ESC, a line break, a
    /// bidi override: see ``TerminalText/sanitize(_:)``) is stored as
    /// ``TerminalText/replacement``, so no cell can make the terminal act instead of draw.
    public subscript(row: Int, column: Int) -> Cell {
        get {
            guard contains(row: row, column: column) else { return .blank }
            return cells[row * width + column]
        }
        set {
            guard contains(row: row, column: column) else { return }
            var cell = newValue
            if cell.character.unicodeScalars.contains(where: TerminalText.isControl) {
                cell.character = TerminalText.replacement
            }
            cells[row * width + column] = cell
        }
    }

    /// Stores `cell` as is: for `put` and `fill`, whose characters come from
    /// ``TerminalText/sanitize(_:)`` or are spaces, so the subscript's check for cells made
    /// elsewhere is not paid twice on the drawing path. Writing outside the frame does nothing.
    mutating func storeSanitized(_ cell: Cell, row: Int, column: Int) {
        guard contains(row: row, column: column) else { return }
        cells[row * width + column] = cell
    }

    /// Whether `row`, `column` lies inside the frame.
    public func contains(row: Int, column: Int) -> Bool {
        row >= 0 && row < height && column >= 0 && column < width
    }

    /// The cells of one row.
    public func row(_ row: Int) -> ArraySlice<Cell> {
        guard row >= 0 && row < height else { return [] }
        return cells[row * width ..< (row + 1) * width]
    }

    /// The frame as plain lines joined by newlines, styles dropped, continuation cells skipped
    /// and trailing spaces trimmed: the form snapshot tests compare.
    public var text: String {
        (0..<height).map { line($0) }.joined(separator: "\n")
    }

    /// One row as plain text, trailing spaces trimmed.
    public func line(_ row: Int) -> String {
        var text = ""
        for cell in self.row(row) where !cell.isContinuation {
            text.append(cell.character)
        }
        while text.last == " " { text.removeLast() }
        return text
    }
}
