/// The child ViewModels of a navigation stack, one per pushed destination: made when the
/// destination is pushed, released when it leaves the stack.
///
/// The ViewModel that owns a ``Navigation`` keeps one, and brings it in line after each change:
///
/// ```swift
/// enum AppScreenModel {                        // one case per kind of screen
///     case user(UserDetailViewModel), weather(WeatherViewModel)
/// }
///
/// private let children = DestinationViewModels<AppDestination, AppScreenModel> { destination in
///     switch destination {
///     case .user(let id): .user(UserDetailViewModel(userID: id, repository: repository))
///     case .weather: .weather(WeatherViewModel(repository: weather))
///     }
/// } viewModel: { $0.viewModel }   // the case's ViewModel
///
/// store.update { $0.navigation.push(.user(id: 42)) }
/// children.follow(state.navigation.stack)
/// ```
///
/// A destination keeps its ViewModel while it stays at the same place in the stack (popping
/// what is above it does not recreate it, so its scroll position and selection survive); a
/// destination pushed again gets a new one.
///
/// A child's lifetime is its place in the stack: one that leaves it disappears at once
/// (`ViewModel.disappear()`: its owned work is cancelled and puts back what it had changed), even
/// while a view still holds it (a transition running, a SwiftUI view kept), then is released.
/// Its appearing is its own view's: the parent's own screen disappears when a child is pushed
/// over it, so the parent's `disappear()` is not passed to its children.
@MainActor
public final class DestinationViewModels<Destination: Hashable & Sendable, Child> {
    private let make: (Destination) -> Child
    private let viewModel: (Child) -> (any ViewModel)?
    private var entries: [(destination: Destination, viewModel: Child)] = []

    /// Children made by `make`, one per destination.
    ///
    /// - Parameters:
    ///   - make: makes the child of a destination pushed.
    ///   - viewModel: the ViewModel of a child (its case's payload, for an enum of screens):
    ///     told to disappear when its destination leaves the stack. `nil`: none to tell.
    public init(make: @escaping (Destination) -> Child, viewModel: @escaping (Child) -> (any ViewModel)?) {
        self.make = make
        self.viewModel = viewModel
    }

    /// Brings the children in line with `stack`: keeps those whose destination is at the same
    /// place in the same stack prefix, releases the rest, makes the missing ones.
    ///
    /// - Returns: the children, in stack order.
    @discardableResult
    public func follow(_ stack: [Destination]) -> [Child] {
        var kept = 0
        while kept < min(entries.count, stack.count), entries[kept].destination == stack[kept] {
            kept += 1
        }
        let leaving = entries[kept...].reversed().map(\.viewModel)   // the top first
        entries.removeLast(entries.count - kept)
        for destination in stack[kept...] {
            entries.append((destination, make(destination)))
        }
        let children = entries.map(\.viewModel)
        // Told once the children are in line: what a leaving child does as it disappears (a
        // write its parent follows) may call `follow` again, on a consistent list.
        for child in leaving { viewModel(child)?.disappear() }
        return children
    }

    /// The children, in stack order, as of the last ``follow(_:)``.
    package var viewModels: [Child] { entries.map(\.viewModel) }

    /// The child of the topmost place in the stack showing `destination` (what SwiftUI's
    /// `navigationDestination(for:)` hands a view); `nil` when the stack does not show it.
    public func viewModel(for destination: Destination) -> Child? {
        entries.last { $0.destination == destination }?.viewModel
    }

    /// The top destination's child, if the stack is not empty.
    public var top: Child? { entries.last?.viewModel }
}

extension DestinationViewModels where Child: ViewModel {
    /// Children that are ViewModels, made by `make`, one per destination; each disappears when
    /// its destination leaves the stack.
    public convenience init(make: @escaping (Destination) -> Child) {
        self.init(make: make, viewModel: { $0 })
    }
}
