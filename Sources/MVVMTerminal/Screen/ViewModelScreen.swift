public import MVVMCore

/// A screen that shows one ViewModel, which appears and disappears with the screen: its
/// ``Screen/didAppear()`` calls the ViewModel's `appear()` (the screen's work starts), and its
/// ``Screen/willDisappear()`` calls `disappear()` (the work is cancelled).
///
/// ```swift
/// final class ProfileScreen: ViewModelScreen {
///     let viewModel: ProfileViewModel
///     init(viewModel: ProfileViewModel) { self.viewModel = viewModel }
///     func render(into frame: inout Frame) { ProfileView.render(viewModel.state, into: &frame) }
///     func handle(_ key: Key) -> ScreenAction? { key == .escape ? .pop : nil }
/// }
/// ```
@MainActor
public protocol ViewModelScreen: Screen {
    /// The ViewModel's type.
    associatedtype Model: ViewModel
    /// The ViewModel the screen shows.
    var viewModel: Model { get }
}

extension ViewModelScreen {
    /// The screen is visible: the ViewModel appears.
    public func didAppear() {
        viewModel.appear()
    }

    /// The screen is hidden or gone: the ViewModel disappears (its owned work is cancelled).
    public func willDisappear() {
        viewModel.disappear()
    }
}
