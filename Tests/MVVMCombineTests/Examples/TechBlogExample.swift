import MVVMCombine

/// The tech-blog article's `ViewModelType` example, in our API: `viewWillAppear` in,
/// `loadedData` out.
struct TechBlogInfo: Equatable, Sendable {
    var title = "LDI Tech Blog"
}

@MainActor
final class TechBlogViewModel: @MainActor ViewModelType {
    struct Input {
        let viewWillAppear = PassthroughSubject<Void, Never>()
    }

    struct Output {
        let loadedData: Driver<TechBlogInfo>
    }

    private(set) var loadCount = 0

    func bind(input: Input) -> Output {
        Output(
            loadedData: input.viewWillAppear
                .map { [weak self] in
                    self?.loadCount += 1
                    return TechBlogInfo()
                }
                .asDriver()
        )
    }
}

/// The article's view controller, minus UIKit: it binds once and shows the title.
@MainActor
final class TechBlogView: @MainActor ViewModelBindable {
    private(set) var cancellables = Set<AnyCancellable>()
    let viewModel = TechBlogViewModel()
    let viewModelInput = TechBlogViewModel.Input()
    private(set) var shownTitles: [String] = []

    func viewDidLoad() { bind() }
    func viewWillAppear() { viewModelInput.viewWillAppear.send() }

    func bind(to viewModel: TechBlogViewModel) {
        viewModel.bind(input: viewModelInput).loadedData
            .drive { [weak self] info in self?.shownTitles.append(info.title) }
            .store(in: &cancellables)
    }
}
