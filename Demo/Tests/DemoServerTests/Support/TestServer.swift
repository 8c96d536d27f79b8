import MVVMTestSupport
import DemoServer
import Foundation
import Testing

/// The seed size the tests use: small, so each test can have its own server.
let testUserCount = 300

/// Starts a server, runs `body` with it and a client, and always stops it.
func withServer<T>(
    _ configuration: DemoServerConfiguration = .init(userCount: testUserCount, passwordCost: 4),
    _ body: (DemoServer, APIClient) async throws -> T
) async throws -> T {
    let server = try await DemoServer.start(configuration)
    let client = APIClient(baseURL: server.baseURL)
    do {
        let result = try await body(server, client)
        client.close()
        await server.stop()
        return result
    } catch {
        client.close()
        await server.stop()
        throw error
    }
}

/// Expects `result` to be a JSON error with `status` and `code`, and returns its message.
@discardableResult
func expectError(
    _ result: HTTPResult,
    status: Int,
    code: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> String {
    #expect(result.status == status, sourceLocation: sourceLocation)
    #expect(result.header("Content-Type") == "application/json", sourceLocation: sourceLocation)
    let body = try result.decode(ErrorDTO.self)
    #expect(body.error.code == code, sourceLocation: sourceLocation)
    #expect(!body.error.message.isEmpty, sourceLocation: sourceLocation)
    return body.error.message
}

/// A new empty folder for a test's files.
func makeTemporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("demo-server-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}
