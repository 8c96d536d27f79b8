public import MVVMCore

/// The key help on the bottom row, inverse across the full width.
public enum StatusBar {
    /// Draws `items` (e.g. `[AppText.backHint, UserListText.refreshHint]`: key hints are text a
    /// person reads) on the last row of `frame`, in the frame's ``Frame/language``.
    public static func draw(into frame: inout Frame, items: [LocalizedText]) {
        let items = items.map { $0.resolved(in: frame.language) }
        let row = frame.height - 1
        guard row >= 0 else { return }
        let style = Style(inverse: true)
        frame.fill(at: Position(row: row, column: 0), columns: frame.width, style: style)
        frame.put(" " + items.joined(separator: "  "), at: Position(row: row, column: 0), style: style)
    }
}
