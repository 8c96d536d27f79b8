/// A rectangle of a ``Frame`` a widget draws into.
public struct Rect: Hashable, Sendable {
    /// The top-left corner.
    public var origin: Position
    /// The number of columns.
    public var width: Int
    /// The number of rows.
    public var height: Int

    /// Creates a rectangle.
    public init(row: Int, column: Int, width: Int, height: Int) {
        self.origin = Position(row: row, column: column)
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The whole of `frame`.
    public init(_ frame: Frame) {
        self.init(row: 0, column: 0, width: frame.width, height: frame.height)
    }
}
