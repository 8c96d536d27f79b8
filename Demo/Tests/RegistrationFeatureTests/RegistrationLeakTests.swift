import MVVMCombineTesting
import RegistrationFeature
import Testing

/// Both ViewModels go away with their view, a submit in flight included.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct RegistrationLeakTests {
    @Test func theViewModelAndItsRepositoryAreReleasedMidSubmit() async {
        let leaks = LeakTracker()
        do {
            let clock = TestClock()   // the submit runs on its executor, where the tracker sees it end
            let repository = StubRegistrationRepository(clock: clock, answers: [.success(Fixture.registration)])
            let viewModel = clock.perform { RegistrationViewModel(repository: repository) }
            leaks.track(viewModel, "view model")
            leaks.track(repository, "repository")
            let token = viewModel.subscribe { _ in }
            viewModel.send(.loginIDChanged(Fixture.loginID))
            viewModel.send(.passwordChanged(Fixture.password))
            viewModel.send(.passwordConfirmationChanged(Fixture.password))
            viewModel.send(.submitTapped)
            #expect(viewModel.state.submission == .loading())
            _ = token
        }
        await leaks.expectAllDeallocated()
    }

    @Test func theDriverViewModelItsOutputsAndItsRepositoryAreReleasedMidSubmit() async {
        let leaks = LeakTracker()
        do {
            let clock = TestClock()   // the submit runs on its executor, where the tracker sees it end
            let repository = StubRegistrationRepository(clock: clock, answers: [.success(Fixture.registration)])
            let viewModel = clock.perform { RegistrationDriverViewModel(repository: repository) }
            leaks.track(viewModel, "view model")
            leaks.track(repository, "repository")
            let submit = PassthroughSubject<Void, Never>()
            let output = viewModel.transform(input: .init(
                loginID: .just(Fixture.loginID),
                password: .just(Fixture.password),
                passwordConfirmation: .just(Fixture.password),
                submitTapped: submit.eraseToAnyPublisher()
            ))
            let isSubmitting = output.isSubmitting.record()
            submit.send()
            isSubmitting.expectHistory([false, true])
            isSubmitting.cancel()
        }
        await leaks.expectAllDeallocated()
    }
}
