/// One screen of a terminal app: pure drawing from state and key handling.
///
/// `render(into:)` reads the ViewModel's state; the app loop re-runs it inside MVVMCore's
/// `observe { }` whenever that state changes and writes only the difference. ``didAppear()`` and
/// ``willDisappear()`` come exactly when the screen becomes visible and stops being visible
/// (`ScreenLifecycleTests`). A screen that shows one ViewModel adopts ``ViewModelScreen``,
/// which forwards both to the ViewModel.
@MainActor
public protocol Screen: AnyObject {
    /// Draws the current state into `frame` (a blank frame of the terminal's size).
    func render(into frame: inout Frame)
    /// Handles a key: sends ViewModel events, or returns a navigation action.
    func handle(_ key: Key) -> ScreenAction?
    /// The screen became the visible one: the app started on it, it was pushed, or the screen
    /// above it was popped. Forward to the ViewModel's `appear()`.
    func didAppear()
    /// The screen stops being visible: a screen was pushed over it, it was popped, or the app
    /// is ending (however it ends: quit, Ctrl-C, a signal, the input closing). Forward to the
    /// ViewModel's `disappear()`, which cancels its work.
    func willDisappear()
}

extension Screen {
    /// Does nothing: a screen without a ViewModel lifecycle.
    public func didAppear() {}
    /// Does nothing: a screen without a ViewModel lifecycle.
    public func willDisappear() {}
}
