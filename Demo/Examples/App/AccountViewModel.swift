public import MVVMCore
import MVVMData
public import RegistrationFeature

/// The demo's root over its accounts: the sign-in screen while no account is signed in, and
/// the app of the account signed in, over that account's own data.
///
/// It follows who is signed in (``SessionRepository/statusChanges()``), so every way a session
/// changes is handled once:
///
/// - **Signed in** (the sign-in screen, or a session an earlier run kept): the account's data
///   is opened (`open`) and its ``AppViewModel`` shown.
/// - **The server refused the session** (``AuthStatus/needsSignIn(account:)``): the account's
///   app goes, so its outbox sends nothing more; its data stays on the device, and the sign-in
///   screen asks the same account to sign in again. Signed in again, its pending writes are
///   sent; another account signing in gets its own data and never sees them.
/// - **Signed out** from the app's menu (``AppViewModel/Delegate/signOut``, once the person
///   confirmed): the account's app goes, the session is forgotten and revoked, and the
///   account's data removed (`wipe`).
///
/// A SwiftUI app switches on ``State/phase`` at its root, as the terminal's screens do.
@MainActor
public final class AccountViewModel: ViewModel {
    /// What the root shows.
    public struct State: Equatable, Sendable {
        /// The screen at the root.
        public var phase: Phase = .opening
    }

    /// The screen at the root, with its ViewModel (two phases are equal when they show the same
    /// ViewModel).
    public enum Phase: Equatable, Sendable {
        /// Reading who is signed in, or opening an account's data: nothing to show yet.
        case opening
        /// No account is signed in: the sign-in form shows.
        case signingIn(SignInViewModel)
        /// An account is signed in: its app shows its data (``AppViewModel/State/account``).
        case signedIn(AppViewModel)

        /// Whether both show the same screen: the same ViewModel (by identity), or both none.
        public static func == (lhs: Phase, rhs: Phase) -> Bool {
            switch (lhs, rhs) {
            case (.opening, .opening): true
            case (.signingIn(let left), .signingIn(let right)): left === right
            case (.signedIn(let left), .signedIn(let right)): left === right
            default: false
            }
        }
    }

    /// What reaches the root.
    public enum Event: Hashable, Sendable {
        /// The account's app asked to sign out (the person confirmed).
        case signOut
    }

    private let store = StateStore(State())
    /// The state as the views see it.
    public var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    /// The app of the account signed in; `nil` unless ``State/phase`` is `.signedIn`.
    public var app: AppViewModel? {
        guard case .signedIn(let app) = state.phase else { return nil }
        return app
    }
    private let sessions: any SessionRepository
    private let open: @MainActor (String) async -> AppViewModel?
    private let wipe: @Sendable (String) async -> Void
    private let hint: LocalizedText?
    /// The account being signed out from its menu: its data is removed once it is.
    private var leaving: String?

    /// Creates the root, following `Dependencies.sessions`.
    ///
    /// - Parameters:
    ///   - hint: a line under the sign-in form (the demo account to try).
    ///   - open: opens an account's data and makes its app (`AppViewModel(path:account:)` under
    ///     `Dependencies` set to that data); `nil` when it cannot (the sign-in screen shows).
    ///   - wipe: removes an account's data from the device, once its app is gone.
    public init(
        hint: LocalizedText? = nil,
        open: @escaping @MainActor (String) async -> AppViewModel?,
        wipe: @escaping @Sendable (String) async -> Void
    ) {
        sessions = Dependencies.current.sessions
        self.hint = hint
        self.open = open
        self.wipe = wipe
        store.run("session") { [weak self, sessions] in   // not shown: a work key
            for await status in await sessions.statusChanges() {
                guard let self else { return }
                await self.follow(status)
            }
        }
    }

    /// Handles one event.
    public func onEvent(_ event: Event) {
        switch event {
        case .signOut:
            guard let account = app?.state.account else { return }
            leaving = account
            store.run("sign-out", policy: .dropWhileRunning) { [sessions] in await sessions.signOut() }   // not shown: a work key
        }
    }

    /// Shows what `status` asks for; returns once the account's data is open or removed.
    private func follow(_ status: AuthStatus) async {
        switch status {
        case .signedIn(let account):
            if app?.state.account == account { return }   // a refresh: the same account
            // An account's app and work end before another's start.
            await closeApp()
            store.update { $0.phase = .opening }
            guard let opened = await open(account) else {
                store.update { $0.phase = .signingIn(SignInViewModel(loginID: account, hint: hint, sessions: sessions)) }
                return
            }
            opened.delegate.connect(to: self) { output in
                switch output {
                case .signOut: .signOut
                }
            }
            store.update { $0.phase = .signedIn(opened) }
        case .needsSignIn(let account):
            await closeApp()
            let form = SignInViewModel(loginID: account, notice: SignInText.expired(account: account), hint: hint, sessions: sessions)
            store.update { $0.phase = .signingIn(form) }
        case .signedOut:
            await closeApp()
            if let account = leaving {
                leaving = nil
                store.update { $0.phase = .opening }
                await wipe(account)
            }
            store.update { $0.phase = .signingIn(SignInViewModel(hint: hint, sessions: sessions)) }
        }
    }

    /// Ends the app shown, if any: nothing it does outlives it, its writes saved first.
    private func closeApp() async {
        guard let app else { return }
        await app.close()
    }
}

extension AccountViewModel.Phase: CustomReflectable {
    /// The phase by the ViewModel it shows and that ViewModel's identity, not its whole graph:
    /// a test's diff stays readable.
    public var customMirror: Mirror {
        switch self {
        case .opening: Mirror(self, children: [], displayStyle: .enum)
        case .signingIn(let form): Mirror(self, children: ["signingIn": ObjectIdentifier(form)], displayStyle: .enum)
        case .signedIn(let app): Mirror(self, children: ["signedIn": ObjectIdentifier(app)], displayStyle: .enum)
        }
    }
}
