import Hummingbird

/// The `/api/forecast` routes.
struct WeatherRoutes: Sendable {
    let catalog: ForecastCatalog

    /// Adds the routes to `group`, which is mounted at `/api/forecast`.
    func register(on group: RouterGroup<DemoRequestContext>) {
        group.get("cities") { _, _ in
            JSONResponse.encoding(CityList.known)
        }
        group.get("city/{code}") { _, context in
            JSONResponse.bytes(try catalog.json(for: context.parameters.get("code"), parameter: "city code in the path"))
        }
        group.get { request, _ in
            let code = QueryParameters(request).string("city")
            return JSONResponse.bytes(try catalog.json(for: code, parameter: "query parameter city"))
        }
    }
}
