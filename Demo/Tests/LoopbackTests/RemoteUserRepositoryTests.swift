import DemoServer
import MVVMTestSupport
import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Testing
import UserListFeature

/// The user repository against the real DemoServer over loopback HTTP.
@Suite(.serialized, .timeLimit(.minutes(2)), .dependencies { $0.now = { Date() }; $0.newID = .random; $0.clock = ContinuousClock() })
struct RemoteUserRepositoryTests {
    func withRepository(
        headers: [String: String] = [:],
        _ body: (RemoteUserRepository) async throws -> Void
    ) async throws {
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 120))
        let client = APIClient(
            baseURL: server.baseURL, retryPolicy: .none,
            defaultHeaders: ["Accept": "application/json"].merging(headers) { $1 }
        )
        do {
            try await body(RemoteUserRepository(dataSource: UserRemoteDataSource(client: client)))
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func pagesSearchFilterAndStatsComeFromTheServer() async throws {
        try await withRepository { repository in
            let first = try await repository.users(after: nil, size: 20, query: "", filter: .all)
            let stats = try await repository.stats()
            let jose = try await repository.users(after: nil, size: 100, query: "JOSE", filter: .all)
            let inactive = try await repository.users(after: nil, size: 100, query: "", filter: .inactive)

            #expect(first.users.map(\.id) == Array(1...20))
            #expect(first.total == 120 && first.nextCursor == "u20")
            let second = try await repository.users(after: first.nextCursor, size: 20, query: "", filter: .all)
            #expect(second.users.map(\.id) == Array(21...40))
            #expect(stats.total == 120)
            #expect(!jose.users.isEmpty)
            #expect(jose.users.allSatisfy { $0.name.folding(options: .diacriticInsensitive, locale: nil).contains("Jose") })
            #expect(inactive.users.allSatisfy { !$0.isActive })
            #expect(inactive.total == stats.total - stats.active)
        }
    }

    @Test func toggleAndDeleteChangeTheServer() async throws {
        try await withRepository { repository in
            let user = try #require(try await repository.users(after: nil, size: 1, query: "", filter: .all).users.first)
            let saved = try await repository.send(.setActive(!user.isActive, userID: user.id), idempotencyKey: "k1")
            #expect(try await repository.send(.delete(userID: user.id), idempotencyKey: "k2") == nil)

            #expect(saved?.isActive == !user.isActive)
            #expect(try await repository.send(.delete(userID: user.id), idempotencyKey: "k3") == nil, "already gone: done")
            #expect(try await repository.send(.setActive(true, userID: user.id), idempotencyKey: "k4") == nil, "gone: no user")
            #expect(try await repository.stats().total == 119)
        }
    }

    @Test(arguments: [
        ("status=503", UserError.server(statusCode: 503)),
        ("status=500", UserError.server(statusCode: 500)),
        ("status=404", UserError.notFound),
        ("malformed", UserError.invalidData),
        ("truncate", UserError.invalidData),
        ("close", UserError.noInternet),
    ])
    func injectedFaultsGiveTheRightMessage(fault: String, expected: UserError) async throws {
        try await withRepository(headers: ["X-Demo-Fault": fault]) { repository in
            await #expect(throws: expected) { try await repository.users(after: nil, size: 20, query: "", filter: .all) }
            #expect(ErrorPresenter.default.presentation(for: expected)?.message == expected.message)
        }
    }

    @Test func aViewModelOverTheRealServerShowsTheMessageForAFault() async throws {
        try await withRepository(headers: ["X-Demo-Fault": "status=503"]) { repository in
            let app = await TestRecords(repository: repository, delivering: false)
            let viewModel = await UserListViewModel(repository: repository, records: app.records)
            await viewModel.appear()
            let message = await waitForFailure(viewModel)
            #expect(message?.resolved(in: .japanese) == "サーバーエラー (コード: 503)")
            await viewModel.disappear()
        }
    }

    @MainActor
    private func waitForFailure(_ viewModel: UserListViewModel) async -> LocalizedText? {
        _ = await waitUntil(timeout: .seconds(10)) { viewModel.state.loadFailure != nil }
        return viewModel.state.loadFailure?.message
    }
}
