// UIKit's alerts as Apple's SDK declares them (see UIKitViews.swift for how the stand-ins work).
// Their titles and messages are `String?`: a view shows MVVMCore's `LocalizedText` with
// `text.resolved()`.
#if !canImport(UIKit)
import Foundation

/// Mirrors UIKit's `@MainActor class UIAlertController: UIViewController`:
/// `convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style)`,
/// `var message: String?`, `var preferredStyle: UIAlertController.Style { get }`,
/// `func addAction(_ action: UIAlertAction)`, `var actions: [UIAlertAction] { get }`
/// (its `title` is `UIViewController`'s `var title: String?`).
@MainActor
class UIAlertController: UIViewController {
    /// Mirrors `UIAlertController.Style` (`enum Style: Int { case actionSheet = 0, alert = 1 }`).
    enum Style: Int, Sendable {
        case actionSheet = 0
        case alert = 1
    }

    var message: String?
    private(set) var preferredStyle = Style.alert
    private(set) var actions: [UIAlertAction] = []

    convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style) {
        self.init(nibName: nil, bundle: nil)
        self.title = title
        self.message = message
        self.preferredStyle = preferredStyle
    }

    func addAction(_ action: UIAlertAction) {
        actions.append(action)
        action.standInAlert = self
    }
}

/// Mirrors UIKit's `@MainActor class UIAlertAction: NSObject`:
/// `convenience init(title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil)`,
/// `var title: String? { get }`, `var style: UIAlertAction.Style { get }`, `var isEnabled: Bool`.
/// (Its `NSCopying` conformance is not mirrored.)
@MainActor
class UIAlertAction: NSObject {
    /// Mirrors `UIAlertAction.Style` (`enum Style: Int { case default = 0, cancel = 1, destructive = 2 }`).
    enum Style: Int, Sendable {
        case `default` = 0
        case cancel = 1
        case destructive = 2
    }

    private(set) var title: String?
    private(set) var style = Style.default
    var isEnabled = true
    private var handler: ((UIAlertAction) -> Void)?

    convenience init(title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.init()
        self.title = title
        self.style = style
        self.handler = handler
    }

    // Not UIKit: what a test does in the user's place.

    /// The alert this action was added to.
    fileprivate weak var standInAlert: UIAlertController?

    /// What the user's tap on this button does: UIKit dismisses the alert, then calls the handler.
    func standInTap() {
        standInAlert?.dismiss(animated: true)
        handler?(self)
    }
}
#endif
