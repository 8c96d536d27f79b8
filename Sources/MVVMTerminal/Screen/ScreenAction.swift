/// What a ``Screen`` asks the app to do after a key. Screens push by sending their ViewModel an
/// event: the app follows the ViewModel's navigation (``NavigationBinding``).
@MainActor
public enum ScreenAction {
    /// Go back: the ViewModel's navigation goes back; on the root screen, the app quits.
    case pop
    /// Quit the app.
    case quit
}
