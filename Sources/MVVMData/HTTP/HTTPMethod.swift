/// An HTTP request method.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method's name, e.g. `"GET"`.
    public let rawValue: String

    /// A method by name; names are upper-cased.
    public init(rawValue: String) {
        self.rawValue = rawValue.uppercased()
    }

    /// `GET`: read.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`: read headers only.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `POST`: create or act; never retried unless you say so.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`: replace.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`: change part; not idempotent in general, so not retried by default.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`: remove.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `OPTIONS`: ask what is allowed.
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2):
    /// GET, HEAD, PUT, DELETE, OPTIONS. Only idempotent requests are retried by default.
    public var isIdempotent: Bool {
        switch rawValue {
        case "GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE": true
        default: false
        }
    }

    /// The method's name.
    public var description: String { rawValue }
}
