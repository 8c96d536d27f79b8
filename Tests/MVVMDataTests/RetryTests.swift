import Foundation
import MVVMData
import MVVMTesting
import Testing

// Calls under test run as `async let`, not `Task { }`: when a wait fails, the time limit cancels
// the test, and only a child task hears it. Awaiting an unstructured task's `value` ignores
// cancellation, and a call left sleeping on the TestClock hung the whole test run.
@Suite(.timeLimit(.minutes(2)))
struct RetryTests {
    @Test func transientFailuresAreRetriedWithBackOffOnTheClock() async throws {
        let clock = TestClock()
        let transport = StubTransport([
            .success(.json(status: 503, "{}")),
            .failure(.timedOut),
            .success(.json(#"{"id":1,"name":"A","email":"a","isActive":true}"#)),
        ])
        async let call = client(transport, clock: clock).send(.user(1))

        #expect(await waitUntil(timeout: .seconds(30)) { clock.sleeperCount > 0 })   // attempt 1 failed; the back-off waits
        #expect(transport.requests.count == 1)
        await clock.advance(by: .milliseconds(199))
        await clock.advance(by: .zero)
        #expect(transport.requests.count == 1)
        await clock.advance(by: .milliseconds(1))
        #expect(await waitUntil(timeout: .seconds(30)) { clock.sleeperCount > 0 })   // attempt 2 failed; the back-off waits
        #expect(transport.requests.count == 2)
        await clock.advance(by: .milliseconds(399))
        await clock.advance(by: .zero)
        #expect(transport.requests.count == 2)
        await clock.advance(by: .milliseconds(1))
        #expect(await advance(clock, until: { transport.requests.count == 3 }))

        #expect(try await call.id == 1)
        #expect(transport.requests.count == 3)
    }

    @Test func afterTheLastAttemptTheLastFailureIsThrown() async {
        let clock = TestClock()
        let transport = StubTransport([.success(.json(status: 502, "a")), .success(.json(status: 503, "b")), .success(.json(status: 504, "c"))])
        let ended = LockedBox(false)
        let call = Task {
            defer { ended.set(true) }
            return await failure { try await client(transport, clock: clock).send(.user(1)) }
        }

        #expect(await advance(clock, until: { transport.requests.count == 3 }))
        // The third answer ends the call. A call that would try a fourth time waits on the clock
        // (its back-off) instead: after 30 s it is cancelled here, so a wrong attempt count
        // fails, never hangs. (Sleepers are no sign: the call's deadline sleeps on the clock too.)
        _ = await waitUntil(timeout: .seconds(30)) { ended.value || transport.requests.count > 3 }
        if !ended.value {
            Issue.record("the call waits to try a fourth time")
            call.cancel()
        }

        #expect(await call.value?.status == 504)
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
        async let call = client(transport, clock: clock).send(endpoint)

        #expect(await advance(clock, until: { transport.requests.count == 2 }))

        #expect(try await call.id == 5)
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
        async let call = client(transport, clock: clock, retry: policy).send(.user(1))

        #expect(await waitUntil(timeout: .seconds(30)) { clock.sleeperCount > 0 })
        await clock.advance(by: .milliseconds(1999))
        await clock.advance(by: .zero)
        #expect(transport.requests.count == 1)
        await clock.advance(by: .milliseconds(1))
        #expect(await advance(clock, until: { transport.requests.count == 2 }))

        #expect(try await call.id == 1)
    }

    @Test func cancellingDuringTheBackOffEndsAtOnceWithCancelled() async {
        let clock = TestClock()
        let transport = StubTransport([.success(.json(status: 503, "{}"))])
        let call = Task { await failure { try await client(transport, clock: clock).send(.user(1)) } }

        #expect(await waitUntil(timeout: .seconds(30)) { clock.sleeperCount > 0 })   // in the back-off
        call.cancel()
        let error = await call.value

        #expect(error == .cancelled(request: RequestSummary(method: .get, path: "/v1/api/users/1")))
        #expect(error?.isCancellation == true)
        #expect(transport.requests.count == 1)
    }

    @Test func cancellingDuringTheRequestEndsAtOnceWithCancelled() async {
        let started = LockedBox(false)
        let transport = StubTransport { _ throws(TransportError) in
            started.set(true)
            do {
                try await Task.sleep(for: .seconds(3600))   // a request that never answers
            } catch {
                throw .cancelled
            }
            throw .timedOut
        }
        let call = Task { await failure { try await client(transport).send(.user(1)) } }
        #expect(await waitUntil { started.value })

        call.cancel()

        #expect(await call.value?.kind == .cancelled)
        #expect(transport.requests.count == 1)
    }
}

/// A value shared with a stub's handler.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
    // `@unchecked Sendable`: `stored` is only touched while `lock` is held.
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func set(_ value: Value) { lock.withLock { stored = value } }
}
