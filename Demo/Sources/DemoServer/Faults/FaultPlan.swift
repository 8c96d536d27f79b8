/// Faults the demo server injects into an `/api/` response, so clients can be tested against slow,
/// failing and broken servers.
///
/// A plan comes from the `X-Demo-Fault` request header (see ``parse(_:)``) or, for requests without
/// that header, from ``DemoServerConfiguration/defaultFaults``.
///
/// When several parts are set, ``latency`` is applied first, then the first of
/// ``closeConnection``, ``status``, ``malformedJSON`` and ``truncatedBody`` that is set decides the
/// response; the later ones are ignored.
public struct FaultPlan: Sendable, Equatable, Hashable {
    /// Real wall-clock delay the server waits before it handles the request; `nil` for none.
    public var latency: Duration?
    /// Respond with this HTTP status (400...599) and an `injected_fault` JSON error body, without
    /// running the request; `nil` for none.
    public var status: Int?
    /// Respond `200 OK` with a body that is not valid JSON (on the avatar route, `image/png`
    /// bytes that are not a valid PNG), without running the request.
    public var malformedJSON: Bool
    /// Run the request, then send only the first half of its body, with a `Content-Length` that
    /// matches the half: a complete HTTP message whose JSON (or PNG) is cut.
    public var truncatedBody: Bool
    /// Close the TCP connection without sending any response, without running the request.
    public var closeConnection: Bool

    /// Creates a plan; every part defaults to "no fault".
    /// - Parameters:
    ///   - latency: Delay before the request is handled.
    ///   - status: HTTP status (400...599) to answer with instead of running the request.
    ///   - malformedJSON: Answer `200 OK` with a body that is not valid JSON.
    ///   - truncatedBody: Cut the real response body in half.
    ///   - closeConnection: Close the connection without a response.
    public init(
        latency: Duration? = nil,
        status: Int? = nil,
        malformedJSON: Bool = false,
        truncatedBody: Bool = false,
        closeConnection: Bool = false
    ) {
        self.latency = latency
        self.status = status
        self.malformedJSON = malformedJSON
        self.truncatedBody = truncatedBody
        self.closeConnection = closeConnection
    }

    /// The plan that injects nothing.
    public static let none = FaultPlan()

    /// Whether this plan injects nothing at all.
    public var isNone: Bool { self == .none }
}
