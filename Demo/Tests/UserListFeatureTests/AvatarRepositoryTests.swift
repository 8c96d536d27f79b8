import Foundation
import MVVMCore
import MVVMData
import Testing
import UserListFeature

/// Pictures by HTTP's caching rules, as a user of URLCache or Nuke expects (issue 41): a saved
/// picture is used without a request while the server's `max-age` says it is fresh; a day later
/// it is revalidated with `If-None-Match`, and a 304 keeps it. A picture over the per-item limit
/// is shown, not saved (N10: an 8×8 PNG carrying a 4 MB chunk was saved as a 5.7 MB entry).
@Suite(.timeLimit(.minutes(1)))
struct AvatarRepositoryTests {
    /// Answers `GET` with `size` bytes, `ETag: "v1"` and a day's `max-age`, or 304 when
    /// `If-None-Match` names the tag; records each request's `If-None-Match`.
    final class PictureServer: HTTPTransport, @unchecked Sendable {
        // `@unchecked Sendable`: `seen` and `isOnline` are only touched while `lock` is held;
        // `size` is immutable.
        private let lock = NSLock()
        private var seen: [String?] = []
        private var online = true
        let size: Int
        init(size: Int) { self.size = size }

        /// Each request's `If-None-Match` (`nil`: none), in order.
        var conditions: [String?] { lock.withLock { seen } }
        var isOnline: Bool {
            get { lock.withLock { online } }
            set { lock.withLock { online = newValue } }
        }

        func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
            let condition = request.header("If-None-Match")
            guard lock.withLock({ seen.append(condition); return online }) else { throw .cannotConnect("offline") }
            let headers = ["ETag": #""v1""#, "Cache-Control": "public, max-age=86400"]
            if condition == #""v1""# { return HTTPResponse(status: 304, headers: headers, body: Data()) }
            return HTTPResponse(status: 200, headers: headers.merging(["Content-Type": "image/png"]) { a, _ in a }, body: Data(repeating: 1, count: size))
        }
    }

    /// The time the repository's saved data reads as now.
    final class Now: @unchecked Sendable {
        // `@unchecked Sendable`: `date` is only touched while `lock` is held.
        private let lock = NSLock()
        private var date = Date(timeIntervalSince1970: 1_800_000_000)
        var value: Date { lock.withLock { date } }
        func advance(by seconds: TimeInterval) { lock.withLock { date += seconds } }
    }

    let now = Now()
    let store = InMemoryCacheStore()

    func repository(_ server: PictureServer, baseURL: String = "http://127.0.0.1:1") -> AvatarRepository {
        let client = APIClient(baseURL: URL(string: baseURL)!, transport: server, retryPolicy: .none)
        let now = now
        return AvatarRepository(
            dataSource: UserRemoteDataSource(client: client), local: Dependencies.with { $0.now = { now.value } } operation: { LocalDataSource(store: store) }, maximumSavedBytes: 2_000
        )
    }

    /// Pictures are kept per server (issue 54, M5): another server's user at the same path is
    /// another picture, asked of that server, never the first server's saved copy.
    @Test func anotherServersPictureAtTheSamePathIsAskedOfThatServer() async throws {
        let first = PictureServer(size: 1_000)
        _ = try await repository(first, baseURL: "http://127.0.0.1:1").bytes(at: "/avatars/1.png")
        let second = PictureServer(size: 1_500)
        #expect(try await repository(second, baseURL: "http://127.0.0.1:2").bytes(at: "/avatars/1.png").count == 1_500)
        #expect(second.conditions == [nil], "asked of the second server, with no tag of the first one's")
        #expect(try await repository(first, baseURL: "http://127.0.0.1:1").bytes(at: "/avatars/1.png").count == 1_000)
        #expect(first.conditions == [nil], "the first server's picture is still saved for it")
    }

    @Test func aFreshPictureIsReadFromTheDeviceWithoutARequest() async throws {
        let server = PictureServer(size: 1_000)
        let avatars = repository(server)
        #expect(try await avatars.bytes(at: "/avatars/1.png").count == 1_000)
        now.advance(by: 3_600)
        #expect(try await avatars.bytes(at: "/avatars/1.png").count == 1_000)
        #expect(server.conditions == [nil], "one request: an hour later the picture is still fresh")
    }

    @Test func aDayLaterThePictureIsRevalidatedAndA304KeepsItForAnotherDay() async throws {
        let server = PictureServer(size: 1_000)
        let avatars = repository(server)
        _ = try await avatars.bytes(at: "/avatars/1.png")
        now.advance(by: 86_401)
        #expect(try await avatars.bytes(at: "/avatars/1.png") == Data(repeating: 1, count: 1_000), "the saved bytes, confirmed")
        #expect(server.conditions == [nil, #""v1""#], "a conditional request, answered 304")
        now.advance(by: 3_600)
        _ = try await avatars.bytes(at: "/avatars/1.png")
        #expect(server.conditions.count == 2, "fresh again for a day after the 304")
    }

    @Test func offlineAStalePictureIsShownRatherThanNothing() async throws {
        let server = PictureServer(size: 1_000)
        let avatars = repository(server)
        _ = try await avatars.bytes(at: "/avatars/1.png")
        now.advance(by: 2 * 86_400)
        server.isOnline = false
        #expect(try await avatars.bytes(at: "/avatars/1.png").count == 1_000)
    }

    @Test func aPictureOverTheLimitIsShownButNotSaved() async throws {
        let server = PictureServer(size: 2_001)
        let avatars = repository(server)
        #expect(try await avatars.bytes(at: "/avatars/2.png").count == 2_001)
        #expect(await store.entry(for: "avatar:/avatars/2.png") == nil, "not saved")
        _ = try await avatars.bytes(at: "/avatars/2.png")
        #expect(server.conditions == [nil, nil], "fetched again, unconditionally: nothing was kept")
    }
}
