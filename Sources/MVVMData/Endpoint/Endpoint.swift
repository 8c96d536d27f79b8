import Foundation

/// One API operation: method, path, query, headers, an optional JSON body, and how to read the
/// answer.
///
/// ```swift
/// extension Endpoint where Response == UserPageDTO {
///     static func users(page: Int, size: Int, query: String) -> Self {
///         .get("/api/users", query: ["page": "\(page)", "size": "\(size)", "q": query])
///     }
/// }
/// let page = try await client.send(.users(page: 1, size: 20, query: "ann"))
/// ```
public struct Endpoint<Response: Sendable>: Sendable {
    /// The method.
    public var method: HTTPMethod
    /// The path under the client's base URL, e.g. `/api/users/42`.
    public var path: String
    /// Query items, in order; items whose value is `nil` are left out.
    public var query: [(name: String, value: String?)]
    /// Extra header fields for this operation.
    public var headers: [String: String]
    /// Statuses that count as success; anything else is ``APIError/httpStatus(_:bodyExcerpt:request:)``.
    public var acceptedStatuses: Range<Int> = 200..<300
    /// Whether the operation may be retried; the method decides by default (GET yes, POST no).
    /// Set it for a POST made idempotent by an idempotency key.
    public var isIdempotent: Bool
    /// This operation's timeout, overriding the client's.
    public var timeout: Duration?
    let encodeBody: (@Sendable (JSONEncoder) throws -> Data)?
    let decode: @Sendable (HTTPResponse, JSONDecoder) -> Result<Response, ResponseProblem>

    init(
        method: HTTPMethod,
        path: String,
        query: [(name: String, value: String?)],
        headers: [String: String],
        encodeBody: (@Sendable (JSONEncoder) throws -> Data)?,
        decode: @escaping @Sendable (HTTPResponse, JSONDecoder) -> Result<Response, ResponseProblem>
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.isIdempotent = method.isIdempotent
        self.encodeBody = encodeBody
        self.decode = decode
    }
}

/// Why a 2xx response could not become the endpoint's `Response`.
enum ResponseProblem: Error {
    case decoding(DecodingFailure)
    case invalid(String)
}

extension Endpoint where Response: Decodable {
    /// An operation whose JSON answer decodes as `Response`.
    public init(
        _ method: HTTPMethod,
        _ path: String,
        query: KeyValuePairs<String, String?> = [:],
        headers: [String: String] = [:]
    ) {
        self.init(method: method, path: path, query: query.map { ($0.key, $0.value) }, headers: headers,
                  encodeBody: nil, decode: Self.decodeJSON)
    }

    /// An operation that sends `body` as JSON and decodes a JSON answer as `Response`.
    public init<Body: Encodable & Sendable>(
        _ method: HTTPMethod,
        _ path: String,
        body: Body,
        query: KeyValuePairs<String, String?> = [:],
        headers: [String: String] = [:]
    ) {
        self.init(method: method, path: path, query: query.map { ($0.key, $0.value) }, headers: headers,
                  encodeBody: { try $0.encode(body) }, decode: Self.decodeJSON)
    }

    /// `GET path?query`, decoding `Response`.
    public static func get(_ path: String, query: KeyValuePairs<String, String?> = [:]) -> Self {
        Self(.get, path, query: query)
    }

    /// `PATCH path` with a JSON body, decoding `Response`.
    public static func patch<Body: Encodable & Sendable>(_ path: String, body: Body) -> Self {
        Self(.patch, path, body: body)
    }

    /// `POST path` with a JSON body, decoding `Response`. Never retried unless you set ``isIdempotent``.
    public static func post<Body: Encodable & Sendable>(_ path: String, body: Body) -> Self {
        Self(.post, path, body: body)
    }

    /// `PUT path` with a JSON body, decoding `Response`.
    public static func put<Body: Encodable & Sendable>(_ path: String, body: Body) -> Self {
        Self(.put, path, body: body)
    }

    @Sendable
    static func decodeJSON(_ response: HTTPResponse, decoder: JSONDecoder) -> Result<Response, ResponseProblem> {
        guard !response.body.isEmpty else {
            return .failure(.invalid("the body is empty, expected JSON for \(Response.self)"))
        }
        if let contentType = response.header("Content-Type"), !contentType.lowercased().contains("json") {
            return .failure(.invalid("expected JSON, got \(Sanitizer.sanitize(contentType))"))
        }
        do {
            return .success(try decoder.decode(Response.self, from: response.body))
        } catch {
            return .failure(.decoding(DecodingFailure(error)))
        }
    }
}

extension Endpoint where Response == Void {
    /// An operation whose answer has no body worth reading, e.g. `DELETE` → 204.
    public init(_ method: HTTPMethod, _ path: String, query: KeyValuePairs<String, String?> = [:], headers: [String: String] = [:]) {
        self.init(method: method, path: path, query: query.map { ($0.key, $0.value) }, headers: headers,
                  encodeBody: nil, decode: { _, _ in .success(()) })
    }

    /// An operation that sends `body` as JSON and reads no answer, e.g. a sign-out → 204.
    public init<Body: Encodable & Sendable>(
        _ method: HTTPMethod, _ path: String, body: Body, query: KeyValuePairs<String, String?> = [:], headers: [String: String] = [:]
    ) {
        self.init(method: method, path: path, query: query.map { ($0.key, $0.value) }, headers: headers,
                  encodeBody: { try $0.encode(body) }, decode: { _, _ in .success(()) })
    }

    /// `DELETE path`, ignoring the answer's body.
    public static func delete(_ path: String) -> Self {
        Self(.delete, path)
    }
}
