/// A ViewModel in the Input/Output style: the view hands over its inputs once, as publishers,
/// and gets back the outputs to subscribe to.
///
/// This is the tech-blog article's `ViewModelType`. Inputs are named after events
/// (`viewWillAppear`, `searchTextChanged`), outputs after what the view shows (`loadedData`,
/// `isSubmitEnabled`).
///
/// ```swift
/// @MainActor
/// final class TechBlogViewModel: ViewModelType {
///     struct Input { let viewWillAppear = PassthroughSubject<Void, Never>() }
///     struct Output { let loadedData: Driver<TechBlogInfo> }
///
///     private(set) var cancellables = Set<AnyCancellable>()
///
///     func bind(input: Input) -> Output {
///         Output(loadedData: input.viewWillAppear.map { TechBlogInfo() }.asDriver())
///     }
/// }
/// ```
///
/// Pair it with ``ViewModelBindable`` on the view side. For the `transform(input:)` spelling,
/// conform to ``TransformingViewModel`` instead.
@MainActor
public protocol ViewModelType: AnyObject {
    /// The events the view sends: publishers or subjects, one per kind of event.
    associatedtype Input
    /// What the view shows: publishers (ideally ``Driver``s), one per thing on screen.
    associatedtype Output

    /// Wires `input` to the outputs. Called once per view, by ``ViewModelBindable/bind()``.
    func bind(input: Input) -> Output
}

/// A ``ViewModelType`` written with `transform(input:) -> Output`, the Kickstarter/article
/// `InputOutputViewModel` spelling; ``ViewModelType/bind(input:)`` calls it.
///
/// ```swift
/// @MainActor
/// final class UserListViewModel: TransformingViewModel {
///     func transform(input: Input) -> Output { ... }
/// }
/// ```
@MainActor
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
