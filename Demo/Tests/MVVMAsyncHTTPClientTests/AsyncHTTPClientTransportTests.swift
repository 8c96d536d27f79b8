import AsyncHTTPClient
import DemoServer
import Foundation
@testable import MVVMAsyncHTTPClient
import MVVMData
import NIOCore
import NIOHTTP1
import Testing

/// What only the AsyncHTTPClient transport does: its body limit, its mapping of NIO's errors,
/// header joining, timeouts beyond `TimeAmount`.
@Suite(.timeLimit(.minutes(2)))
struct AsyncHTTPClientTransportTests {
    @Test func aClosedConnectionIsConnectionLost() async throws {
        try await withDemoServer { server in
            let request = HTTPRequest(method: .get, url: server.baseURL.appendingPathComponent("api/users/1"), headers: ["X-Demo-Fault": "close"])
            let error = await failure { try await AsyncHTTPClientTransport().send(request) }

            #expect(error == .connectionLost)
        }
    }

    @Test func theSharedClientLeavesRetryingARefusedConnectionToTheRetryPolicy() {
        // AsyncHTTPClient's default retries a refused connection until the request's timeout:
        // a dead server would show "cannot connect" after 30 s instead of at once.
        #expect(AsyncHTTPClientTransport.sharedConfiguration.connectionPool.retryConnectionEstablishment == false)
    }

    @Test func aBodyLargerThanTheLimitFailsNamingTheLimit() async throws {
        try await withDemoServer { server in
            let transport = AsyncHTTPClientTransport(maximumBodyBytes: 16)
            let error = await failure { try await transport.send(HTTPRequest(method: .get, url: server.baseURL.appendingPathComponent("api/users/1"))) }

            #expect(error == .other("the response body is larger than 16 bytes"))
        }
    }

    @Test func aFieldSentTwiceIsJoinedWithACommaInOrder() {
        let headers = HTTPHeaders([("Vary", "Accept"), ("Content-Type", "application/json"), ("Vary", "Origin")])

        #expect(AsyncHTTPClientTransport.headers(headers) == ["Vary": "Accept, Origin", "Content-Type": "application/json"])
    }

    @Test func timeoutsBeyondWhatNIOHoldsSaturateAndNegativeOnesAreZero() {
        #expect(AsyncHTTPClientTransport.timeAmount(.milliseconds(1500)) == .milliseconds(1500))
        #expect(AsyncHTTPClientTransport.timeAmount(.seconds(Int64.max)) == .nanoseconds(.max))
        #expect(AsyncHTTPClientTransport.timeAmount(.seconds(-3)) == .zero)
    }

    @Test(arguments: [
        (HTTPClientError.cancelled, TransportError.cancelled),
        (.deadlineExceeded, .timedOut),
        (.readTimeout, .timedOut),
        (.connectTimeout, .timedOut),
        (.remoteConnectionClosed, .connectionLost),
        (.bodyLengthMismatch, .connectionLost),
    ])
    func clientErrorsMapToWhatTheCallerCanActOn(error: HTTPClientError, expected: TransportError) {
        #expect(AsyncHTTPClientTransport.transportError(for: error, maximumBodyBytes: 1) == expected)
    }

    @Test func aRefusedConnectionAtTheSocketIsCannotConnect() {
        let refused = IOError(errnoCode: ECONNREFUSED, reason: "connect")

        guard case .cannotConnect = AsyncHTTPClientTransport.transportError(for: refused, maximumBodyBytes: 1) else {
            Issue.record("expected cannotConnect")
            return
        }
    }
}
