public import AppFeature
import MVVMCore
public import MVVMTerminal

/// The first screen: a menu of the demo's features, which the app pushes, and Quit.
@MainActor
public final class HomeScreen: Screen {
    private let app: AppViewModel
    /// The highlighted entry: one of ``AppViewModel/menu``, or Quit after them.
    public private(set) var selection = 0

    /// Creates the menu of `app`'s features.
    public init(app: AppViewModel) {
        self.app = app
    }

    /// The menu's entries: each destination, then Quit.
    nonisolated static let titles: [LocalizedText] = AppViewModel.menu.map(AppText.menuTitle(of:)) + [AppText.quit]

    /// Draws the menu.
    public func render(into frame: inout Frame) {
        let language = frame.language
        frame.put(AppText.title.resolved(in: language), at: Position(row: 0, column: 1), style: Style(bold: true))
        ListView(rows: Self.titles.map { "  \($0.resolved(in: language))" }, selection: selection)
            .draw(into: &frame, in: Rect(row: 2, column: 1, width: frame.width - 2, height: frame.height - 3))
        if app.state.showsUnsavedNotice {
            let lines = TerminalText.wrap(AppText.unsavedNotice.resolved(in: language), width: max(1, frame.width - 2))
            for (index, line) in lines.enumerated() {
                frame.put(line, at: Position(row: 3 + Self.titles.count + index, column: 1), style: Style(foreground: .yellow))
            }
        }
        StatusBar.draw(into: &frame, items: AppText.homeHints)
    }

    public func handle(_ key: Key) -> ScreenAction? {
        switch key {
        case .up, .character("k"): selection = max(0, selection - 1)
        case .down, .character("j"): selection = min(Self.titles.count - 1, selection + 1)
        case .enter:
            guard AppViewModel.menu.indices.contains(selection) else { return .quit }
            app.send(.opened(AppViewModel.menu[selection]))
        case .character("q"), .escape: return .quit
        default: break
        }
        return nil
    }
}
