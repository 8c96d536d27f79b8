import Foundation
import MVVMData
import MVVMDataTesting
import Testing

/// `APIClient.deadline` bounds a whole call, retries included, on the injected clock: a server
/// that hangs or drips bytes ends in a timeout when the user expects it.
@Suite(.timeLimit(.minutes(2)))
struct DeadlineTests {
    /// A transport whose every request hangs until it is cancelled (a server that never answers,
    /// or answers one byte a second).
    static func hanging(on clock: TestClock) -> StubTransport {
        StubTransport { _ throws(TransportError) in
            do {
                try await clock.sleep(for: .seconds(3600))
            } catch {
                throw .cancelled
            }
            throw .timedOut
        }
    }

    func client(_ transport: StubTransport, clock: TestClock, deadline: Duration?) -> APIClient {
        APIClient(baseURL: baseURL, transport: transport, clock: clock, deadline: deadline)
    }

    // The deadline is an instant fixed when the call starts; each call runs on the test clock's
    // executor (`Call`), so `clock.advance()` runs it to where it waits and says whether it ended.

    @Test func aHangingServerTimesOutAtTheDeadlineAndTheAttemptIsCancelled() async {
        let clock = TestClock()
        let transport = Self.hanging(on: clock)
        let call = Call(on: clock) { await failure { try await client(transport, clock: clock, deadline: .seconds(10)).send(.user(1)) } }
        await clock.advance(by: .seconds(10) - .milliseconds(1))
        #expect(transport.requests.count == 1)
        #expect(call.result == nil, "still waiting just before the deadline")

        await clock.advance(by: .milliseconds(1))
        let error = call.result ?? nil

        guard case .transport(.timedOut, let request)? = error else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
        #expect(request.path == "/v1/api/users/1")
        #expect(transport.requests.count == 1)
    }

    @Test func retriesStopAtTheDeadlineNotAfterTheLastAttempt() async {
        let clock = TestClock()
        let transport = StubTransport(Array(repeating: .success(.json(status: 503, "{}")), count: 10))
        // Ten attempts, 5 s apart at least: without the deadline the call would take minutes.
        let retry = RetryPolicy(maxAttempts: 10, initialDelay: .seconds(5))
        let apiClient = APIClient(baseURL: baseURL, transport: transport, retryPolicy: retry, clock: clock, deadline: .seconds(1))
        let call = Call(on: clock) { await failure { try await apiClient.send(.user(1)) } }
        await clock.advance(by: .seconds(1))
        let error = call.result ?? nil

        guard case .transport(.timedOut, _)? = error else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
        #expect(transport.requests.count == 1)
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
        let call = Call(on: clock) { await failure { try await client(transport, clock: clock, deadline: .seconds(10)).send(.user(1)) } }
        await clock.advance()
        #expect(transport.requests.count == 1)

        call.cancel()
        await clock.advance()
        let error = call.result ?? nil

        guard case .cancelled? = error else {
            Issue.record("expected a cancellation, got \(String(describing: error))")
            return
        }
    }
}
