// UIKit's view controllers as Apple's SDK declares them (see UIKitViews.swift for how the
// stand-ins work).
#if !canImport(UIKit)
import Foundation

/// Mirrors UIKit's `@MainActor class UIViewController: UIResponder`: `init(nibName nibNameOrNil:
/// String?, bundle nibBundleOrNil: Bundle?)` (designated), `required init?(coder: NSCoder)`,
/// `var title: String?`, the lifecycle methods a subclass overrides (`func viewDidLoad()`,
/// `func viewWillAppear(_ animated: Bool)`, `func viewDidDisappear(_ animated: Bool)`), and
/// modal presentation: `func present(_ viewControllerToPresent: UIViewController, animated flag:
/// Bool, completion: (() -> Void)? = nil)`, `func dismiss(animated flag: Bool, completion: (() ->
/// Void)? = nil)`, `var presentedViewController: UIViewController? { get }`,
/// `var presentingViewController: UIViewController? { get }`.
@MainActor
class UIViewController: UIResponder {
    var title: String?
    private(set) var presentedViewController: UIViewController?
    private(set) weak var presentingViewController: UIViewController?

    init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }

    required init?(coder: NSCoder) { super.init() }

    func viewDidLoad() {}

    func viewWillAppear(_ animated: Bool) {}

    func viewDidDisappear(_ animated: Bool) {}

    /// As UIKit does, presents `viewControllerToPresent` unless this controller already presents
    /// one (UIKit then logs a warning and presents nothing), then calls `completion`.
    func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        guard presentedViewController == nil else { return }
        presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = self
        completion?()
    }

    /// As UIKit does, dismisses the controller this one presents or, if none, the one that presents
    /// it, then calls `completion`.
    func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        if let presented = presentedViewController {
            presented.presentingViewController = nil
            presentedViewController = nil
        } else if let presenting = presentingViewController {
            presenting.dismiss(animated: flag)
        }
        completion?()
    }
}

/// Mirrors UIKit's `@MainActor class UITableViewController: UIViewController, UITableViewDelegate,
/// UITableViewDataSource`: `init(style: UITableView.Style)`, `var tableView: UITableView!`, and the
/// members of its two protocols that Swift lets a subclass `override`, as the Objective-C importer
/// mirrors them into the class: `func tableView(_ tableView: UITableView, numberOfRowsInSection
/// section: Int) -> Int`, `func tableView(_ tableView: UITableView, cellForRowAt indexPath:
/// IndexPath) -> UITableViewCell`, `func tableView(_ tableView: UITableView, willDisplay cell:
/// UITableViewCell, forRowAt indexPath: IndexPath)` and `UIScrollViewDelegate`'s
/// `func scrollViewDidScroll(_ scrollView: UIScrollView)`. The protocols themselves (Objective-C
/// protocols with optional requirements, which Swift on Linux cannot declare) are not mirrored.
@MainActor
class UITableViewController: UIViewController {
    var tableView: UITableView!

    init(style: UITableView.Style) {
        tableView = UITableView(frame: .zero, style: style)
        super.init(nibName: nil, bundle: nil)
    }

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        tableView = UITableView(frame: .zero, style: .plain)
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    required init?(coder: NSCoder) {
        tableView = UITableView(frame: .zero, style: .plain)
        super.init(coder: coder)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        preconditionFailure("a table view controller with rows overrides tableView(_:cellForRowAt:)")
    }

    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}

    func scrollViewDidScroll(_ scrollView: UIScrollView) {}
}
#endif
