/// The view side of a ``ViewModelType``: it holds the ViewModel and its input, and binds to it.
///
/// This is the tech-blog article's `ViewModelBindable`, requirement for requirement: a view
/// controller written against the article's protocol (with `private(set)` properties) compiles
/// with `import MVVMCombine` in place of its own declaration (`Article004AdoptionTests`). The view
/// implements ``bind(to:)``: hand the input over, subscribe to the outputs.
///
/// ```swift
/// final class TechBlogViewController: UIViewController, ViewModelBindable {
///     private(set) var cancellables = Set<AnyCancellable>()
///     private(set) var viewModel = TechBlogViewModel()
///     private(set) var viewModelInput = TechBlogViewModel.Input()
///
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         bind()   // or the article's bind(to: viewModel), which binds again if called twice
///     }
///
///     override func viewWillAppear(_ animated: Bool) {
///         super.viewWillAppear(animated)
///         viewModelInput.viewWillAppear.send()
///     }
///
///     func bind(to viewModel: TechBlogViewModel) {
///         let output = viewModel.bind(input: viewModelInput)
///         output.loadedData
///             .drive { [weak self] info in self?.titleLabel.text = info.title }
///             .store(in: &cancellables)
///     }
/// }
/// ```
///
/// ``bind()`` is the one addition: it calls ``bind(to:)`` the first time only, so outputs are
/// never subscribed twice (a classic double-update bug when `viewDidLoad` logic moves to
/// `viewWillAppear`).
///
/// The protocol is `@MainActor`, as view controllers are. A view bound to a `@MainActor`
/// ViewModel (one that conforms with `@MainActor ViewModelType`) conforms the same way:
/// `final class ProfileView: @MainActor ViewModelBindable`.
@MainActor
public protocol ViewModelBindable: AnyObject {
    /// The ViewModel this view binds to.
    associatedtype ViewModel: ViewModelType

    /// The view's subscriptions, cancelled when the view goes away.
    var cancellables: Set<AnyCancellable> { get }
    /// The ViewModel, held by the view.
    var viewModel: ViewModel { get }
    /// The input the view sends its events through.
    var viewModelInput: ViewModel.Input { get }

    /// Hands ``viewModelInput`` to `viewModel` and subscribes the view to the outputs it returns.
    /// Called from `viewDidLoad`, directly or through ``bind()``.
    func bind(to viewModel: ViewModel)
}

extension ViewModelBindable {
    /// Binds this view to ``viewModel`` with ``bind(to:)``, the first time it is called.
    ///
    /// - Returns: `true` if it bound now; `false` if this view was already bound.
    @discardableResult
    public func bind() -> Bool {
        guard BindingRegistry.markBound(self) else { return false }
        bind(to: viewModel)
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
