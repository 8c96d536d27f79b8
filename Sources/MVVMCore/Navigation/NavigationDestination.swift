/// A destination that names itself in a path, so that a navigation stack round-trips through a
/// string such as `users/42` or `weather/130010` (deep links, restored sessions).
///
/// Each destination is one path component, read in the context of the destination before it:
///
/// ```swift
/// enum AppDestination: NavigationDestination {
///     case users, user(id: Int), weather, city(code: String)
///
///     var pathComponent: String {
///         switch self {
///         case .users: "users"
///         case .user(let id): String(id)
///         case .weather: "weather"
///         case .city(let code): code
///         }
///     }
///
///     static func destination(named component: String, after parent: Self?) -> Self? {
///         switch parent {
///         case nil: ["users": .users, "weather": .weather][component]
///         case .users: Int(component).map { .user(id: $0) }
///         case .weather: component.isEmpty ? nil : .city(code: component)
///         default: nil
///         }
///     }
/// }
/// ```
///
/// A component may be any text but empty: the path percent-encodes it (see ``Navigation/path``).
public protocol NavigationDestination: Hashable, Sendable {
    /// The path component that names this destination under its parent.
    var pathComponent: String { get }

    /// The destination `component` names after `parent` (`nil`: at the root), or `nil` when
    /// it names none there.
    static func destination(named component: String, after parent: Self?) -> Self?
}
