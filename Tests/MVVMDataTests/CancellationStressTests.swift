import DemoServer
import Foundation
import MVVMData
import Testing

/// Cancelling requests in flight never crashes the process, whatever the moment: before the
/// request starts, while it is sent, as its answer arrives (the moment Linux Foundation's
/// `URLSessionTask.cancel()` crashes at, which `URLSessionTransport` therefore never calls there).
@Suite(.serialized, .timeLimit(.minutes(5)))
struct CancellationStressTests {
    @Test func tenThousandRequestsCancelledInFlightGiveAnAnswerOrCancelledAndNeverCrash() async throws {
        try await withDemoServer(users: 50) { server in
            let transport = URLSessionTransport()
            // Half the requests are answered after a few milliseconds, so that cancels also land
            // while requests wait for their answer.
            let quick = HTTPRequest(method: .get, url: server.baseURL.appendingPathComponent("api/users/1"))
            let request = HTTPRequest(
                method: .get,
                url: server.baseURL.appendingPathComponent("api/users/1"),
                headers: ["X-Demo-Fault": "latency=3ms"],
                body: nil,
                timeout: .seconds(10)
            )
            var answered = 0
            var cancelled = 0
            for batch in 0..<200 {
                let calls = (0..<50).map { index in
                    Task { () -> Result<HTTPResponse, TransportError> in
                        do throws(TransportError) {
                            return .success(try await transport.send(index.isMultiple(of: 2) ? quick : request))
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                // Cancel at different moments: at once, after a yield, after the answers may
                // be arriving.
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
        }
    }
}
