import Foundation
import MVVMData
import Testing
import UserListFeature

/// A picture over the per-item limit is shown and not saved, so pictures cannot fill the
/// device's store (issue 41, N10: an 8×8 PNG carrying a 4 MB chunk was saved as a 5.7 MB entry).
@Suite(.timeLimit(.minutes(1)))
struct AvatarRepositoryTests {
    /// Answers every request with `size` bytes, counting the requests.
    final class PictureServer: HTTPTransport, @unchecked Sendable {
        // `@unchecked Sendable`: `count` is only touched while `lock` is held; `size` is immutable.
        private let lock = NSLock()
        private var count = 0
        let size: Int
        init(size: Int) { self.size = size }

        var requests: Int { lock.withLock { count } }

        func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
            lock.withLock { count += 1 }
            return HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: Data(repeating: 1, count: size))
        }
    }

    func repository(_ server: PictureServer, store: InMemoryCacheStore) -> AvatarRepository {
        let client = APIClient(baseURL: URL(string: "http://127.0.0.1:1")!, transport: server, retryPolicy: .none)
        return AvatarRepository(dataSource: UserRemoteDataSource(client: client), local: LocalDataSource(store: store), maximumSavedBytes: 1_000)
    }

    @Test func aPictureWithinTheLimitIsSavedAndReadFromTheDeviceNextTime() async throws {
        let server = PictureServer(size: 1_000)
        let store = InMemoryCacheStore()
        let avatars = repository(server, store: store)
        #expect(try await avatars.bytes(at: "/avatars/1.png").count == 1_000)
        #expect(try await avatars.bytes(at: "/avatars/1.png").count == 1_000)
        #expect(server.requests == 1, "the second from the device")
    }

    @Test func aPictureOverTheLimitIsShownButNotSaved() async throws {
        let server = PictureServer(size: 1_001)
        let store = InMemoryCacheStore()
        let avatars = repository(server, store: store)
        #expect(try await avatars.bytes(at: "/avatars/2.png").count == 1_001)
        #expect(await store.entry(for: "avatar:/avatars/2.png") == nil, "not saved")
        _ = try await avatars.bytes(at: "/avatars/2.png")
        #expect(server.requests == 2)
    }
}
