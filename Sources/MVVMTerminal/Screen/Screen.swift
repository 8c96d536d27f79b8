/// One screen of a terminal app: pure drawing from state and key handling.
///
/// `render(into:)` reads the ViewModel's state; the app loop re-runs it inside MVVMCore's
/// `observe { }` whenever that state changes and writes only the difference.
@MainActor
public protocol Screen: AnyObject {
    /// Draws the current state into `frame` (a blank frame of the terminal's size).
    func render(into frame: inout Frame)
    /// Handles a key: sends ViewModel events, or returns a navigation action.
    func handle(_ key: Key) -> ScreenAction?
}
