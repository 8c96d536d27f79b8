// The SwiftUI and UIKit guide (MVVMCore.docc/BindingSwiftUIAndUIKit.md): README's SearchViewModel
// bound to a SwiftUI view (compiled against the SwiftUI stand-ins in AppleStandIns/, not run) and
// to a UIKit view controller (compiled against the UIKit stand-ins, run here), and the
// Observation mechanism SwiftUI relies on, run without SwiftUI.
import Foundation
import MVVMTesting
import Observation
import Synchronization
import Testing
#if canImport(UIKit)
import SwiftUI
import UIKit
#endif

// snippet: swiftui
import MVVMCore

struct SearchView: View {
    @State private var viewModel: SearchViewModel

    init(search: @escaping @Sendable (String) async throws -> [String]) {
        _viewModel = State(initialValue: SearchViewModel(search: search))
    }

    var body: some View {
        List(viewModel.state.results.value ?? [], id: \.self) { Text($0) }
            .searchable(text: Binding(
                get: { @MainActor in viewModel.state.query },
                set: { @MainActor in viewModel.send(.searchTextChanged($0)) }))
            .overlay { if viewModel.state.results.isLoading { ProgressView() } }
            .onAppear { viewModel.appear() }
            .onDisappear { viewModel.disappear() }
    }
}
// snippet end

// snippet: uikit
import MVVMCore

final class SearchViewController: UIViewController {
    let searchField = UITextField()
    let resultsLabel = UILabel()
    let spinner = UIActivityIndicatorView()
    private let viewModel: SearchViewModel
    private var tokens: [ObservationToken] = []

    init(viewModel: SearchViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        searchField.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            viewModel.send(.searchTextChanged(searchField.text ?? ""))
        }, for: .editingChanged)

        observe { [weak self] in   // runs now, then after each change to what it read
            guard let self else { return }
            let results = viewModel.state.results
            resultsLabel.text = results.value?.joined(separator: "\n")
            if results.isLoading { spinner.startAnimating() } else { spinner.stopAnimating() }
        }.store(in: &tokens)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        viewModel.appear()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        viewModel.disappear()
    }
}
// snippet end

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct BindingViewsTests {
    // snippet: uikit-test
    @Test func theViewControllerShowsTheSpinnerThenTheResults() async {
        let clock = TestClock()
        let controller = SearchViewController(viewModel: clock.perform { SearchViewModel { ["\($0)!"] } })
        controller.viewDidLoad()
        controller.viewWillAppear(false)

        controller.searchField.text = "swift"
        controller.searchField.sendActions(for: .editingChanged)   // what typing does
        await clock.advance(by: .zero)
        #expect(controller.spinner.isAnimating)

        await clock.advance()
        #expect(clock.sleeperCount == 1)                     // the debounce has started
        await clock.advance(by: .milliseconds(300))
        await clock.advance(by: .zero)
        #expect(controller.resultsLabel.text == "swift!")
        #expect(!controller.spinner.isAnimating)
    }
    // snippet end

    @Test func leavingStopsTheSpinnerAndTheSearch() async {
        let clock = TestClock()
        let controller = SearchViewController(viewModel: clock.perform { SearchViewModel { ["\($0)!"] } })
        controller.viewDidLoad()
        controller.viewWillAppear(false)
        controller.searchField.text = "swift"
        controller.searchField.sendActions(for: .editingChanged)
        await clock.advance(by: .zero)
        #expect(controller.spinner.isAnimating)

        controller.viewDidDisappear(false)
        await clock.advance(by: .zero)
        #expect(!controller.spinner.isAnimating)
        await clock.advance(by: .seconds(1))
        await clock.advance(by: .zero)
        #expect(controller.resultsLabel.text == nil)   // the search never ran
    }

    @Test func theControllerAndItsViewModelGoAwayWithTheScreen() async {
        let leaks = LeakTracker()
        do {
            let viewModel = SearchViewModel { ["\($0)!"] }
            let controller = SearchViewController(viewModel: viewModel)
            controller.viewDidLoad()
            controller.viewWillAppear(false)
            controller.viewDidDisappear(false)
            leaks.track(controller, "view controller")
            leaks.track(viewModel, "view model")
        }
        await leaks.expectAllDeallocated()
    }

    // snippet: swiftui-mechanism
    /// What SwiftUI does with a view's `body`: it records what `body` read and re-renders
    /// when that changes. `viewModel.state` is observable, so nothing else is needed.
    @Test func aBodyThatReadsTheStateIsInvalidatedByAnUpdate() {
        let viewModel = SearchViewModel { ["\($0)!"] }
        let invalidated = InvalidationFlag()
        withObservationTracking {
            _ = viewModel.state.query            // what `body` reads
        } onChange: {
            invalidated.raise()
        }
        #expect(!invalidated.isRaised)
        viewModel.send(.searchTextChanged("swift"))
        #expect(invalidated.isRaised)
    }
    // snippet end

    @Test func anUpdateOfAnotherFieldAlsoInvalidatesIt() async {
        let clock = TestClock()
        let viewModel = clock.perform { SearchViewModel { ["\($0)!"] } }
        viewModel.send(.searchTextChanged("swift"))
        let invalidated = InvalidationFlag()
        withObservationTracking {
            _ = viewModel.state.query
        } onChange: {
            invalidated.raise()
        }
        await clock.advance()
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .milliseconds(300))   // only `results` changes
        await clock.advance(by: .zero)
        #expect(viewModel.state.results.value == ["swift!"])
        #expect(invalidated.isRaised)
    }
}

/// A flag Observation's `onChange` (a `@Sendable` closure) can raise.
final class InvalidationFlag: Sendable {
    private let raised = Mutex(false)
    func raise() { raised.withLock { $0 = true } }
    var isRaised: Bool { raised.withLock { $0 } }
}
