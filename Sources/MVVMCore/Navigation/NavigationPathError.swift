/// Why a path string does not open a navigation stack: a deep link from outside is checked,
/// never trusted.
public enum NavigationPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path names nothing at `position` (0-based) after `parent` (`nil`: at the root);
    /// `component` is the decoded text.
    case unknownComponent(String, position: Int, parent: String?)
    /// An empty component at `position` (`users//42`).
    case emptyComponent(position: Int)
    /// A `%` not followed by two hex digits, or an escape that is not UTF-8, at `position`.
    case invalidEscape(position: Int)
    /// More than 2,048 bytes or 64 components.
    case tooLong

    /// What is wrong, for logs and messages.
    public var description: String {
        switch self {
        case .unknownComponent(let component, let position, let parent):
            let place = parent.map { "after \"\($0)\"" } ?? "at the root"
            return "no destination \"\(component)\" \(place) (component \(position + 1))"
        case .emptyComponent(let position):
            return "component \(position + 1) is empty"
        case .invalidEscape(let position):
            return "component \(position + 1) has an invalid %-escape"
        case .tooLong:
            return "the path is too long"
        }
    }
}
