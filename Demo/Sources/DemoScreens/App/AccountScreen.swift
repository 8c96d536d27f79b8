public import AppFeature
import MVVMCore
public import MVVMTerminal

/// The root of the demo with accounts: the screen of ``AccountViewModel``'s phase — the
/// sign-in form, or the home menu of the account signed in (``AppScreens``
/// shows that account's screens above it) — and a blank screen while an account's data opens.
///
/// The screen shown changes as the phase does; the one that goes hears
/// ``Screen/willDisappear()`` and the one that comes ``Screen/didAppear()``.
@MainActor
public final class AccountScreen: Screen {
    private let account: AccountViewModel
    /// The phase shown, and its screen.
    private var shown: (phase: AccountViewModel.Phase, screen: (any Screen)?) = (.opening, nil)
    private var isVisible = false

    /// Creates the root over `account`.
    public init(account: AccountViewModel) {
        self.account = account
    }

    /// The screen of the phase now (`nil` while opening).
    public var current: (any Screen)? {
        follow()
        return shown.screen
    }

    public func render(into frame: inout Frame) {
        current?.render(into: &frame)
    }

    public func handle(_ key: Key) -> ScreenAction? {
        guard let screen = current else {
            return key == .character("q") || key == .escape ? .quit : nil
        }
        return screen.handle(key)
    }

    public func didAppear() {
        isVisible = true
        current?.didAppear()
    }

    public func willDisappear() {
        isVisible = false
        shown.screen?.willDisappear()
    }

    /// Makes the screen of the phase when it changed.
    private func follow() {
        let phase = account.state.phase
        guard phase != shown.phase else { return }
        if isVisible { shown.screen?.willDisappear() }
        let screen: (any Screen)? = switch phase {
        case .opening: nil
        case .signingIn(let form): SignInScreen(viewModel: form)
        case .signedIn(let app): HomeScreen(app: app)
        }
        shown = (phase, screen)
        if isVisible { screen?.didAppear() }
    }
}
