import MVVMData
import Synchronization
import Testing

/// A user as the demo server answers it: the fields these tests read.
struct UserDTO: Codable, Equatable, Sendable {
    var id: Int
    var name: String
    var email: String
    var isActive: Bool
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

/// Whether something has happened, shared between a test and the work it runs.
final class Flag: Sendable {
    private let raised = Mutex(false)
    var isRaised: Bool { raised.withLock { $0 } }
    func raise() { raised.withLock { $0 = true } }
}
