import DemoServer
import Foundation
import MVVMData
import Testing

/// What every transport does, on a real server on loopback: a status is a response, a failure
/// says why no response came, cancelling answers `.cancelled`.
@Suite(.timeLimit(.minutes(2)))
struct TransportContractTests {
    @Test(arguments: TransportKind.allCases)
    func anAnswerBringsItsStatusHeadersAndBody(kind: TransportKind) async throws {
        try await withDemoServer { server in
            let response = try await kind.make().send(HTTPRequest(method: .get, url: server.baseURL.appendingPathComponent("api/users/1")))

            #expect(response.status == 200)
            #expect(response.header("content-type")?.hasPrefix("application/json") == true)
            let user = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            #expect(user?["id"] as? Int == 1)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func anErrorStatusIsAResponseNotAFailure(kind: TransportKind) async throws {
        try await withDemoServer { server in
            let response = try await kind.make().send(HTTPRequest(method: .get, url: server.baseURL.appendingPathComponent("api/users/999999")))

            #expect(response.status == 404)
            #expect(String(decoding: response.body, as: UTF8.self).contains("\"error\""))
        }
    }

    @Test(arguments: TransportKind.allCases)
    func theMethodHeadersAndBodyReachTheServer(kind: TransportKind) async throws {
        try await withDemoServer { server in
            let request = HTTPRequest(
                method: .patch,
                url: server.baseURL.appendingPathComponent("api/users/2"),
                headers: ["Content-Type": "application/json"],
                body: Data(#"{"isActive": false}"#.utf8)
            )
            let response = try await kind.make().send(request)

            #expect(response.status == 200)
            let user = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            #expect(user?["id"] as? Int == 2)
            #expect(user?["isActive"] as? Bool == false)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func nothingListeningIsCannotConnect(kind: TransportKind) async throws {
        // Port 1 on loopback: nothing listens there, so the connection is refused.
        let error = await failure { try await kind.make().send(HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:1/api/users/1")!)) }

        guard case .cannotConnect = error else {
            Issue.record("expected cannotConnect, got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aServerSlowerThanTheTimeoutIsTimedOut(kind: TransportKind) async throws {
        try await withDemoServer { server in
            let request = HTTPRequest(
                method: .get,
                url: server.baseURL.appendingPathComponent("api/users/1"),
                headers: ["X-Demo-Fault": "latency=5s"],
                timeout: .milliseconds(300)
            )
            let error = await failure { try await kind.make().send(request) }

            #expect(error == .timedOut)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func cancellingTheCallerAnswersCancelled(kind: TransportKind) async throws {
        try await withDemoServer { server in
            // The server would answer after a minute: only cancellation can end this call in time.
            let request = HTTPRequest(
                method: .get,
                url: server.baseURL.appendingPathComponent("api/users/1"),
                headers: ["X-Demo-Fault": "latency=60s"],
                timeout: .seconds(90)
            )
            let transport = kind.make()
            let call = Task { await failure { try await transport.send(request) } }
            await Task.yield()
            call.cancel()

            #expect(await call.value == .cancelled)
        }
    }
}
