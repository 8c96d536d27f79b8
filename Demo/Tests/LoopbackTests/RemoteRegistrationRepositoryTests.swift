import DemoServer
import MVVMTestSupport
import Foundation
import MVVMData
import MVVMTesting
import RegistrationFeature
import Testing

/// The model layer against the real DemoServer on loopback: URLSession → APIClient →
/// DataSource → Repository → domain values and errors.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct RemoteRegistrationRepositoryTests {
    func repository(_ baseURL: URL, headers: [String: String] = [:]) -> RemoteRegistrationRepository {
        let client = APIClient(
            baseURL: baseURL,
            retryPolicy: .none,
            defaultHeaders: ["Accept": "application/json"].merging(headers) { _, new in new }
        )
        return RemoteRegistrationRepository(dataSource: RegistrationRemoteDataSource(client: client))
    }

    func register(_ request: RegistrationRequest, at baseURL: URL, headers: [String: String] = [:]) async -> Result<Registration, RegistrationError> {
        do throws(RegistrationError) {
            return .success(try await repository(baseURL, headers: headers).register(request))
        } catch {
            return .failure(error)
        }
    }

    @Test func registersThenTheSameIDIsTakenInAnyCase() async throws {
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 50))
        let first = await register(RegistrationRequest(loginID: "Mika@Example.jp", password: "secret123"), at: server.baseURL)
        let again = await register(RegistrationRequest(loginID: "mika@example.jp", password: "other-pass-1"), at: server.baseURL)
        await server.stop()

        #expect(first == .success(Registration(loginID: "Mika@Example.jp", registeredAt: "2024-10-01T00:00:01Z")))
        #expect(again == .failure(.loginIDTaken))
    }

    @Test func reservedIDsAndSeededEmailsAreTaken() async throws {
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 50))
        let reserved = await register(RegistrationRequest(loginID: "taro", password: "secret123"), at: server.baseURL)
        let user = try await APIClient(baseURL: server.baseURL).send(Endpoint<SeededUser>.get("/api/users/1"))
        let seeded = await register(RegistrationRequest(loginID: user.email.uppercased(), password: "secret123"), at: server.baseURL)
        await server.stop()

        #expect(reserved == .failure(.loginIDTaken))
        #expect(seeded == .failure(.loginIDTaken))
    }

    /// The part of `GET /api/users/{id}` this test reads.
    struct SeededUser: Decodable, Sendable {
        let email: String
    }

    @Test func valuesTheServerRefusesAre422AndRejected() async throws {
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 50))
        let shortPassword = await register(RegistrationRequest(loginID: "ken", password: "short1"), at: server.baseURL)
        let blankID = await register(RegistrationRequest(loginID: "", password: "secret123"), at: server.baseURL)
        await server.stop()

        #expect(shortPassword == .failure(.rejected))
        #expect(blankID == .failure(.rejected))
        #expect(ErrorPresenter.default.presentation(for: RegistrationError.rejected)?.message.resolved(in: .japanese) == "入力内容を登録できませんでした。内容を確認してください。")
    }

    @Test func anInjected503IsAServerErrorWithRetryAndRegistersNothing() async throws {
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 50))
        let request = RegistrationRequest(loginID: "haru", password: "secret123")
        let faulty = await register(request, at: server.baseURL, headers: ["X-Demo-Fault": "status=503"])
        let afterwards = await register(request, at: server.baseURL)
        await server.stop()

        #expect(faulty == .failure(.server))
        #expect(ErrorPresenter.default.presentation(for: RegistrationError.server).map { [$0.title.resolved(in: .japanese), $0.message.resolved(in: .japanese)] } == [
            "会員登録", "サーバーエラーが発生しました。しばらくしてから、もう一度お試しください。",
        ])
        #expect(afterwards == .success(Registration(loginID: "haru", registeredAt: "2024-10-01T00:00:01Z")))
    }

    @Test func aStoppedServerIsNoInternet() async throws {
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 50))
        await server.stop()
        let offline = await register(RegistrationRequest(loginID: "haru", password: "secret123"), at: server.baseURL)

        #expect(offline == .failure(.noInternet))
    }

    @Test @MainActor func theViewModelShowsATakenIDFromTheRealServerAsAFieldError() async throws {
        let server = try await DemoServer.start(DemoServerConfiguration(userCount: 50))
        let viewModel = RegistrationViewModel(repository: repository(server.baseURL))
        viewModel.send(.loginIDChanged("Hanako"))
        viewModel.send(.passwordChanged("secret123"))
        viewModel.send(.passwordConfirmationChanged("secret123"))
        viewModel.send(.submitTapped)
        #expect(viewModel.state.submission == .loading())
        #expect(await waitUntil { !viewModel.state.submission.isLoading })
        await server.stop()

        #expect(viewModel.state.submission == .idle)
        #expect(viewModel.state.loginIDStatus.message?.resolved(in: .japanese) == "このIDは既に使われています")
        #expect(viewModel.state.isSubmitEnabled == false)
        #expect(viewModel.state.navigation.modal == nil)
    }
}
