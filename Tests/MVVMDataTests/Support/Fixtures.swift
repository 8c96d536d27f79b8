import Foundation
import MVVMData
import MVVMTesting
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
