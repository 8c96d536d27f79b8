/// Sends one HTTP request and returns the response: the raw network layer under ``APIClient``.
///
/// Any HTTP status is a response, not an error: a transport fails only when no response arrived.
/// ``URLSessionTransport`` is the real one; MVVMDataTesting's `StubTransport` scripts answers.
///
/// A transport must honour task cancellation: when the calling task is cancelled, it stops the
/// request and throws ``TransportError/cancelled`` promptly.
public protocol HTTPTransport: Sendable {
    /// Sends `request`, or throws why no response arrived.
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}
