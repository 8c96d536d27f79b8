// UIKit's table views, cells and content configurations as Apple's SDK declares them (see
// UIKitViews.swift for how the stand-ins work).
#if !canImport(UIKit)
import Foundation

/// Mirrors UIKit's `extension IndexPath` for tables (Foundation's `IndexPath` exists on Linux;
/// its UIKit members do not): `init(row: Int, section: Int)`, `var section: Int { get set }`,
/// `var row: Int { get set }`.
extension IndexPath {
    init(row: Int, section: Int) { self.init(indexes: [section, row]) }

    var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}

/// Mirrors UIKit's `@MainActor class UIScrollView: UIView`.
@MainActor
class UIScrollView: UIView {}

/// Mirrors UIKit's `@MainActor class UITableView: UIScrollView`: `init(frame: CGRect, style:
/// UITableView.Style)` (designated), `func register(_ cellClass: AnyClass?, forCellReuseIdentifier
/// identifier: String)`, `func dequeueReusableCell(withIdentifier identifier: String, for indexPath:
/// IndexPath) -> UITableViewCell`, `var indexPathsForVisibleRows: [IndexPath]? { get }`,
/// `func reloadData()`.
@MainActor
class UITableView: UIScrollView {
    /// Mirrors `UITableView.Style` (`enum Style: Int { case plain, grouped, insetGrouped }`).
    enum Style: Int, Sendable { case plain, grouped, insetGrouped }

    private(set) var indexPathsForVisibleRows: [IndexPath]?
    private var registered: Set<String> = []

    init(frame: CGRect, style: UITableView.Style) { super.init(frame: frame) }

    override convenience init(frame: CGRect) { self.init(frame: frame, style: .plain) }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        registered.insert(identifier)
    }

    /// As UIKit does, stops on an identifier nobody registered. The stand-in makes a new
    /// `UITableViewCell` each time (it reuses none, and makes no subclass).
    func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        precondition(registered.contains(identifier), "unable to dequeue a cell with identifier \(identifier): register it first")
        return UITableViewCell(style: .default, reuseIdentifier: identifier)
    }

    func reloadData() { standInReloadCount += 1 }

    // Not UIKit: what a test does or reads in the user's and UIKit's place.

    /// How many times `reloadData()` was called.
    private(set) var standInReloadCount = 0

    /// Scrolls so that `rows` of section 0 are on screen: UIKit sets `indexPathsForVisibleRows`.
    func standInShowRows(_ rows: Range<Int>) {
        indexPathsForVisibleRows = rows.map { IndexPath(row: $0, section: 0) }
    }
}

/// Mirrors UIKit's `protocol UIContentConfiguration` (iOS 14). Its requirements
/// (`makeContentView()`, `updated(for:)`) are what UIKit calls, never a snippet, and are not
/// mirrored.
protocol UIContentConfiguration {}

/// Mirrors UIKit's `struct UIListContentConfiguration: UIContentConfiguration, Hashable` (iOS 14):
/// `static func cell() -> UIListContentConfiguration`, `var text: String?`,
/// `var secondaryText: String?`, `var image: UIImage?`.
struct UIListContentConfiguration: UIContentConfiguration, Hashable {
    var text: String?
    var secondaryText: String?
    var image: UIImage?

    static func cell() -> UIListContentConfiguration { UIListContentConfiguration() }
}

/// Mirrors UIKit's `@MainActor class UITableViewCell: UIView`: `init(style: UITableViewCell.CellStyle,
/// reuseIdentifier: String?)` (designated), `func defaultContentConfiguration() ->
/// UIListContentConfiguration`, `var contentConfiguration: (any UIContentConfiguration)?` (iOS 14).
@MainActor
class UITableViewCell: UIView {
    /// Mirrors `UITableViewCell.CellStyle` (`enum CellStyle: Int { case default, value1, value2, subtitle }`).
    enum CellStyle: Int, Sendable { case `default`, value1, value2, subtitle }

    let reuseIdentifier: String?
    var contentConfiguration: (any UIContentConfiguration)?

    init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
    }

    required init?(coder: NSCoder) {
        reuseIdentifier = nil
        super.init(coder: coder)
    }

    func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }
}
#endif
