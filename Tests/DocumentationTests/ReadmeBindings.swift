// README's "Binding a view" and "The Input/Output style" blocks, compiled and run.
import MVVMCore
import MVVMCombineTesting
import Testing

/// A view with two controls, bound to README's SearchViewModel in every style README lists.
@MainActor
final class SearchScreen {
    let searchField = UITextField()
    private(set) var rendered: [String] = []
    private var tokens: [ObservationToken] = []
    private var cancellables = Set<AnyCancellable>()

    func render(_ state: SearchViewModel.State) { rendered.append(state.query) }

    func bind(to viewModel: SearchViewModel) {
        // snippet: bindings
        // UIKit, AppKit, a terminal: re-runs when what it read changes, on the main actor.
        observe { [weak self] in self?.render(viewModel.state) }.store(in: &tokens)

        // No binding framework (the no-binding article's `stateDidUpdate`): a closure per update.
        viewModel.subscribe { [weak self] state in self?.render(state) }.store(in: &tokens)

        // One field to one view property: called only when that field changes.
        viewModel.subscribe(\.query) { [weak self] in self?.searchField.text = $0 }.store(in: &tokens)

        // Combine (MVVMCombine): the current value, then one value per change of that field.
        viewModel.publisher(for: \.query).sink { [weak self] in self?.searchField.text = $0 }.store(in: &cancellables)
        // snippet end
    }
}

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct ReadmeBindingTests {
    @Test func everyStyleSeesTheNewQuery() async {
        let clock = TestClock()   // the search's debounce waits on it: it never fires here
        let viewModel = clock.perform { SearchViewModel { _ in [] } }
        let screen = SearchScreen()
        screen.bind(to: viewModel)
        #expect(screen.rendered == ["", ""])   // observe and subscribe both start with the current state

        viewModel.send(.searchTextChanged("swift"))   // two updates: the query, then the spinner
        #expect(screen.rendered == ["", "", "swift", "swift"])   // subscribe: at once, once per update
        await clock.advance(by: .zero)                    // observe: on the main actor's next turn, once
        #expect(screen.rendered == ["", "", "swift", "swift", "swift"])
        #expect(screen.searchField.text == "swift")
        viewModel.disappear()
    }

    /// The `observe` line captures the ViewModel strongly: releasing the screen's tokens must
    /// still let both go, with no further state change.
    @Test func theScreenAndTheViewModelGoAwayTogether() async {
        let leaks = LeakTracker()
        do {
            let viewModel = SearchViewModel { _ in [] }
            let screen = SearchScreen()
            screen.bind(to: viewModel)
            leaks.track(screen, "screen")
            leaks.track(viewModel, "view model")
        }
        await leaks.expectAllDeallocated()
    }
}

// snippet: input-output
import MVVMCombine

final class SignUpViewModel: TransformingViewModel {
    struct Input { let email: AnyPublisher<String, Never>; let password: AnyPublisher<String, Never> }
    struct Output { let isSubmitEnabled: Driver<Bool> }

    func transform(input: Input) -> Output {
        Output(isSubmitEnabled: Publishers.CombineLatest(input.email, input.password)
            .map { email, password in email.contains("@") && password.count >= 8 }
            .removeDuplicates()
            .asDriver())   // main queue, never fails, replays the latest value, shared
    }
}
// snippet end

// snippet: input-output-test
@Test @MainActor func submitIsEnabledOnceBothFieldsAreValid() {
    let email = CurrentValueSubject<String, Never>("")
    let password = CurrentValueSubject<String, Never>("")
    let output = SignUpViewModel().transform(input: .init(
        email: email.eraseToAnyPublisher(), password: password.eraseToAnyPublisher()))
    let isSubmitEnabled = output.isSubmitEnabled.record()

    email.send("mio@example.com")
    password.send("correct horse")
    isSubmitEnabled.expectHistory([false, true])   // sent on the main queue: delivered at once
}
// snippet end
