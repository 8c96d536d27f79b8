/// What a ``Screen`` asks the app to do after a key.
@MainActor
public enum ScreenAction {
    /// Show another screen on top of this one.
    case push(any Screen)
    /// Go back to the previous screen (quit from the first).
    case pop
    /// Quit the app.
    case quit
}
