import Foundation
import MVVMData
import MVVMTesting
import Testing

/// `APIClient.deadline` bounds a whole call, retries included, on the injected clock: a server
/// that hangs or drips bytes ends in a timeout when the user expects it.
@Suite(.timeLimit(.minutes(2)))
struct DeadlineTests {
    /// A transport whose every request hangs until it is cancelled (a server that never answers,
    /// or answers one byte a second).
    static func hanging(on clock: TestClock<Duration>) -> StubTransport {
        StubTransport { _ throws(TransportError) in
            do {
                try await clock.sleep(for: .seconds(3600))
            } catch {
                throw .cancelled
            }
            throw .timedOut
        }
    }

    func client(_ transport: StubTransport, clock: TestClock<Duration>, deadline: Duration?) -> APIClient {
        APIClient(baseURL: baseURL, transport: transport, clock: clock, deadline: deadline)
    }

    @Test func aHangingServerTimesOutAtTheDeadlineAndTheAttemptIsCancelled() async {
        let clock = TestClock()
        let transport = Self.hanging(on: clock)
        let call = Task { await failure { try await client(transport, clock: clock, deadline: .seconds(10)).send(.user(1)) } }

        #expect(await waitUntilSleeping(clock))
        await clock.advance(by: .milliseconds(9_999))
        await settle()
        #expect(transport.requests.count == 1)
        await clock.advance(by: .milliseconds(1))
        let error = await call.value

        guard case .transport(.timedOut, let request)? = error else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
        #expect(request.path == "/v1/api/users/1")
    }

    @Test func retriesStopAtTheDeadlineNotAfterTheLastAttempt() async {
        let clock = TestClock()
        let transport = StubTransport(Array(repeating: .success(.json(status: 503, "{}")), count: 10))
        let retry = RetryPolicy(maxAttempts: 10)
        let apiClient = APIClient(baseURL: baseURL, transport: transport, retryPolicy: retry, clock: clock, deadline: .seconds(1))
        let call = Task { await failure { try await apiClient.send(.user(1)) } }

        // Back-off 200 ms, then 400, then 800: the third wait crosses the 1 s deadline.
        await settle()
        #expect(transport.requests.count == 1)
        await clock.advance(by: .milliseconds(200))
        await settle()
        #expect(transport.requests.count == 2)
        await clock.advance(by: .milliseconds(400))
        await settle()
        #expect(transport.requests.count == 3)
        await clock.advance(by: .milliseconds(399))
        await settle()
        await clock.advance(by: .milliseconds(1))
        let error = await call.value

        guard case .transport(.timedOut, _)? = error else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
        #expect(transport.requests.count == 3)
    }

    @Test func anAnswerBeforeTheDeadlineIsReturned() async throws {
        let clock = TestClock()
        let transport = StubTransport([.success(.json(#"{"id":1,"name":"A","email":"a","isActive":true}"#))])
        let user = try await client(transport, clock: clock, deadline: .seconds(10)).send(.user(1))
        #expect(user.id == 1)
    }

    @Test func cancellingTheCallerIsACancellationNotATimeout() async {
        let clock = TestClock()
        let transport = Self.hanging(on: clock)
        let call = Task { await failure { try await client(transport, clock: clock, deadline: .seconds(10)).send(.user(1)) } }
        #expect(await waitUntilSleeping(clock))

        call.cancel()
        let error = await call.value

        guard case .cancelled? = error else {
            Issue.record("expected a cancellation, got \(String(describing: error))")
            return
        }
    }
}
