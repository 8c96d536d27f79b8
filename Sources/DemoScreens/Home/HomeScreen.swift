public import MVVMTerminal

/// The first screen: a menu of the demo's features.
@MainActor
public final class HomeScreen: Screen {
    /// One menu entry: its title and the screen it opens (`nil` quits).
    public struct Item {
        /// The title shown.
        public var title: String
        /// Makes the screen to open; `nil` for Quit.
        public var open: (@MainActor () -> any Screen)?

        /// Creates an entry.
        public init(title: String, open: (@MainActor () -> any Screen)?) {
            self.title = title
            self.open = open
        }
    }

    private let items: [Item]
    /// The highlighted entry.
    public private(set) var selection = 0

    /// Creates the menu.
    public init(items: [Item]) {
        self.items = items
    }

    /// Draws the title, the menu and the key help.
    public func render(into frame: inout Frame) {
        frame.put("swift-mvvm demo", at: Position(row: 0, column: 1), style: Style(bold: true))
        ListView(rows: items.map { "  \($0.title)" }, selection: selection)
            .draw(into: &frame, in: Rect(row: 2, column: 1, width: frame.width - 2, height: frame.height - 3))
        StatusBar.draw(into: &frame, items: ["↑↓ Move", "Enter Open", "q Quit", "Ctrl-C Quit"])
    }

    /// Moves the highlight, opens the highlighted feature, or quits.
    public func handle(_ key: Key) -> ScreenAction? {
        switch key {
        case .up, .character("k"): selection = max(0, selection - 1)
        case .down, .character("j"): selection = min(items.count - 1, selection + 1)
        case .enter:
            guard let open = items[selection].open else { return .quit }
            return .push(open())
        case .character("q"), .escape: return .quit
        default: break
        }
        return nil
    }
}
