import Foundation
import Synchronization
import MVVMData
import MVVMDataTesting
import Testing

struct UserDTO: Codable, Equatable, Sendable {
    var id: Int
    var name: String
    var email: String
    var isActive: Bool
}

extension Endpoint where Response == UserDTO {
    static func user(_ id: Int) -> Self { .get("/api/users/\(id)") }
}

let baseURL = URL(string: "https://api.example.com/v1")!

func client(_ transport: StubTransport, clock: any Clock<Duration> = ContinuousClock(), retry: RetryPolicy = .default) -> APIClient {
    APIClient(baseURL: baseURL, transport: transport, retryPolicy: retry, clock: clock)
}

/// Runs `operation`, returning its `APIError`, or `nil` if it succeeded. Any other error fails
/// the test: the client only ever throws `APIError`.
func failure<Value>(_ operation: () async throws -> Value) async -> APIError? {
    do {
        _ = try await operation()
        return nil
    } catch let error as APIError {
        return error
    } catch {
        Issue.record("expected an APIError, got \(error)")
        return nil
    }
}

/// A call started on `clock`'s executor: `clock.advance()` runs it as far as it goes, and
/// `result` says whether it has ended, so a test reads the outcome without awaiting a call that
/// might never end (a wrong retry count leaves it sleeping on the clock).
final class Call<Value: Sendable>: Sendable {
    private final class Outcome: Sendable {
        let value = Mutex<Value?>(nil)
    }

    private let outcome: Outcome
    private let task: Task<Void, Never>

    init(on clock: TestClock, _ operation: @escaping @Sendable () async -> Value) {
        let outcome = Outcome()
        self.outcome = outcome
        task = Task(executorPreference: clock.executor) {
            let value = await operation()
            outcome.value.withLock { $0 = value }
        }
    }

    /// What the call returned, once it has ended; `nil` while it runs.
    var result: Value? { outcome.value.withLock { $0 } }

    /// Cancels the call; `clock.advance()` then runs it to its end.
    func cancel() { task.cancel() }
}

/// A value shared between a test and the work it runs.
final class LockedBox<Value: Sendable>: Sendable {
    private let stored: Mutex<Value>
    init(_ value: Value) { stored = Mutex(value) }
    var value: Value { stored.withLock { $0 } }
    func set(_ value: Value) { stored.withLock { $0 = value } }
    func update(_ change: (inout Value) -> Void) { stored.withLock { change(&$0) } }
}
