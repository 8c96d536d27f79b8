import Foundation
import Hummingbird
import Logging

/// Builds the router of the demo API.
enum DemoRouter {
    /// All routes, behind request logging (at debug level), fault injection and JSON errors.
    static func make(
        users: UserStore, accounts: AccountStore, forecasts: ForecastCatalog, openAPIDocument: Data, defaultFaults: FaultPlan,
        rejections: RejectionLog
    ) -> Router<DemoRequestContext> {
        let router = Router(context: DemoRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: LogRequestsMiddleware(.debug))
        router.add(middleware: FaultMiddleware(defaultFaults: defaultFaults))
        router.add(middleware: ErrorMiddleware(rejections: rejections))
        // The users' routes ask for an access token (unless the server runs with --no-auth); the
        // forecasts are public, as a weather service's are.
        let signedIn = router.group("api/users").add(middleware: BearerAuthMiddleware(accounts: accounts))
        UserRoutes(store: users).register(on: signedIn)
        AvatarRoutes(store: users).register(on: signedIn)
        WeatherRoutes(catalog: forecasts).register(on: router.group("api/forecast"))
        RegistrationRoutes(store: RegistrationStore(users: users, accounts: accounts)).register(on: router.group("api/registrations"))
        SessionRoutes(accounts: accounts).register(on: router.group("api/sessions"))
        OpenAPIDocument.register(openAPIDocument, on: router)
        return router
    }

    /// Every route, once. Routes are registered in `UserRoutes`, `AvatarRoutes`, `WeatherRoutes`,
    /// `RegistrationRoutes`, `SessionRoutes` and
    /// ``make(users:accounts:forecasts:openAPIDocument:defaultFaults:rejections:)``;
    /// `RouteTableTests` checks that each one listed here answers. `HEAD` is answered wherever
    /// `GET` is.
    static let routes: [DemoRoute] = [
        DemoRoute(method: "GET", path: "/api/users", hint: "?page=1&size=20&q=text&status=all|active|inactive"),
        DemoRoute(method: "GET", path: "/api/users/stats", hint: ""),
        DemoRoute(method: "GET", path: "/api/users/{id}", hint: ""),
        // Before DELETE: RouteTableTests sends the routes in this order, to one user.
        AvatarRoutes.route,
        DemoRoute(method: "PATCH", path: "/api/users/{id}", hint: #"body {"isActive": false}"#),
        DemoRoute(method: "DELETE", path: "/api/users/{id}", hint: ""),
        DemoRoute(method: "GET", path: "/api/forecast/cities", hint: ""),
        DemoRoute(method: "GET", path: "/api/forecast/city/{code}", hint: ""),
        DemoRoute(method: "GET", path: "/api/forecast", hint: "?city={code}"),
        DemoRoute(method: "POST", path: "/api/registrations", hint: #"body {"loginID": "taro@example.com", "password": "secret123"}"#),
        DemoRoute(method: "POST", path: "/api/sessions", hint: #"body {"loginID": "demo", "password": "mvvm-demo"}"#),
        DemoRoute(method: "POST", path: "/api/sessions/refresh", hint: #"body {"refreshToken": "…"}"#),
        DemoRoute(method: "POST", path: "/api/sessions/sign-out", hint: #"body {"refreshToken": "…"}"#),
        DemoRoute(method: "GET", path: "/openapi.yaml", hint: "this API as an OpenAPI 3 document"),
    ]

    /// The methods `path` answers (with `HEAD` where `GET` is), in the order of ``routes``;
    /// empty when no route has that path. Only the most specific routes count.
    static func methods(allowedAt path: String) -> [String] {
        let matching = routes.filter { $0.matches(path: path) }
        guard let fewestWildcards = matching.map(\.wildcardCount).min() else { return [] }
        var methods: [String] = []
        for route in matching where route.wildcardCount == fewestWildcards && !methods.contains(route.method) {
            methods.append(route.method)
            if route.method == "GET" { methods.append("HEAD") }
        }
        return methods
    }

    /// The routes, one a line, for `demo-server --help` and the docs.
    static var routeSummary: String {
        routes.map(\.summaryLine).joined(separator: "\n")
    }
}
