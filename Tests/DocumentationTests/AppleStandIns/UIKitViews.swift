// UIKit's views, controls and images, declared as Apple's SDK declares them, for the machines
// without UIKit (Linux, macOS) where the documentation's UIKit snippets are compiled and run.
//
// Where UIKit exists, the real framework is imported instead and none of this is compiled. Each
// declaration quotes the one it mirrors, from Apple's documentation
// (developer.apple.com/documentation/uikit; each API is available on iOS 18): the class
// hierarchy (`UILabel: UIView: UIResponder: NSObject`, so a view controller has every member
// `NSObject` has), argument labels and types, optionality, defaults, and `@MainActor` isolation.
// Only what the snippets use is declared: a snippet that reaches for more fails to compile here,
// and its stand-in is then added with Apple's declaration (docs/Documentation.md).
//
// Unlike SwiftUI's stand-ins, these run: the tests drive view controllers as UIKit would (call
// `viewDidLoad()`, send a control's actions, tap an alert's button) and read what they show. They
// do the least that lets a test see that: hold text, run actions, record a presentation. The few
// members a test needs that UIKit does not have (a tap on an alert's button, the rows on screen)
// are named `standIn…`, under a "Not UIKit" comment.
#if !canImport(UIKit)
import Foundation

/// Mirrors UIKit's `@MainActor class UIResponder: NSObject`.
@MainActor
class UIResponder: NSObject {
    override init() { super.init() }
}

/// Mirrors UIKit's `@MainActor class UIView: UIResponder`: `init(frame: CGRect)` (designated),
/// `init?(coder: NSCoder)` (required), `init()` (Objective-C's, which calls `init(frame: .zero)`),
/// `var isHidden: Bool`.
@MainActor
class UIView: UIResponder {
    var isHidden = false

    init(frame: CGRect) { super.init() }

    required init?(coder: NSCoder) { super.init() }

    override convenience init() { self.init(frame: .zero) }
}

/// Mirrors UIKit's `@MainActor class UILabel: UIView` (`var text: String?`).
@MainActor
class UILabel: UIView {
    var text: String?
}

/// Mirrors UIKit's `@MainActor class UIActivityIndicatorView: UIView`:
/// `init(style: UIActivityIndicatorView.Style)`, `init(frame: CGRect)`, `required init(coder: NSCoder)`,
/// `func startAnimating()`, `func stopAnimating()`, `var isAnimating: Bool { get }`.
@MainActor
class UIActivityIndicatorView: UIView {
    /// Mirrors `UIActivityIndicatorView.Style` (`enum Style: Int`), its iOS 13 cases.
    enum Style: Int, Sendable {
        case medium = 100
        case large = 101
    }

    private(set) var isAnimating = false

    init(style: UIActivityIndicatorView.Style) { super.init(frame: .zero) }

    override init(frame: CGRect) { super.init(frame: frame) }

    required init(coder: NSCoder) { super.init(frame: .zero) }

    func startAnimating() { isAnimating = true }

    func stopAnimating() { isAnimating = false }
}

/// Mirrors UIKit's `@MainActor class UIMenuElement: NSObject` (iOS 13), with its
/// `struct Attributes: OptionSet` and `enum State: Int`.
@MainActor
class UIMenuElement: NSObject {
    /// Mirrors `UIMenuElement.Attributes` (`struct Attributes: OptionSet`).
    struct Attributes: OptionSet, Sendable {
        let rawValue: UInt
        static let disabled = Attributes(rawValue: 1 << 0)
        static let destructive = Attributes(rawValue: 1 << 1)
        static let hidden = Attributes(rawValue: 1 << 2)
    }

    /// Mirrors `UIMenuElement.State` (`enum State: Int { case off, on, mixed }`).
    enum State: Int, Sendable { case off, on, mixed }
}

/// Mirrors UIKit's `typealias UIActionHandler = (UIAction) -> Void`.
typealias UIActionHandler = (UIAction) -> Void

