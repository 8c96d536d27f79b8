import DemoServer
import MVVMTestSupport
import Foundation
import MVVMData
import MVVMTesting
import Testing

/// Every APIError case, against the real DemoServer over loopback HTTP.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct LoopbackAPIErrorTests {
    @Test func aSuccessfulCallDecodesTheServersJSON() async throws {
        try await withDemoServer { server in
            let client = APIClient(baseURL: server.baseURL)
            let user = try await client.send(Endpoint<UserDTO>.get("/api/users/1"))
            #expect(user.id == 1)
            #expect(!user.name.isEmpty)
        }
    }

    @Test func nothingListeningIsANoConnectionTransportFailure() async throws {
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 10))
        let url = server.baseURL
        await server.stop()

        let error = await failure { try await APIClient(baseURL: url, retryPolicy: .none).send(Endpoint<UserDTO>.get("/api/users/1")) }

        guard case .transport(.cannotConnect, _) = error else {
            Issue.record("expected cannotConnect, got \(String(describing: error))")
            return
        }
        #expect(error?.kind == .noConnection)
    }

    @Test func aServerSlowerThanTheTimeoutIsATimeout() async throws {
        try await withDemoServer { server in
            var endpoint = Endpoint<UserDTO>.get("/api/users/1").fault("latency=3s")
            endpoint.timeout = .milliseconds(300)
            let error = await failure { try await APIClient(baseURL: server.baseURL, retryPolicy: .none).send(endpoint) }

            #expect(error == .transport(.timedOut, request: RequestSummary(method: .get, path: "/api/users/1")))
        }
    }

    @Test func cancellingInTheMiddleOfARequestEndsItAtOnce() async throws {
        try await withDemoServer { server in
            let transport = CountingTransport()
            let client = APIClient(baseURL: server.baseURL, transport: transport)
            let call = Task { await failure { try await client.send(Endpoint<UserDTO>.get("/api/users/1").fault("latency=30s")) } }
            for await _ in transport.started { break }   // the request is on its way

            call.cancel()
            let error = await call.value

            #expect(error == .cancelled(request: RequestSummary(method: .get, path: "/api/users/1")))
            #expect(transport.attempts == 1)
        }
    }

    @Test func anErrorStatusCarriesTheServersJSONError() async throws {
        try await withDemoServer { server in
            let error = await failure { try await APIClient(baseURL: server.baseURL).send(Endpoint<UserDTO>.get("/api/users/999999")) }

            #expect(error?.status == 404)
            #expect(error?.kind == .notFound)
            guard case .httpStatus(_, let excerpt, _) = error else { return }
            #expect(excerpt.contains(#""code":"not_found""#))
        }
    }

    @Test func badQueryParametersAre400WithAJSONErrorNeverACrash() async throws {
        try await withDemoServer { server in
            let client = APIClient(baseURL: server.baseURL, retryPolicy: .none)
            for query: KeyValuePairs<String, String?> in [["page": "0"], ["size": "1000"], ["size": "abc"], ["status": "sleeping"]] {
                let error = await failure { try await client.send(Endpoint<UserPageDTO>.get("/api/users", query: query)) }
                #expect(error?.status == 400, "\(query)")
                guard case .httpStatus(_, let excerpt, _) = error else { continue }
                #expect(excerpt.contains(#""code":"invalid_parameter""#), "\(query): \(excerpt)")
            }
            let user = try await client.send(Endpoint<UserDTO>.get("/api/users/1"))   // still serving
            #expect(user.id == 1)
        }
    }

    @Test func malformedJSONIsADecodingFailureOfTheWholeBody() async throws {
        try await withDemoServer { server in
            let error = await failure { try await APIClient(baseURL: server.baseURL).send(Endpoint<UserPageDTO>.get("/api/users").fault("malformed")) }

            guard case .decoding(let failure, _) = error else {
                Issue.record("expected a decoding failure, got \(String(describing: error))")
                return
            }
            #expect(failure.path == "")
            #expect(failure.reason == "the body is not valid JSON")
        }
    }

    @Test func aTruncatedBodyIsADecodingFailure() async throws {
        try await withDemoServer { server in
            let error = await failure { try await APIClient(baseURL: server.baseURL).send(Endpoint<UserPageDTO>.get("/api/users").fault("truncate")) }
            #expect(error?.kind == .invalidData)
        }
    }

    @Test func aWrongDTONamesTheJSONPathAndType() async throws {
        struct StrictPage: Decodable, Sendable {
            struct Item: Decodable, Sendable { var id: String }
            var items: [Item]
        }
        try await withDemoServer { server in
            let error = await failure { try await APIClient(baseURL: server.baseURL).send(Endpoint<StrictPage>.get("/api/users")) }

            guard case .decoding(let failure, _) = error else {
                Issue.record("expected a decoding failure, got \(String(describing: error))")
                return
            }
            #expect(failure.path == "items[0].id")
            #expect(failure.expected == "String")
        }
    }

    @Test func noBodyWhereOneIsNeededIsAnInvalidResponse() async throws {
        try await withDemoServer { server in
            let error = await failure { try await APIClient(baseURL: server.baseURL).send(Endpoint<UserDTO>(.delete, "/api/users/3")) }
            #expect(error == .invalidResponse("the body is empty, expected JSON for UserDTO", request: RequestSummary(method: .delete, path: "/api/users/3")))
        }
    }

    @Test func aClosedConnectionIsATransportFailure() async throws {
        try await withDemoServer { server in
            let error = await failure { try await APIClient(baseURL: server.baseURL, retryPolicy: .none).send(Endpoint<UserDTO>.get("/api/users/1").fault("close")) }
            guard case .transport = error else {
                Issue.record("expected a transport failure, got \(String(describing: error))")
                return
            }
            #expect(error?.kind == .noConnection)
        }
    }

    @Test func aFailingStatusIsRetriedOnTheTestClockThenReported() async throws {
        try await withDemoServer { server in
            let clock = TestClock()
            let transport = CountingTransport()
            let client = APIClient(baseURL: server.baseURL, transport: transport, clock: clock)
            let ended = Flag()
            let call = Task {
                defer { ended.raise() }
                return await failure { try await client.send(Endpoint<UserDTO>.get("/api/users/1").fault("status=503")) }
            }

            #expect(await waitUntil(timeout: .seconds(30)) { clock.sleeperCount > 0 })   // attempt 1 answered 503; the back-off waits
            #expect(transport.attempts == 1)
            await clock.advance(by: .milliseconds(200))
            #expect(await waitUntil(timeout: .seconds(30)) { clock.sleeperCount > 0 })   // attempt 2 answered 503
            #expect(transport.attempts == 2)
            await clock.advance(by: .milliseconds(400))
            // The third answer ends the call. A call that would try again waits on the clock (its
            // back-off) instead: after 30 s it is cancelled here, so a wrong retry count fails,
            // never hangs. (Sleepers are no sign: the call's deadline sleeps on the clock too.)
            _ = await waitUntil(timeout: .seconds(30)) { ended.isRaised || transport.attempts > 3 }
            if !ended.isRaised {
                Issue.record("the call waits to try a fourth time")
                call.cancel()
            }

            #expect(await call.value?.status == 503)
            #expect(transport.attempts == 3)
        }
    }

    @Test func aPatchIsNotRetriedAgainstTheRealServer() async throws {
        struct Change: Encodable, Sendable { var isActive: Bool }
        try await withDemoServer { server in
            let transport = CountingTransport()
            let client = APIClient(baseURL: server.baseURL, transport: transport, clock: TestClock())
            let error = await failure { try await client.send(Endpoint<UserDTO>.patch("/api/users/2", body: Change(isActive: false)).fault("status=503")) }

            #expect(error?.status == 503)
            #expect(transport.attempts == 1)
        }
    }

    @Test func pagesOfTwentyEndExactlyAtTheLastUser() async throws {
        try await withDemoServer(users: 45) { server in
            let client = APIClient(baseURL: server.baseURL)
            func page(_ number: Int) async throws -> UserPageDTO {
                try await client.send(.get("/api/users", query: ["page": "\(number)", "size": "20"]))
            }
            let first = try await page(1)
            let last = try await page(3)
            let past = try await page(4)

            #expect(first.items.map(\.id) == Array(1...20))
            #expect(first.hasMore && first.total == 45)
            #expect(last.items.map(\.id) == Array(41...45))
            #expect(!last.hasMore)
            #expect(past.items.isEmpty && !past.hasMore)
        }
    }
}
