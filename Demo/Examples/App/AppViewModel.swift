public import MVVMCore
import MVVMData
import RegistrationFeature
import UserListFeature
import WeatherFeature

/// The demo app's root: owns the navigation stack and the ViewModel of each pushed screen.
///
/// Screens navigate by sending it events, and the view layer follows the state (MVVMTerminal's
/// `NavigationBinding`, or SwiftUI's `NavigationStack(path:)`). A stack round-trips through a
/// path (`users/42`), so a deep link opens the same screens:
///
/// ```swift
/// let app = try AppViewModel(path: "users/42")   // its repositories from `Dependencies`
/// app.state.navigation.stack                 // [.users, .user(id: 42)]
/// app.send(.navigation(.back))            // the list, with its rows
/// ```
///
/// Its repositories, and those of every screen it opens, come from `Dependencies`
/// (`Dependencies.users`, `.registrations`, `.weather`, `.userRecords`, `.avatars`): an app sets
/// them once around it, and a test overrides one the same way.
///
/// The app owns the users' records for as long as it lives: their delivery runs as its owned
/// work (under the key `"user writes"`), so a test sees it; a user deleted on its detail screen
/// closes that screen as soon as the delete is made.
@MainActor
public final class AppViewModel: ViewModel {
    /// The app's state: where the user is.
    public struct State: Equatable, Sendable {
        /// The pushed screens over the home menu, and the sign-out question.
        public var navigation = Navigation<AppDestination, Alert<Event>>()
        /// The login id of the account whose data the app shows; `nil` for an app without
        /// accounts.
        public var account: String?
        /// Whether the home screen says that the screens open and what was typed cannot be
        /// saved (the cache folder cannot be written): they will not come back after the app
        /// ends.
        public var showsUnsavedNotice = false
    }

    /// What the screens ask for.
    public enum Event: Hashable, Sendable {
        /// A menu entry, a row or a city was opened: its screen goes on top.
        case opened(AppDestination)
        /// Back, pop to root, or a back gesture the view already showed; an alert closed.
        case navigation(NavigationEvent)
        /// The menu's sign-out: asked first, saying how many changes are not yet sent.
        case signOutTapped
        /// The question's sign-out button: the account's data goes (``Delegate/signOut``).
        case signOutConfirmed
    }

    /// What the app tells the one who made it.
    public enum Delegate: Sendable {
        /// The person confirmed signing out: sign the account out and remove its data.
        case signOut
    }

    /// Where ``Delegate`` outputs go.
    public let delegate = DelegateOutput<Delegate>()

    /// The features the home menu offers, in order.
    public nonisolated static let menu: [AppDestination] = [.users, .registration, .weather]

    private let store: StateStore<State>
    /// The state as the views see it.
    public var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    /// One ViewModel per pushed screen, made with the `Dependencies` in effect when the app was;
    /// each tells the app what happened through its delegate.
    private lazy var children = DestinationViewModels<AppDestination, AppScreenModel> { [unowned self] destination in
        let model = Dependencies.with { $0 = made } operation: { Self.makeScreenModel(for: destination, records: userRecords) }
        connect(model)
        return model
    } viewModel: { $0.viewModel }
    /// The `Dependencies` in effect when the app was made.
    private let made: Dependencies
    private let userRecords: UserRecords
    /// Keeps the app following the records for as long as it lives.
    private var recordsToken: ObservationToken?
    /// Keeps the notice following whether the shared values are saved.
    private var savingToken: ObservationToken?
    /// The screens open, saved as a path as they change: the next start after a kill opens them.
    private let openScreens: Shared<String>

