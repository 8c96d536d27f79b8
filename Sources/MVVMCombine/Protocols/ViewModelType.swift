/// A ViewModel in the Input/Output style: the view hands over its inputs once, as publishers,
/// and gets back the outputs to subscribe to.
///
/// This is the tech-blog article's `ViewModelType`, requirement for requirement: code written
/// against the article's protocol compiles with `import MVVMCombine` in place of its own
/// declaration (`Article004AdoptionTests`). Inputs are named after events (`viewWillAppear`,
/// `searchTextChanged`), outputs after what the view shows (`loadedData`, `isSubmitEnabled`).
///
/// ```swift
/// final class TechBlogViewModel: ViewModelType {
///     private(set) var cancellables = Set<AnyCancellable>()
///
///     struct Input { let viewWillAppear = PassthroughSubject<Void, Never>() }
///     struct Output { let loadedData: Driver<TechBlogInfo> }
///
///     func bind(input: Input) -> Output {
///         Output(loadedData: input.viewWillAppear.map { TechBlogInfo() }.asDriver())
///     }
/// }
/// ```
///
/// Like the article's, the protocol puts the ViewModel on no actor: a plain class conforms as
/// written, and is made and bound anywhere. A `@MainActor` ViewModel conforms on the main actor:
/// `final class ProfileViewModel: @MainActor ViewModelType`.
///
/// Pair it with ``ViewModelBindable`` on the view side. For the `transform(input:)` spelling,
/// conform to ``TransformingViewModel`` instead.
public protocol ViewModelType: AnyObject {
    /// The subscriptions the ViewModel keeps alive for as long as it lives (`sink`s into its
    /// own subjects, for instance). A ViewModel whose outputs are plain publisher chains keeps
    /// none: the default is empty.
    var cancellables: Set<AnyCancellable> { get }

    /// The events the view sends: publishers or subjects, one per kind of event.
    associatedtype Input
    /// What the view shows: publishers (ideally ``Driver``s), one per thing on screen.
    associatedtype Output

    /// Wires `input` to the outputs. Called once per view, from its
    /// ``ViewModelBindable/bind(to:)``.
    func bind(input: Input) -> Output
}

extension ViewModelType {
    /// No subscriptions: the outputs are publisher chains the view's subscriptions keep alive.
    public var cancellables: Set<AnyCancellable> { [] }
}

/// A ``ViewModelType`` written with `transform(input:) -> Output`, the Kickstarter/article
/// `InputOutputViewModel` spelling; ``ViewModelType/bind(input:)`` calls it.
///
/// ```swift
/// @MainActor
/// final class UserListViewModel: @MainActor TransformingViewModel {
///     func transform(input: Input) -> Output { ... }
/// }
/// ```
public protocol TransformingViewModel: ViewModelType {
    /// Wires `input` to the outputs.
    func transform(input: Input) -> Output
}

extension TransformingViewModel {
    /// Calls ``transform(input:)``.
    public func bind(input: Input) -> Output {
        transform(input: input)
    }
}
