/// The view side of a ``ViewModelType``: it holds the ViewModel and its input, and binds once.
///
/// This is the tech-blog article's `ViewModelBindable`, with the binding made safe: the view
/// implements only ``bind(output:)`` (subscribe to the outputs), and calls ``bind()`` from
/// `viewDidLoad`. A second ``bind()`` does nothing, so outputs are never subscribed twice (a
/// classic double-update bug when `viewDidLoad` logic moves to `viewWillAppear`).
///
/// ```swift
/// final class TechBlogViewController: UIViewController, ViewModelBindable {
///     let viewModel = TechBlogViewModel()
///     let viewModelInput = TechBlogViewModel.Input()
///     var cancellables = Set<AnyCancellable>()
///
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         bind()
///     }
///
///     override func viewWillAppear(_ animated: Bool) {
///         super.viewWillAppear(animated)
///         viewModelInput.viewWillAppear.send()
///     }
///
///     func bind(output: TechBlogViewModel.Output) {
///         output.loadedData
///             .drive { [weak self] info in self?.titleLabel.text = info.title }
///             .store(in: &cancellables)
///     }
/// }
/// ```
@MainActor
public protocol ViewModelBindable: AnyObject {
    /// The ViewModel this view binds to.
    associatedtype ViewModel: ViewModelType

    /// The ViewModel, held by the view.
    var viewModel: ViewModel { get }
    /// The input the view sends its events through.
    var viewModelInput: ViewModel.Input { get }
    /// The view's subscriptions, cancelled when the view goes away.
    var cancellables: Set<AnyCancellable> { get set }

    /// Subscribes the view to `output`. Called once, by ``bind()``.
    func bind(output: ViewModel.Output)
}

extension ViewModelBindable {
    /// Binds the ViewModel's outputs to this view, the first time it is called.
    ///
    /// - Returns: `true` if it bound now; `false` if this view was already bound.
    @discardableResult
    public func bind() -> Bool {
        guard BindingRegistry.markBound(self) else { return false }
        bind(output: viewModel.bind(input: viewModelInput))
        return true
    }

    /// Whether ``bind()`` has bound this view.
    public var isBound: Bool {
        BindingRegistry.isBound(self)
    }
}

/// Which views are bound: weak references keyed by identity, so a new object at a reused
/// address never counts as bound.
@MainActor
enum BindingRegistry {
    private struct Entry {
        weak var object: AnyObject?
    }

    private static var entries: [ObjectIdentifier: Entry] = [:]

    static func isBound(_ object: AnyObject) -> Bool {
        entries[ObjectIdentifier(object)]?.object === object
    }

    /// Marks `object` bound; `false` if it already was.
    static func markBound(_ object: AnyObject) -> Bool {
        guard !isBound(object) else { return false }
        entries = entries.filter { $0.value.object != nil }
        entries[ObjectIdentifier(object)] = Entry(object: object)
        return true
    }
}
