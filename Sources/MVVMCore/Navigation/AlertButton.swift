/// A button of an ``Alert``: its label, its role, and the event it sends when pressed.
public struct AlertButton<Event: Hashable & Sendable>: Hashable, Sendable {
    /// What a button does, for views that style it (SwiftUI's and UIKit's button roles).
    public enum Role: Hashable, Sendable {
        /// Closes the alert without acting; a view presses it on Escape.
        case cancel
        /// Destroys data, such as a delete: views show it in red.
        case destructive
    }

    /// The button's text.
    public var label: LocalizedText
    /// Its role; `nil` for an ordinary button.
    public var role: Role?
    /// The event the view sends when the user presses it.
    public var event: Event

    /// Whether the button shows a check: the option in force among several (UIKit's
    /// `checked` action, the article's filter sheet).
    public var isChecked: Bool

    /// Creates a button that sends `event`, checked when `isChecked`.
    public init(_ label: LocalizedText, role: Role? = nil, isChecked: Bool = false, sends event: Event) {
        self.label = label
        self.role = role
        self.isChecked = isChecked
        self.event = event
    }
}
