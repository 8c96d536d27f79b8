public import MVVMCore
public import MVVMData
public import WeatherFeature

/// Every screen the demo app can push, and its path component: `users`, `users/42`,
/// `registration`, `weather`, `weather/130010`.
public enum AppDestination: NavigationDestination {
    /// The user list.
    case users
    /// One user's detail, under the list.
    case user(id: Int)
    /// The registration form.
    case registration
    /// The city list.
    case weather
    /// One city's forecast, under the city list.
    case city(City)

    /// The component that names this destination under its parent.
    public var pathComponent: String {
        switch self {
        case .users: "users"
        case .user(let id): String(id)
        case .registration: "registration"
        case .weather: "weather"
        case .city(let city): city.id
        }
    }

    /// The destination `component` names after `parent`: a feature at the root, a positive user
    /// id under `users`, a known city code under `weather`.
    public static func destination(named component: String, after parent: AppDestination?) -> AppDestination? {
        switch parent {
        case nil:
            return ["users": .users, "registration": .registration, "weather": .weather][component]
        case .users?:
            // Digits only: `+42`, ` 42` and `042` name no user (each user has one path).
            guard let first = component.first, first != "0", component.allSatisfy(\.isASCIIDigit),
                  let id = Int(component) else { return nil }
            return .user(id: id)
        case .weather?:
            return City.all.first { $0.id == component }.map(AppDestination.city)
        default:
            return nil
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension SharedKey<String> {
    /// The screens open, as a path (`users/42`): the app opens them again at the next start.
    public static let openScreens = SharedKey("open-screens", default: "")   // not shown: a file name
}
