public import MVVMCore

/// Routes a screen's keys to the `Alert` it shows, so that a key the user did not aim at the
/// alert answers nothing: the key that opened it, repeated (a double tap on `d`, or the key held
/// down), presses no button until another key was pressed. The rest is
/// `Alert.event(for:)`'s rules.
///
/// ```swift
/// if let alert = state.navigation.modal {
///     if let event = ui.alertInput.event(for: key, on: alert) { viewModel.send(event) }
///     return nil
/// }
/// ui.alertInput.keyPressedWithoutAlert(key)
/// ```
public struct AlertInput: Hashable, Sendable {
    /// The last key the screen handled with no alert shown, while the user has pressed no other.
    private var openingKey: Key?

    /// Creates the router; no key is held back.
    public init() {}

    /// The event of the button `key` presses on `alert`, or `nil`: nothing for a repeat of the
    /// key that opened it.
    public mutating func event<Event>(for key: Key, on alert: Alert<Event>) -> Event? {
        if key == openingKey { return nil }
        openingKey = nil
        return alert.event(for: key)
    }

    /// Notes a key the screen handles while no alert is shown: should it open one, its repeat
    /// will not answer it.
    public mutating func keyPressedWithoutAlert(_ key: Key) {
        openingKey = key
    }
}
