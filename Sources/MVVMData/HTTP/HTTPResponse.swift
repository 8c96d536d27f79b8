public import Foundation

/// What a transport received: status, headers and body.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, e.g. `200`.
    public var status: Int
    /// Header fields by name.
    public var headers: [String: String]
    /// The body; empty when there was none.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the header `name`, matched case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Whether the status is 2xx.
    package var isSuccess: Bool { (200..<300).contains(status) }
}
