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

    /// Keys for the sign-out question: the key that opened it, repeated, answers nothing.
    private var alertInput = AlertInput()

    /// The menu's entries: each destination, then Sign out when an account is signed in, then
    /// Quit.
    private var titles: [LocalizedText] {
        AppViewModel.menu.map(AppText.menuTitle(of:)) + (app.state.account == nil ? [] : [AppText.signOut]) + [AppText.quit]
    }

    /// Draws the menu, the account signed in, and the sign-out question.
    public func render(into frame: inout Frame) {
        let language = frame.language
        let titles = titles
        frame.put(AppText.title.resolved(in: language), at: Position(row: 0, column: 1), style: Style(bold: true))
        if let account = app.state.account {
            frame.put(AppText.signedIn(as: account).resolved(in: language), at: Position(row: 1, column: 1), style: Style(dim: true), maxWidth: frame.width - 2)
        }
        ListView(rows: titles.map { "  \($0.resolved(in: language))" }, selection: selection)
            .draw(into: &frame, in: Rect(row: 2, column: 1, width: frame.width - 2, height: frame.height - 3))
        if app.state.showsUnsavedNotice {
            let lines = TerminalText.wrap(AppText.unsavedNotice.resolved(in: language), width: max(1, frame.width - 2))
            for (index, line) in lines.enumerated() {
                frame.put(line, at: Position(row: 3 + titles.count + index, column: 1), style: Style(foreground: .yellow))
            }
        }
        StatusBar.draw(into: &frame, items: AppText.homeHints)
        app.state.navigation.modal?.draw(into: &frame)
    }

    public func handle(_ key: Key) -> ScreenAction? {
        if let alert = app.state.navigation.modal {
            if let event = alertInput.event(for: key, on: alert) { app.send(event) }
            return nil
        }
        alertInput.keyPressedWithoutAlert(key)
        let count = titles.count
        switch key {
        case .up, .character("k"): selection = max(0, selection - 1)
        case .down, .character("j"): selection = min(count - 1, selection + 1)
        case .enter:
            if AppViewModel.menu.indices.contains(selection) {
                app.send(.opened(AppViewModel.menu[selection]))
            } else if selection == count - 1 {
                return .quit
            } else {
                app.send(.signOutTapped)
            }
        case .character("q"), .escape: return .quit
        default: break
        }
        return nil
    }
}
