import DemoServer
import Foundation
import MVVMData
import Testing

/// Cancelling 10,000 requests in flight, at every moment (before the request starts, while it
/// is sent, as its answer arrives), never crashes the process: each call ends answered or
/// `.cancelled`. This is what switching weather cities quickly does in the demo. For
/// `URLSessionTransport` this is the moment Linux Foundation's `URLSessionTask.cancel()` crashes
/// at, which it therefore never calls there.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct CancellationStressTests {
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
            for batch in 0..<200 {
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
                    case .failure(let error): Issue.record("unexpected \(error)")
                    }
                }
            }
            #expect(answered + cancelled == 10_000)
            #expect(cancelled > 0)
            // The server still answers: cancelled requests left no stuck connections behind.
            let after = try await transport.send(quick)
            #expect(after.status == 200)
        }
    }
}