    /// Creates the app showing the screens `path` names (`""`: the home menu); `nil`: those open
    /// when the last run ended (saved in `Dependencies.sharedValues`), or the home menu when
    /// that path no longer opens.
    ///
    /// The screens it opens later are made with the `Dependencies` in effect here.
    ///
    /// - Parameter account: the login id of the account whose data `Dependencies` holds: the
    ///   home screen shows it, and offers to sign out; `nil`: an app without accounts.
    /// - Throws: ``NavigationPathError`` when `path` names no screen.
    public init(path: String? = nil, account: String? = nil) throws(NavigationPathError) {
        let made = Dependencies.current
        self.made = made
        openScreens = made.sharedValues.value(.openScreens)
        let navigation = if let path {
            try Navigation<AppDestination, Alert<Event>>(path: path)
        } else {
            (try? Navigation<AppDestination, Alert<Event>>(path: openScreens.value)) ?? Navigation()
        }
        store = StateStore(State(navigation: navigation, account: account))
        openScreens.value = navigation.path
        // The app's records, or records in memory for an app that set none.
        userRecords = made.userRecords ?? UserRecords(outbox: Outbox(storage: InMemoryOutboxStorage()), search: .users)
        children.follow(store.state.navigation.stack)
        recordsToken = userRecords.observe { [weak self] change in self?.closeDeletedUsers(change) }
        let sharedValues = made.sharedValues
        savingToken = observe { [weak self] in   // now, and after each change
            let failed = sharedValues.saveFailure != nil
            self?.store.update { $0.showsUnsavedNotice = failed }
        }
        let users = made.users
        store.run("user writes") { [userRecords] in   // not shown: a work key
            await userRecords.deliver(isRetryable: UserWrite.isRetryable) { write, idempotencyKey in
                try await users.send(write, idempotencyKey: idempotencyKey)
            }
        }
    }

    /// Handles one event.
    public func onEvent(_ event: Event) {
        switch event {
        case .opened(let destination):
            navigate { $0.push(destination) }
        case .navigation(let event):
            navigate { $0.handle(event) }
        case .signOutTapped:
            askToSignOut()
        case .signOutConfirmed:
            guard state.navigation.modal?.offers(.signOutConfirmed) == true else { return }
            delegate.send(.signOut)   // the alert closes when this returns
        }
    }

    /// Asks whether to sign out, saying how many changes the server has not answered: those
    /// the outbox holds on disk once the writes made are saved.
    private func askToSignOut() {
        guard state.account != nil, state.navigation.modal == nil else { return }
        store.run("sign-out question", policy: .dropWhileRunning) { [weak self, userRecords] in   // not shown: a work key
            await userRecords.waitUntilSaved()
            let unsent = try? await userRecords.outbox.pending.count
            self?.store.update { $0.navigation.present(AppAlerts.signOut(unsent: unsent)) }
        }
    }

    /// The ViewModel of `destination` where the stack shows it; `nil` when it does not.
    public func screenModel(for destination: AppDestination) -> AppScreenModel? {
        children.viewModel(for: destination)
    }

    /// Returns once the writes made so far are in the outbox: before the process ends.
    public func waitUntilSaved() async {
        await userRecords.waitUntilSaved()
    }

    /// Ends the app's work before its data goes (a sign-out) or waits (a session refused): the
    /// outbox's delivery stops, and the writes made so far are saved first.
    public func close() async {
        store.cancelAllWork()
        await userRecords.waitUntilSaved()
    }

    /// The stack as a path, for a deep link or a restored session.
    public var path: String { state.navigation.path }

    private func navigate(_ change: (inout Navigation<AppDestination, Alert<Event>>) -> Void) {
        store.update { change(&$0.navigation) }
        children.follow(state.navigation.stack)
        openScreens.value = state.navigation.path
    }

    /// Listens to what a child says: a child never holds the app.
    private func connect(_ model: AppScreenModel) {
        switch model {
        case .users(let list):
            list.delegate.connect(to: self) { output in
                switch output {
                case .userOpened(let id): .opened(.user(id: id))
                }
            }
        case .weather(let cities):
            cities.delegate.connect(to: self) { output in
                switch output {
                case .cityOpened(let city): .opened(.city(city))
                }
            }
        case .user, .registration, .city:
            break
        }
    }

    /// A user deleted by a write (shown as done, whether or not the server answered yet) closes
    /// its detail and what is above it.
    private func closeDeletedUsers(_ change: RecordChange<Int>) {
        guard change.reason == .written || change.reason == .committed else { return }
        for userID in change.ids where userRecords.value(for: userID) == nil {
            guard let depth = state.navigation.stack.firstIndex(of: .user(id: userID)) else { continue }
            navigate { $0.handle(.popTo(depth: depth)) }
        }
    }

    /// The screen of `destination`, its repositories from `Dependencies`, showing the app's
    /// `records`.
    private static func makeScreenModel(for destination: AppDestination, records: UserRecords) -> AppScreenModel {
        switch destination {
        case .users: .users(UserListViewModel(records: records))
        case .user(let id): .user(UserDetailViewModel(userID: id, records: records))
        case .registration: .registration(RegistrationViewModel())
        case .weather: .weather(WeatherViewModel())
        case .city(let city): .city(WeatherDetailViewModel(city: city))
        }
    }
}
