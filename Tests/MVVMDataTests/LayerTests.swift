import Foundation
import MVVMCore
import MVVMData
import MVVMDataTesting
import Testing

enum ProfileError: DomainErrorMapping, PresentableError, Equatable {
    case noInternet, server, invalidData, unauthorized, notFound, cancelled, unknown

    init(_ error: APIError) {
        switch error.kind {
        case .noConnection, .timeout: self = .noInternet
        case .server: self = .server
        case .invalidData: self = .invalidData
        case .unauthorized: self = .unauthorized
        case .notFound: self = .notFound
        case .cancelled: self = .cancelled
        case .client, .invalidRequest: self = .unknown
        }
    }

    var message: LocalizedText {
        switch self {
        case .noInternet: "インターネットに接続できません。"
        case .notFound: "ユーザーが見つかりません。"
        default: "問題が発生しました。"
        }
    }
}

extension ProfileError: CancellationReporting {
    var isCancellation: Bool { self == .cancelled }
}

struct ProfileDataSource: RemoteDataSource {
    let client: APIClient
    func user(id: Int) async throws(APIError) -> UserDTO { try await fetch(.user(id)) }
}

struct Profile: Equatable { var displayName: String }

struct ProfileRepository {
    let dataSource: ProfileDataSource
    func profile(id: Int) async throws(ProfileError) -> Profile {
        try await withDomainErrors(ProfileError.self) { () async throws(APIError) -> Profile in
            Profile(displayName: try await dataSource.user(id: id).name)
        }
    }
}

@Suite(.timeLimit(.minutes(2)))
struct LayerTests {
    @Test func theRepositoryMapsDTOsToModelsAndAPIErrorsToDomainErrors() async throws {
        let transport = StubTransport([
            .success(.json(#"{"id":1,"name":"山田 太郎","email":"t@example.jp","isActive":true}"#)),
            .success(.json(status: 404, "{}")),
            .failure(.cannotConnect("refused")),
        ])
        let repository = ProfileRepository(dataSource: ProfileDataSource(client: client(transport, retry: .none)))

        #expect(try await repository.profile(id: 1) == Profile(displayName: "山田 太郎"))
        await #expect(throws: ProfileError.notFound) { try await repository.profile(id: 2) }
        await #expect(throws: ProfileError.noInternet) { try await repository.profile(id: 3) }
    }

    @Test func aCancelledCallShowsNoAlert() {
        let summary = RequestSummary(method: .get, path: "/x")
        #expect(ErrorPresenter.default.presentation(for: APIError.cancelled(request: summary)) == nil)
        #expect(ErrorPresenter.default.presentation(for: ProfileError.cancelled) == nil)
        #expect(ErrorPresenter.default.presentation(for: ProfileError.notFound)?.message == "ユーザーが見つかりません。")
    }
}
