import Foundation
import MVVMData
import MVVMDataTesting
import Testing

// Calls under test run on the test clock's executor (`Call`): `clock.advance()` runs them as far
// as they go, and a test reads whether a call ended instead of awaiting one that cannot.
@Suite(.timeLimit(.minutes(2)))
struct RetryTests {
    @Test func transientFailuresAreRetriedWithBackOffOnTheClock() async throws {
        let clock = TestClock()
        let transport = StubTransport([
            .success(.json(status: 503, "{}")),
            .failure(.timedOut),
            .success(.json(#"{"id":1,"name":"A","email":"a","isActive":true}"#)),
        ])
        let call = Call(on: clock) { await outcome { try await client(transport, clock: clock).send(.user(1)) } }

        await clock.advance()
        #expect(transport.requests.count == 1, "attempt 1 failed; the back-off waits")
        await clock.advance(by: .milliseconds(199))
        #expect(transport.requests.count == 1)
        await clock.advance(by: .milliseconds(1))
        #expect(transport.requests.count == 2, "attempt 2 failed; the back-off waits")
        await clock.advance(by: .milliseconds(399))
        #expect(transport.requests.count == 2)
        await clock.advance(by: .milliseconds(1))
        #expect(transport.requests.count == 3)

        #expect(try #require(call.result).get().id == 1)
    }

    @Test func afterTheLastAttemptTheLastFailureIsThrown() async throws {
        let clock = TestClock()
        let transport = StubTransport([.success(.json(status: 502, "a")), .success(.json(status: 503, "b")), .success(.json(status: 504, "c"))])
        let call = Call(on: clock) { await failure { try await client(transport, clock: clock).send(.user(1)) } }

        // Deadline by deadline until nothing sleeps: a call that would try a fourth time is seen
        // trying, never waited for.
        _ = await clock.advance(until: { call.result != nil })
        #expect(try #require(call.result)?.status == 504)
        #expect(transport.requests.count == 3)
    }

    @Test(arguments: [HTTPMethod.post, .patch])
    func requestsThatAreNotIdempotentAreNeverRetriedByDefault(method: HTTPMethod) async {
        let transport = StubTransport([.success(.json(status: 503, "{}"))])
        let endpoint = Endpoint<UserDTO>(method, "/api/users", query: [:])

        let error = await failure { try await client(transport, clock: TestClock()).send(endpoint) }

        #expect(error?.status == 503)
        #expect(transport.requests.count == 1)
    }

    @Test func aPostMarkedIdempotentOrAPolicyThatAllowsItIsRetried() async throws {
        let clock = TestClock()
        let transport = StubTransport([.success(.json(status: 503, "{}")), .success(.json(#"{"id":5,"name":"A","email":"a","isActive":true}"#))])
        var endpoint = Endpoint<UserDTO>(.post, "/api/users", query: [:])
        endpoint.isIdempotent = true
        let call = Call(on: clock) { [endpoint] in await outcome { try await client(transport, clock: clock).send(endpoint) } }

        _ = await clock.advance(until: { call.result != nil })
        #expect(try #require(call.result).get().id == 5)
        #expect(transport.requests.count == 2)
        #expect(RetryPolicy(retriesNonIdempotentRequests: true)
            .shouldRetry(.httpStatus(503, bodyExcerpt: "", request: .init(method: .post, path: "/")), afterAttempt: 1, isIdempotent: false))
    }

    @Test func failuresThatCannotPassAreNotRetried() async {
        for answer: Result<HTTPResponse, TransportError> in [.success(.json(status: 404, "{}")), .success(.json(status: 400, "{}")), .success(.json("{")), .failure(.cannotFindHost("x"))] {
            let transport = StubTransport([answer])
            _ = await failure { try await client(transport, clock: TestClock()).send(.user(1)) }
            #expect(transport.requests.count == 1)
        }
    }

    @Test func backOffGrowsAndIsCappedAndRetryAfterIsHonoured() {
        let policy = RetryPolicy(maxAttempts: 6, initialDelay: .milliseconds(100), multiplier: 3, maxDelay: .seconds(1))

        #expect((2...6).map { policy.delay(beforeAttempt: $0) } == [.milliseconds(100), .milliseconds(300), .milliseconds(900), .seconds(1), .seconds(1)])
        #expect(policy.delay(beforeAttempt: 2, retryAfter: .milliseconds(500)) == .milliseconds(500))
        #expect(policy.delay(beforeAttempt: 2, retryAfter: .seconds(60)) == .seconds(1))
        // A long outage: attempt counts whose exponential would overflow Duration stay at the cap.
        #expect(policy.delay(beforeAttempt: 70) == .seconds(1))
        #expect(policy.delay(beforeAttempt: 100_000) == .seconds(1))
        #expect(RetryPolicy(initialDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(60)).delay(beforeAttempt: Int.max) == .seconds(60))
        #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
    }

    @Test func aRetryAfterHeaderSetsTheWait() async throws {
        let clock = TestClock()
        let transport = StubTransport([
            .success(.json(status: 429, "{}", headers: ["Retry-After": "2"])),
            .success(.json(#"{"id":1,"name":"A","email":"a","isActive":true}"#)),
        ])
        let policy = RetryPolicy(maxDelay: .seconds(10))
        let call = Call(on: clock) { await outcome { try await client(transport, clock: clock, retry: policy).send(.user(1)) } }

        await clock.advance(by: .milliseconds(1999))
        #expect(transport.requests.count == 1)
        await clock.advance(by: .milliseconds(1))
        #expect(transport.requests.count == 2)
        #expect(try #require(call.result).get().id == 1)
    }

    @Test func cancellingDuringTheBackOffEndsAtOnceWithCancelled() async throws {
        let clock = TestClock()
        let transport = StubTransport([.success(.json(status: 503, "{}"))])
        let call = Call(on: clock) { await failure { try await client(transport, clock: clock).send(.user(1)) } }

        await clock.advance()
        #expect(clock.sleeperCount == 1, "in the back-off")
        call.cancel()
        await clock.advance()
        let error = try #require(call.result, "ended without moving the clock")

        #expect(error == .cancelled(request: RequestSummary(method: .get, path: "/v1/api/users/1")))
        #expect(error?.isCancellation == true)
        #expect(transport.requests.count == 1)
    }

    @Test func cancellingDuringTheRequestEndsAtOnceWithCancelled() async throws {
        let clock = TestClock()
        let transport = StubTransport { _ throws(TransportError) in
            do {
                try await clock.sleep(for: .seconds(3600))   // a request that never answers
            } catch {
                throw .cancelled
            }
            throw .timedOut
        }
        let call = Call(on: clock) { await failure { try await client(transport).send(.user(1)) } }
        await clock.advance()
        #expect(transport.requests.count == 1)

        call.cancel()
        await clock.advance()

        #expect(try #require(call.result)?.kind == .cancelled)
        #expect(transport.requests.count == 1)
    }
}

/// The call's value, or its error.
func outcome<Value>(_ operation: () async throws -> Value) async -> Result<Value, any Error> {
    do {
        return .success(try await operation())
    } catch {
        return .failure(error)
    }
}
