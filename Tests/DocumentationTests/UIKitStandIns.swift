// The few UIKit types the binding guide's view controller uses, with UIKit's names and
// signatures, so its code compiles and runs on Linux exactly as written (UIKit is not here).
// They do only what the guide's test needs: hold text, run actions, record a spinner's state.
import Foundation

/// UIKit's responder: an `NSObject`, as Apple declares it (`open class UIResponder: NSObject`),
/// so that a view controller has every member `NSObject` has, KVO's `observe` among them.
@MainActor
class UIResponder: NSObject {
    override init() { super.init() }
}

/// UIKit's view controller, reduced to the lifecycle methods the guide overrides.
@MainActor
class UIViewController: UIResponder {
    init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    required init?(coder: NSCoder) { super.init() }
    func viewDidLoad() {}
    func viewWillAppear(_ animated: Bool) {}
    func viewDidDisappear(_ animated: Bool) {}
}

/// UIKit's closure-based action (iOS 14).
@MainActor
final class UIAction {
    let handler: @MainActor (UIAction) -> Void
    init(handler: @escaping @MainActor (UIAction) -> Void) { self.handler = handler }
}

/// UIKit's control: actions registered per event, sent by `sendActions(for:)`.
@MainActor
class UIControl {
    struct Event: Hashable { let rawValue: Int; static let editingChanged = Event(rawValue: 1 << 17) }
    private var actions: [(Event, UIAction)] = []
    func addAction(_ action: UIAction, for controlEvents: Event) { actions.append((controlEvents, action)) }
    func sendActions(for controlEvents: Event) {
        for (event, action) in actions where event == controlEvents { action.handler(action) }
    }
}

/// UIKit's text field, reduced to its text.
@MainActor
final class UITextField: UIControl {
    var text: String?
}

/// UIKit's label, reduced to its text.
@MainActor
final class UILabel {
    var text: String?
}

/// UIKit's activity indicator, reduced to whether it spins.
@MainActor
final class UIActivityIndicatorView {
    private(set) var isAnimating = false
    func startAnimating() { isAnimating = true }
    func stopAnimating() { isAnimating = false }
}
