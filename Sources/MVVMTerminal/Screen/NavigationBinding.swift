public import MVVMCore

/// What a ``TerminalApp`` follows: the navigation stack a ViewModel owns, how to ask it to go
/// back, and the screen that shows each destination.
///
/// The ViewModel is the one source of truth: a screen navigates by sending the ViewModel an
/// event, and the app shows whatever stack the state holds, however it changed (a key, a
/// deep link, work that finished).
///
/// ```swift
/// let binding = NavigationBinding(
///     stack: { app.state.navigation.stack },
///     back: { app.send(.navigation(.back)) },
///     screen: { destination in makeScreen(for: destination) }
/// )
/// try await TerminalApp(root: HomeScreen(app: app), navigation: binding).run()
/// ```
@MainActor
public struct NavigationBinding<Destination: Hashable & Sendable> {
    /// The pushed destinations, bottom first (read inside observation: a change is followed).
    let stack: @MainActor () -> [Destination]
    /// Asks the ViewModel to go back (``ScreenAction/pop`` above the root screen).
    let back: @MainActor () -> Void
    /// Makes the screen of a destination, when it is pushed.
    let screen: @MainActor (Destination) -> any Screen

    /// A binding reading `stack`, going back through `back`, and showing each destination with
    /// the screen `screen` makes for it.
    public init(
        stack: @escaping @MainActor () -> [Destination],
        back: @escaping @MainActor () -> Void,
        screen: @escaping @MainActor (Destination) -> any Screen
    ) {
        self.stack = stack
        self.back = back
        self.screen = screen
    }

    /// The binding of a `Navigation` (MVVMCore) that `navigation` reads and `send` changes (with
    /// `NavigationEvent.back` for the back key).
    public init<Modal>(
        navigation: @escaping @MainActor () -> Navigation<Destination, Modal>,
        send: @escaping @MainActor (NavigationEvent) -> Void,
        screen: @escaping @MainActor (Destination) -> any Screen
    ) {
        self.init(stack: { navigation().stack }, back: { send(.back) }, screen: screen)
    }
}
