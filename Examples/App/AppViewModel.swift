public import MVVMCore
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
/// let app = try AppViewModel(dependencies: dependencies, path: "users/42")
/// app.state.navigation.stack                 // [.users, .user(id: 42)]
/// app.onEvent(.navigation(.back))            // the list, with its rows
/// ```
///
/// A user deleted on its detail screen closes that screen: the detail posts the delete to
/// ``UserChanges``, and the app pops it.
@MainActor
public final class AppViewModel: ViewModel {
    /// The app's state: where the user is.
    public struct State: Equatable, Sendable {
        /// The pushed screens over the home menu.
        public var navigation = Navigation<AppDestination, Never>()
    }

    /// What the screens ask for.
    public enum Event: Hashable, Sendable {
        /// A menu entry, a row or a city was opened: its screen goes on top.
        case opened(AppDestination)
        /// Back, pop to root, or a back gesture the view already showed.
        case navigation(NavigationEvent)
    }

    /// The features the home menu offers, in order.
    public nonisolated static let menu: [AppDestination] = [.users, .registration, .weather]

    private let store: StateStore<State>
    /// The state as the views see it.
    public var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let children: DestinationViewModels<AppDestination, AppScreenModel>
    private var changesToken: ObservationToken?
    /// Sends the user writes waiting in the outbox, when the app has one.
    private let userWriteDelivery: UserWriteDelivery?

    /// Creates the app showing the screens `path` names (`""`: the home menu).
    ///
    /// - Throws: ``NavigationPathError`` when `path` names no screen.
    public init(dependencies: AppDependencies, path: String = "") throws(NavigationPathError) {
        let changes = UserChanges()
        store = StateStore(State(navigation: try Navigation(path: path)))
        children = DestinationViewModels { destination in
            Self.makeScreenModel(for: destination, dependencies: dependencies, changes: changes)
        }
        userWriteDelivery = dependencies.userWrites.map { UserWriteDelivery(outbox: $0, repository: dependencies.users, changes: changes) }
        children.follow(store.state.navigation.stack)
        changesToken = changes.subscribe { [weak self] change in
            if case .deleted(let userID) = change { self?.close(.user(id: userID)) }
        }
    }

    /// Handles one event.
    public func onEvent(_ event: Event) {
        store.trace(event)   // for a change log, if one is attached (MVVMLogging)
        switch event {
        case .opened(let destination):
            navigate { $0.push(destination) }
        case .navigation(let event):
            navigate { $0.handle(event) }
        }
    }

    /// The ViewModel of `destination` where the stack shows it; `nil` when it does not.
    public func screenModel(for destination: AppDestination) -> AppScreenModel? {
        children.viewModel(for: destination)
    }

    /// The stack as a path, for a deep link or a restored session.
    public var path: String { state.navigation.path }

    private func navigate(_ change: (inout Navigation<AppDestination, Never>) -> Void) {
        store.update { change(&$0.navigation) }
        children.follow(state.navigation.stack)
    }

    /// Pops `destination` and what is above it, if it is on the stack.
    private func close(_ destination: AppDestination) {
        guard let depth = state.navigation.stack.firstIndex(of: destination) else { return }
        navigate { $0.handle(.popTo(depth: depth)) }
    }

    private static func makeScreenModel(
        for destination: AppDestination,
        dependencies: AppDependencies,
        changes: UserChanges
    ) -> AppScreenModel {
        switch destination {
        case .users: .users(UserListViewModel(repository: dependencies.users, changes: changes, writes: dependencies.userWrites))
        case .user(let id): .user(UserDetailViewModel(userID: id, repository: dependencies.users, changes: changes, writes: dependencies.userWrites))
        case .registration: .registration(RegistrationViewModel(repository: dependencies.registrations))
        case .weather: .weather(WeatherViewModel(repository: dependencies.weather))
        case .city(let city): .city(WeatherDetailViewModel(city: city, repository: dependencies.weather))
        }
    }
}
