import MVVMCombine
import MVVMTesting
import Testing

/// Article 004's code (`Article004Code.swift`) compiles against MVVMCombine's protocols
/// unchanged, and works as the article describes it.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct Article004AdoptionTests {
    /// `clock.advance()` lets the main queue run the article's `receive(on: DispatchQueue.main)`.
    let clock = TestClock()

    @Test func theViewControllerShowsWhatTheViewModelLoadsWhenItAppears() async {
        let viewController = LawsonTechBlogViewController(viewModel: LawsonTechBlogViewModel())
        viewController.viewDidLoad()
        #expect(viewController.titleLabel.text == nil)

        viewController.viewWillAppear(true)

        await clock.advance()
        #expect(viewController.titleLabel.text == "LDI Tech Blog")
        #expect(viewController.cancellables.count == 1)
        #expect(viewController.viewModel.cancellables.count == 1)
    }

    @Test func theArticlesTypesAreTheLibrarysProtocols() {
        func viewModelType<VM: ViewModelType>(_: VM.Type) -> String { "\(VM.self)" }
        func bindable<View: ViewModelBindable>(_: View.Type) -> String { "\(View.ViewModel.self)" }

        #expect(viewModelType(LawsonTechBlogViewModel.self) == "LawsonTechBlogViewModel")
        #expect(bindable(LawsonTechBlogViewController.self) == "LawsonTechBlogViewModel")
    }

    @Test func bindBindsOnceWhereTheArticlesBindToWouldBindAgain() async {
        let viewController = LawsonTechBlogViewController(viewModel: LawsonTechBlogViewModel())
        #expect(viewController.bind())
        #expect(!viewController.bind())
        viewController.viewWillAppear(true)

        await clock.advance()
        #expect(viewController.titleLabel.text != nil)
        #expect(viewController.cancellables.count == 1)
    }
}

/// The article's ViewModel has no actor, as in the article: it is made, bound and driven from
/// a test that is not on the main actor.
@Test func theArticlesViewModelWorksOffTheMainActor() {
    let viewModel = LawsonTechBlogViewModel()
    let input = LawsonTechBlogViewModel.Input()
    let output = viewModel.bind(input: input)
    var titles: [String] = []
    let cancellable = output.loadedData.sink { titles.append($0.title) }

    input.viewWillAppear.send()
    input.viewWillAppear.send()

    #expect(titles == ["LDI Tech Blog", "LDI Tech Blog"])
    cancellable.cancel()
}
