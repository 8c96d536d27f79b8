import Foundation

/// A response as the tests see it: status, headers (lower-cased names) and the raw body.
struct HTTPResult: Sendable {
    let status: Int
    let headers: [String: String]
    let body: Data

    /// The body as UTF-8 text.
    var text: String { String(decoding: body, as: UTF8.self) }

    /// The header `name` (any case).
    func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The body decoded as `T`.
    func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: body)
    }

    /// The body parsed with `JSONSerialization`.
    func jsonObject() throws -> Any {
        try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
    }
}
