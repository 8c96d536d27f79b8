import MVVMCombine
import MVVMCombineTesting
import Testing

@MainActor
struct ProtocolTests {
    @Test func theTechBlogViewShowsWhatItsViewModelLoadsOnEachAppearance() {
        let view = TechBlogView()
        view.viewDidLoad()

        view.viewWillAppear()
        view.viewWillAppear()

        #expect(view.shownTitles == ["LDI Tech Blog", "LDI Tech Blog"])
        #expect(view.viewModel.loadCount == 2)
    }

    @Test func aViewBindsOnlyOnceSoOutputsAreNeverSubscribedTwice() {
        let view = TechBlogView()

        #expect(!view.isBound)
        #expect(view.bind())
        #expect(!view.bind())
        #expect(view.isBound)
        view.viewWillAppear()

        #expect(view.shownTitles == ["LDI Tech Blog"])
        #expect(view.cancellables.count == 1)
    }

    @Test func eachViewBindsOnItsOwn() {
        let first = TechBlogView()
        let second = TechBlogView()

        #expect(first.bind())
        #expect(!second.isBound)
        #expect(second.bind())
    }

    @Test func aTransformingViewModelIsBoundThroughTransform() {
        @MainActor
        final class Doubler: @MainActor TransformingViewModel {
            struct Input { let number: AnyPublisher<Int, Never> }
            struct Output { let doubled: AnyPublisher<Int, Never> }
            func transform(input: Input) -> Output {
                Output(doubled: input.number.map { $0 * 2 }.eraseToAnyPublisher())
            }
        }
        let number = PassthroughSubject<Int, Never>()
        let output = Doubler().bind(input: .init(number: number.eraseToAnyPublisher()))
        let recorder = output.doubled.record()

        number.send(21)

        #expect(recorder.values == [42])
    }
}
