import Foundation
import MVVMCombine
import MVVMCombineTesting
import Testing

/// The articles' Combine examples, written in our API and driven by a test scheduler.
@MainActor
struct UserListIOViewModelTests {
    let scheduler = DispatchQueue.test
    let fetch = PassthroughSubject<Void, Never>()
    let refresh = PassthroughSubject<Void, Never>()
    let search = CurrentValueSubject<String, Never>("")
    let filter = CurrentValueSubject<UserFilter, Never>(.all)
    let selection = PassthroughSubject<User, Never>()
    let service: StubUserService
    let output: UserListIOViewModel.Output

    static let ann = User(id: 1, name: "Ann", email: "ann@example.com", isActive: true)
    static let bob = User(id: 2, name: "Bob", email: "bob@example.com", isActive: false)
    static let chika = User(id: 3, name: "Chika", email: "chika@example.jp", isActive: false)

    init() {
        service = StubUserService(users: [Self.ann, Self.bob, Self.chika], scheduler: scheduler.eraseToAnyScheduler())
        let viewModel = UserListIOViewModel(fetchUsers: service.fetchUsers, scheduler: scheduler.eraseToAnyScheduler())
        output = viewModel.transform(input: .init(
            fetchTrigger: fetch.eraseToAnyPublisher(),
            refreshTrigger: refresh.eraseToAnyPublisher(),
            searchText: search.eraseToAnyPublisher(),
            filterSelection: filter.eraseToAnyPublisher(),
            userSelection: selection.eraseToAnyPublisher()
        ))
    }

    @Test func fetchShowsLoadingThenTheUsers() {
        let names = output.users.map { $0.map(\.name) }.record()
        let loading = output.isLoading.record()

        fetch.send()
        #expect(loading.values == [false, true])
        scheduler.advance(by: .milliseconds(100))

        #expect(names.values == [["Ann", "Bob", "Chika"]])
        #expect(loading.values == [false, true, false])
    }

    @Test func searchIsDebouncedThreeHundredMillisecondsAndFilterAppliesAtOnce() {
        let names = output.users.map { $0.map(\.name) }.record()
        fetch.send()
        scheduler.advance(by: .milliseconds(100))

        search.send("CHI")   // case-insensitive
        scheduler.advance(by: .milliseconds(299))
        #expect(names.values == [["Ann", "Bob", "Chika"]])
        scheduler.advance(by: .milliseconds(1))
        #expect(names.values == [["Ann", "Bob", "Chika"], ["Chika"]])

        filter.send(.active)
        #expect(names.values == [["Ann", "Bob", "Chika"], ["Chika"], []])

        search.send("example.com")   // matches emails too
        scheduler.advance(by: .milliseconds(300))
        #expect(names.values == [["Ann", "Bob", "Chika"], ["Chika"], [], ["Ann"]])
    }

    @Test func aRefreshReplacesTheFetchInFlightSoOnlyTheNewestAnswerLands() {
        let names = output.users.map { $0.map(\.name) }.record()

        fetch.send()
        scheduler.advance(by: .milliseconds(50))
        service.users = [Self.ann]
        refresh.send()
        scheduler.advance(by: .milliseconds(100))

        #expect(service.fetchCount == 2)
        #expect(names.values == [["Ann"]])
    }

    @Test func aFailedRefreshShowsTheMessageAndKeepsTheUsers() {
        let names = output.users.map { $0.map(\.name) }.record()
        let errors = output.errorMessage.record()
        let loading = output.isLoading.record()
        fetch.send()
        scheduler.advance(by: .milliseconds(100))

        service.failNext = true
        refresh.send()
        scheduler.advance(by: .milliseconds(100))

        #expect(names.values == [["Ann", "Bob", "Chika"]])
        #expect(errors.values == [nil, "インターネットに接続できません。"])
        #expect(loading.values == [false, true, false, true, false])

        refresh.send()   // retry clears the message
        #expect(errors.values == [nil, "インターネットに接続できません。", nil])
    }

    @Test func selectingAUserShowsIt() {
        let selected = output.selectedUser.map { $0?.name }.record()

        selection.send(Self.bob)

        #expect(selected.values == [nil, "Bob"])
    }
}

@MainActor
struct RegistrationDriverViewModelTests {
    @Test func validationFollowsTheArticlesOrderBlankFirstThenMismatchThenOK() {
        let id = CurrentValueSubject<String, Never>("")
        let password = CurrentValueSubject<String, Never>("")
        let confirmation = CurrentValueSubject<String, Never>("")
        let viewModel = RegistrationDriverViewModel(input: (id.asDriver(), password.asDriver(), confirmation.asDriver()))
        let summary = viewModel.validationSummary.record()
        let submit = viewModel.isSubmitEnabled.record()

        id.send("taro")
        password.send("secret1")
        confirmation.send("secret")
        confirmation.send("secret1")
        id.send("   ")

        #expect(summary.values == [
            ValidationSummary(text: "空欄があります", isOK: false),
            ValidationSummary(text: "空欄があります", isOK: false),
            ValidationSummary(text: "空欄があります", isOK: false),
            ValidationSummary(text: "パスワードが確認用と一致していません", isOK: false),
            ValidationSummary(text: "登録可能です", isOK: true),
            ValidationSummary(text: "空欄があります", isOK: false),
        ])
        #expect(submit.values == [false, true, false])
    }
}
