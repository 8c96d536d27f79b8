public import AppFeature
public import MVVMTerminal

/// The demo's screens over an ``AppViewModel``: the home menu at the root, and one screen per
/// destination of its navigation stack, which the terminal app follows.
///
/// ```swift
/// let app = try AppViewModel(path: "users/42")
/// try await TerminalApp(root: AppScreens.root(app), navigation: AppScreens.navigation(app)).run()
/// ```
@MainActor
public enum AppScreens {
    /// The home menu.
    public static func root(_ app: AppViewModel) -> any Screen {
        HomeScreen(app: app)
    }

    /// The binding the terminal app follows: `app`'s stack, its back event, and a screen per
    /// destination over the ViewModel the app made for it.
    public static func navigation(_ app: AppViewModel) -> NavigationBinding<AppDestination> {
        navigation(of: { app })
    }

    /// The root of an app with accounts: the sign-in form, or the home menu of the account
    /// signed in.
    public static func root(_ account: AccountViewModel) -> any Screen {
        AccountScreen(account: account)
    }

    /// The binding of an app with accounts: the stack of the account signed in (none while
    /// signing in).
    public static func navigation(_ account: AccountViewModel) -> NavigationBinding<AppDestination> {
        navigation(of: { account.app })
    }

    private static func navigation(of app: @escaping @MainActor () -> AppViewModel?) -> NavigationBinding<AppDestination> {
        NavigationBinding(
            stack: { app()?.state.navigation.stack ?? [] },
            back: { app()?.send(.navigation(.back)) },
            screen: { destination in
                guard let app = app(), let model = app.screenModel(for: destination) else { return GoneScreen() }
                return UnsavedMarkScreen(screen(for: model), app: app)
            }
        )
    }

    static func screen(for model: AppScreenModel) -> any Screen {
        switch model {
        case .users(let viewModel): UserListScreen(viewModel: viewModel)
        case .user(let viewModel): UserDetailScreen(viewModel: viewModel)
        case .registration(let viewModel): RegistrationScreen(viewModel: viewModel)
        case .weather(let viewModel): WeatherScreen(viewModel: viewModel)
        case .city(let viewModel): WeatherDetailScreen(viewModel: viewModel)
        }
    }
}

/// What shows if a destination has no ViewModel: never, since the app makes one for every
/// destination on its stack; a blank screen that goes back, rather than a crash.
@MainActor
final class GoneScreen: Screen {
    func render(into frame: inout Frame) {
        StatusBar.draw(into: &frame, items: [AppText.backHint])
    }

    func handle(_ key: Key) -> ScreenAction? {
        key == .character("q") || key == .escape ? .pop : nil
    }
}

/// A destination's screen, with ``AppText/unsavedMark`` at the top right while the app says
/// where the user is cannot be saved: the home screen's notice, on a screen a restored session
/// opens first (issue 54: a session restored over a read-only folder never showed it).
@MainActor
final class UnsavedMarkScreen: Screen {
    /// The destination's own screen, drawn first.
    let screen: any Screen
    private let app: AppViewModel

    init(_ screen: any Screen, app: AppViewModel) {
        self.screen = screen
        self.app = app
    }

    func render(into frame: inout Frame) {
        screen.render(into: &frame)
        guard app.state.showsUnsavedNotice else { return }
        let mark = " \(AppText.unsavedMark.resolved(in: frame.language)) "
        let width = DisplayWidth.columns(of: mark)
        guard frame.width > width else { return }
        frame.put(mark, at: Position(row: 0, column: frame.width - width), style: Style(foreground: .yellow))
    }

    func handle(_ key: Key) -> ScreenAction? { screen.handle(key) }
    func didAppear() { screen.didAppear() }
    func willDisappear() { screen.willDisappear() }
}