/// Mirrors UIKit's `@MainActor class UIAction: UIMenuElement` (iOS 13), made with
/// `@MainActor @preconcurrency convenience init(title: String = "", image: UIImage? = nil,
/// identifier: UIAction.Identifier? = nil, discoverabilityTitle: String? = nil,
/// attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off,
/// handler: @escaping UIActionHandler)`.
@MainActor
class UIAction: UIMenuElement {
    /// Mirrors `UIAction.Identifier` (`struct Identifier: Hashable, RawRepresentable`, a `String`).
    struct Identifier: Hashable, RawRepresentable, Sendable {
        let rawValue: String
        init(rawValue: String) { self.rawValue = rawValue }
        init(_ rawValue: String) { self.rawValue = rawValue }
    }

    var title: String
    var image: UIImage?
    let identifier: UIAction.Identifier
    var discoverabilityTitle: String?
    var attributes: UIMenuElement.Attributes
    var state: UIMenuElement.State
    fileprivate let handler: UIActionHandler

    @preconcurrency
    convenience init(
        title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil,
        discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
        state: UIMenuElement.State = .off, handler: @escaping UIActionHandler
    ) {
        self.init(title: title, image: image, identifier: identifier ?? Identifier(UUID().uuidString),
                  discoverabilityTitle: discoverabilityTitle, attributes: attributes, state: state, storing: handler)
    }

    private init(title: String, image: UIImage?, identifier: UIAction.Identifier, discoverabilityTitle: String?,
                 attributes: UIMenuElement.Attributes, state: UIMenuElement.State, storing handler: @escaping UIActionHandler) {
        self.title = title
        self.image = image
        self.identifier = identifier
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init()
    }
}

/// Mirrors UIKit's `@MainActor class UIControl: UIView`: `var isEnabled: Bool`,
/// `func addAction(_ action: UIAction, for controlEvents: UIControl.Event)` (iOS 14),
/// `func sendActions(for controlEvents: UIControl.Event)` (which runs the actions registered for
/// those events, as UIKit does).
@MainActor
class UIControl: UIView {
    /// Mirrors `UIControl.Event` (`struct Event: OptionSet` of `UInt`), the events the snippets use.
    struct Event: OptionSet, Sendable {
        let rawValue: UInt
        static let touchUpInside = Event(rawValue: 1 << 6)
        static let editingChanged = Event(rawValue: 1 << 17)
    }

    var isEnabled = true
    private var actions: [(events: Event, action: UIAction)] = []

    func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        actions.append((controlEvents, action))
    }

    func sendActions(for controlEvents: UIControl.Event) {
        for (events, action) in actions where !events.isDisjoint(with: controlEvents) {
            action.handler(action)
        }
    }
}

/// Mirrors UIKit's `@MainActor class UIButton: UIControl` and its
/// `convenience init(type buttonType: UIButton.ButtonType)`.
@MainActor
class UIButton: UIControl {
    /// Mirrors `UIButton.ButtonType` (`enum ButtonType: Int`), the types the snippets use.
    enum ButtonType: Int, Sendable {
        case custom = 0
        case system = 1
    }

    convenience init(type buttonType: UIButton.ButtonType) { self.init(frame: .zero) }
}

/// Mirrors UIKit's `@MainActor class UITextField: UIControl` (`var text: String?`).
@MainActor
class UITextField: UIControl {
    var text: String?
}

/// Mirrors UIKit's `class UIImage: NSObject`: `init?(data: Data)` and `init(cgImage: CGImage)`.
/// This stand-in decodes nothing: `init?(data:)` answers `nil` unless the bytes begin as a PNG or
/// a JPEG does (UIKit answers `nil` for data it cannot decode).
class UIImage: NSObject {
    init?(data: Data) {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], jpeg: [UInt8] = [0xFF, 0xD8, 0xFF]
        guard data.starts(with: png) || data.starts(with: jpeg) else { return nil }
        super.init()
    }

    init(cgImage: CGImage) { super.init() }
}
#endif

#if !canImport(CoreGraphics)
/// Mirrors CoreGraphics' `class CGImage` (a Core Foundation type), which `UIImage(cgImage:)` takes.
/// None of its initializers is mirrored: no snippet makes one.
final class CGImage {
    private init() {}
}
#endif
