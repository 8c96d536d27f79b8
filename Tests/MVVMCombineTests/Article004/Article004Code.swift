// The code of article 004 (the LDI tech blog's "shape of a ViewModel with Combine"), as a team
// that followed it has it, minus its two protocol declarations: `ViewModelType` and
// `ViewModelBindable` now come from MVVMCombine. Every other line keeps the article's shape
// (`private(set)` properties, `bind(to:)`, `receive(on: DispatchQueue.main)`), and must compile
// unchanged: do not adapt it to the library, adapt the library to it.
//
// UIKit does not exist on Linux: `UIKitStandIn.swift` declares the few UIKit names it uses.
import Foundation
import MVVMCombine

struct LawsonTechBlogInfo {
    var title = "LDI Tech Blog"
}

final class LawsonTechBlogViewModel: ViewModelType {
    private(set) var cancellables = Set<AnyCancellable>()

    struct Input {
        let viewWillAppear = PassthroughSubject<Void, Never>()
    }

    struct Output {
        let loadedData: AnyPublisher<LawsonTechBlogInfo, Never>
    }

    func bind(input: Input) -> Output {
        let loadedDataSubject = PassthroughSubject<LawsonTechBlogInfo, Never>()
        let output = Output(loadedData: loadedDataSubject.eraseToAnyPublisher())
        input.viewWillAppear
            .sink {
                // Fetch or shape the information here; the article sends a fresh value.
                loadedDataSubject.send(LawsonTechBlogInfo())
            }
            .store(in: &cancellables)

        return output
    }
}

final class LawsonTechBlogViewController: UIViewController, ViewModelBindable {
    private(set) var cancellables = Set<AnyCancellable>()
    private(set) var viewModel: LawsonTechBlogViewModel
    private(set) var viewModelInput = LawsonTechBlogViewModel.Input()
    let titleLabel = UILabel()

    init(viewModel: LawsonTechBlogViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        bind(to: viewModel)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        viewModelInput.viewWillAppear.send()
    }

    func bind(to viewModel: LawsonTechBlogViewModel) {
        let output = viewModel.bind(input: viewModelInput)
        output.loadedData
            // Shown on screen, so delivered on the main thread.
            .receive(on: DispatchQueue.main)
            .sink { [weak self] loadedData in
                self?.titleLabel.text = loadedData.title
            }
            .store(in: &cancellables)
    }
}
