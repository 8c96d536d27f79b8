import Foundation

/// The part of UIKit's `UIViewController` that article 004's view controller uses, so that its
/// code compiles on Linux as it would on iOS: `@MainActor`, an `init(nibName:bundle:)`, a
/// required `init?(coder:)`, and the two lifecycle methods it overrides.
@MainActor
class UIViewController {
    init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}

    required init?(coder: NSCoder) {}

    /// Called once the view is loaded.
    func viewDidLoad() {}

    /// Called before the view appears.
    func viewWillAppear(_ animated: Bool) {}
}

/// UIKit's label, reduced to its text.
@MainActor
final class UILabel {
    var text: String?
}
