/// One route of the demo API: its method, its path template and a hint of what it takes.
///
/// ``DemoRouter/routes`` lists them all, once: the help text is made from it, and so is the
/// `Allow` header of a 405 for a path that exists with other methods.
struct DemoRoute: Sendable, Equatable {
    /// The method, e.g. `GET`.
    let method: String
    /// The path template; a segment in braces (`{id}`) matches any one segment.
    let path: String
    /// What follows the path in the help text: a query example or a body example.
    let hint: String

    /// Whether `requestPath` (no query) is this route's path; empty segments are ignored, as the
    /// router ignores them.
    func matches(path requestPath: String) -> Bool {
        let template = path.split(separator: "/")
        let segments = requestPath.split(separator: "/")
        guard template.count == segments.count else { return false }
        return zip(template, segments).allSatisfy { pattern, segment in
            (pattern.hasPrefix("{") && pattern.hasSuffix("}")) || pattern == segment
        }
    }

    /// How many segments of the template match any segment: a route with fewer wins over one
    /// with more (`/api/users/stats` over `/api/users/{id}`), as in the router.
    var wildcardCount: Int {
        path.split(separator: "/").count { $0.hasPrefix("{") && $0.hasSuffix("}") }
    }

    /// The help text's line for this route.
    var summaryLine: String {
        let methodColumn = method.padding(toLength: 7, withPad: " ", startingAt: 0)
        if hint.hasPrefix("?") || hint.isEmpty { return methodColumn + path + hint }
        return methodColumn + path.padding(toLength: 23, withPad: " ", startingAt: 0) + hint
    }
}
