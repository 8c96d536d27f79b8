import Hummingbird
import Logging

/// Builds the router of the demo API.
enum DemoRouter {
    /// All routes, behind request logging (at debug level), fault injection and JSON errors.
    static func make(
        users: UserStore, forecasts: ForecastCatalog, defaultFaults: FaultPlan, rejections: RejectionLog
    ) -> Router<DemoRequestContext> {
        let router = Router(context: DemoRequestContext.self)
        router.add(middleware: LogRequestsMiddleware(.debug))
        router.add(middleware: FaultMiddleware(defaultFaults: defaultFaults))
        router.add(middleware: ErrorMiddleware(rejections: rejections))
        UserRoutes(store: users).register(on: router.group("api/users"))
        WeatherRoutes(catalog: forecasts).register(on: router.group("api/forecast"))
        RegistrationRoutes(store: RegistrationStore(users: users)).register(on: router.group("api/registrations"))
        return router
    }

    /// The routes, one a line, for `demo-server --help` and the docs.
    static let routeSummary = """
        GET    /api/users?page=1&size=20&q=text&status=all|active|inactive
        GET    /api/users/stats
        GET    /api/users/{id}
        PATCH  /api/users/{id}        body {"isActive": false}
        DELETE /api/users/{id}
        GET    /api/forecast/cities
        GET    /api/forecast/city/{code}
        GET    /api/forecast?city={code}
        POST   /api/registrations     body {"loginID": "taro@example.com", "password": "secret123"}
        """
}
