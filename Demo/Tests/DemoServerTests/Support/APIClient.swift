import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Talks to a running demo server over real loopback HTTP with URLSession.
struct APIClient: Sendable {
    let baseURL: URL
    let session: URLSession

    init(baseURL: URL) {
        self.baseURL = baseURL
        let configuration = URLSessionConfiguration.ephemeral
        // Silence this long fails a request. Under ThreadSanitizer beside another build, 30 s was
        // not enough for an instrumented server on 2 busy cores (30 requests timed out in 1 run of
        // 6); the suites' time limits still end a server that never answers.
        configuration.timeoutIntervalForRequest = 90
        configuration.urlCache = nil
        self.session = URLSession(configuration: configuration)
    }

    /// Sends `method` to `path` (which may carry an already encoded query).
    func send(
        _ method: String,
        _ path: String,
        body: Data? = nil,
        headers: [String: String] = [:]
    ) async throws -> HTTPResult {
        var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!)
        request.httpMethod = method
        request.httpBody = body
        if body != nil {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            fields[String(describing: name).lowercased()] = String(describing: value)
        }
        return HTTPResult(status: http.statusCode, headers: fields, body: data)
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> HTTPResult {
        try await send("GET", path, headers: headers)
    }

    func patch(_ path: String, json: String, headers: [String: String] = [:]) async throws -> HTTPResult {
        try await send("PATCH", path, body: Data(json.utf8), headers: headers)
    }

    /// `POST /api/registrations` with `json` as the body.
    func register(_ json: String, headers: [String: String] = [:]) async throws -> HTTPResult {
        try await send("POST", "/api/registrations", body: Data(json.utf8), headers: headers)
    }

    func delete(_ path: String, headers: [String: String] = [:]) async throws -> HTTPResult {
        try await send("DELETE", path, headers: headers)
    }

    /// Every user, read page by page (100 a page) through the API.
    func allUsers() async throws -> [UserDTO] {
        var users: [UserDTO] = []
        var page = 1
        while true {
            let result = try await get("/api/users?page=\(page)&size=100")
            let body = try result.decode(PageDTO.self)
            users += body.items
            guard body.hasMore else { return users }
            page += 1
        }
    }

    /// Ends the session's connections.
    func close() {
        session.invalidateAndCancel()
    }
}

/// Percent-encodes a query value with only unreserved ASCII characters left as they are.
func queryValue(_ value: String) -> String {
    let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    return value.addingPercentEncoding(withAllowedCharacters: unreserved)!
}
