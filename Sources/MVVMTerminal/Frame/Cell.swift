/// One column of a ``Frame``: a grapheme and its style.
///
/// A wide character (display width 2) occupies two cells: the first holds the character, the
/// second is a *continuation* cell that holds nothing and is never written on its own.
public struct Cell: Hashable, Sendable {
    /// The grapheme shown in this column (a space for an empty cell, ignored for continuations).
    public var character: Character
    /// How the cell looks.
    public var style: Style
    /// Whether this cell is the second column of the wide character on its left.
    public var isContinuation: Bool

    /// Creates a cell holding `character`.
    public init(_ character: Character = " ", style: Style = .plain) {
        self.character = character
        self.style = style
        self.isContinuation = false
    }

    /// The second column of a wide character drawn with `style`.
    public static func continuation(style: Style) -> Cell {
        var cell = Cell(" ", style: style)
        cell.isContinuation = true
        return cell
    }

    /// An empty cell with the default style.
    public static let blank = Cell()
}
