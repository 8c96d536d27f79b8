@testable import DemoServer
import Foundation
import Testing

/// The route table the help text and the `Allow` header come from is the router's: every route
/// listed answers; a listed path with another method is 405 naming the methods; `HEAD` works
/// wherever `GET` does; the API's OpenAPI document is served.
@Suite("Route table", .timeLimit(.minutes(2)))
struct RouteTableTests {
    /// A request each listed route answers with a success.
    static func path(for route: DemoRoute) -> String {
        route.path.replacingOccurrences(of: "{id}", with: "5").replacingOccurrences(of: "{code}", with: "130010")
            + (route.path == "/api/forecast" ? "?city=130010" : "")
    }

    @Test("Every listed route answers with a success")
    func everyRouteAnswers() async throws {
        try await withServer { _, client in
            for route in DemoRouter.routes {
                let body: Data? = switch (route.method, route.path) {
                case ("PATCH", _): Data(#"{"isActive": true}"#.utf8)
                case ("POST", "/api/sessions/refresh"), ("POST", "/api/sessions/sign-out"):
                    // A refresh token of its own: a refresh spends the one it is given.
                    Data(#"{"refreshToken": "\#(try await Self.refreshToken(client))"}"#.utf8)
                case ("POST", _): Data(#"{"loginID": "route_table", "password": "secret123"}"#.utf8)
                default: nil
                }
                let result = try await client.send(route.method, Self.path(for: route), body: body)
                #expect((200..<300).contains(result.status), "\(route.method) \(route.path) answered \(result.status): \(result.text)")
            }
        }
    }

    /// A refresh token of the demo's own account.
    static func refreshToken(_ client: APIClient) async throws -> String {
        let answer = try await client.send("POST", "/api/sessions", body: Data(#"{"loginID": "demo", "password": "mvvm-demo"}"#.utf8))
        let object = try #require(try answer.jsonObject() as? [String: Any])
        return try #require(object["refreshToken"] as? String)
    }

    @Test("A method a path does not answer is 405 with Allow, not 404", arguments: [
        ("TRACE", "/api/users", "GET, HEAD"),
        ("PUT", "/api/users/7", "GET, HEAD, PATCH, DELETE"),
        ("OPTIONS", "/api/users/stats", "GET, HEAD"),
        ("POST", "/api/users/7/avatar", "GET, HEAD"),
        ("DELETE", "/api/registrations", "POST"),
        ("POST", "/openapi.yaml", "GET, HEAD"),
    ])
    func methodNotAllowed(method: String, path: String, allow: String) async throws {
        try await withServer { _, client in
            let result = try await client.send(method, path)
            let message = try expectError(result, status: 405, code: "method_not_allowed")
            #expect(result.header("Allow") == allow)
            #expect(message == "\(path) does not answer \(method); it answers \(allow).")
        }
    }

    @Test("A path no route has is still 404")
    func unknownPath() async throws {
        try await withServer { _, client in
            _ = try expectError(try await client.send("TRACE", "/api/nothing"), status: 404, code: "not_found")
        }
    }

    @Test("HEAD answers as GET would, without a body")
    func head() async throws {
        try await withServer { _, client in
            let get = try await client.get("/api/users/stats")
            let head = try await client.send("HEAD", "/api/users/stats")
            #expect(head.status == 200)
            #expect(head.header("Content-Type") == get.header("Content-Type"))
            #expect(head.body.isEmpty)
        }
    }

    @Test("GET /openapi.yaml serves the API's OpenAPI document as YAML")
    func openAPIDocument() async throws {
        try await withServer { _, client in
            let result = try await client.get("/openapi.yaml")
            #expect(result.status == 200)
            #expect(result.header("Content-Type") == "application/yaml")
            #expect(result.text.hasPrefix("openapi: 3."))
            // Every route in the table is described, under its path and method.
            for route in DemoRouter.routes {
                #expect(result.text.contains("\n  \(route.path):\n"), "\(route.path) is not in the document")
            }
        }
    }

    @Test("The help text lists every route, one a line")
    func helpText() {
        #expect(DemoServer.routeSummary.split(separator: "\n").count == DemoRouter.routes.count)
        #expect(DemoServer.routeSummary.contains(#"PATCH  /api/users/{id}        body {"isActive": false}"#))
        #expect(DemoServer.routeSummary.contains("GET    /api/users?page=1&size=20&q=text&status=all|active|inactive"))
    }
}
