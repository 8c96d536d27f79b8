import DemoServer
import Foundation
import MVVMData
import Testing

/// Cancelling 10,000 requests in flight, at every moment (before the request starts, while it
/// is sent, as its answer arrives), never crashes the process and never leaves a call hanging:
/// each call ends answered, `.cancelled`, or `.timedOut`. (A timeout is a bounded end: with the
/// whole test suite starting at once on 2 cores, AsyncHTTPClient's first batch of requests has
/// been seen waiting more than 10 s for a connection, since each cancel closes one.)
/// This is what switching weather cities quickly does in the demo. For `URLSessionTransport`
/// this is the moment Linux Foundation's `URLSessionTask.cancel()` crashes at, which it
/// therefore never calls there.
///
/// Under ThreadSanitizer (CI's second run), 2,500 requests: the sanitizer slows each tenfold, and
/// 10,000 of each kind made this suite the last of that run by ten seconds.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct CancellationStressTests {
    #if MVVM_THREAD_SANITIZER
    static let batches = 50
    #else
    static let batches = 200
    #endif

    @Test(arguments: TransportKind.allCases)
    func tenThousandRequestsCancelledInFlightGiveAnAnswerOrCancelledAndNeverCrash(kind: TransportKind) async throws {
        try await withDemoServer { server in
            let transport = kind.make()
            // Half the requests are answered after a few milliseconds, so that cancels also land
            // while requests wait for their answer.
            let quick = HTTPRequest(method: .get, url: server.baseURL.appendingPathComponent("api/users/1"))
            let slow = HTTPRequest(
                method: .get,
                url: server.baseURL.appendingPathComponent("api/users/1"),
                headers: ["X-Demo-Fault": "latency=3ms"],
                timeout: .seconds(10)
            )
            var answered = 0
            var cancelled = 0
            var timedOut = 0
            for batch in 0..<Self.batches {
                let calls = (0..<50).map { index in
                    Task { await outcome { try await transport.send(index.isMultiple(of: 2) ? quick : slow) } }
                }
                for (index, call) in calls.enumerated() {
                    if (index + batch) % 3 == 1 { await Task.yield() }
                    if (index + batch) % 7 == 3 { try? await Task.sleep(for: .microseconds(200)) }
                    call.cancel()
                }
                for call in calls {
                    switch await call.value {
                    case .success(let response): #expect(response.status == 200); answered += 1
                    case .failure(.cancelled): cancelled += 1
                    case .failure(.timedOut): timedOut += 1
                    case .failure(let error): Issue.record("unexpected \(error)")
                    }
                }
            }
            #expect(answered + cancelled + timedOut == Self.batches * 50)
            #expect(cancelled > 0)
            // The server still answers: cancelled requests left no stuck connections behind.
            let after = try await transport.send(quick)
            #expect(after.status == 200)
        }
    }
}
