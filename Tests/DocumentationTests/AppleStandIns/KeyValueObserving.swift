// Foundation's key-value observing as Apple's SDK declares it, for Linux, whose Foundation has
// none: `NSObject` adopts `_KeyValueCodingAndObserving`, and an extension of that protocol
// declares `observe(_:options:changeHandler:)`. Inside any `NSObject` subclass that member hides
// a global function named `observe`: a view controller's `observe { … }` compiles here only if
// MVVMCore answers it as a member too (`NSObject.observe(_:)`), as on iOS. On Apple platforms
// Foundation's own declarations are used. Nothing here observes anything: it is only the shape.
import Foundation

#if !canImport(ObjectiveC)
/// Mirrors Foundation's `public protocol _KeyValueCodingAndObserving {}`, which `NSObject` adopts
/// (`extension NSObject: _KeyValueCodingAndObserving {}`).
protocol _KeyValueCodingAndObserving {}

extension NSObject: _KeyValueCodingAndObserving {}

/// Mirrors Foundation's `struct NSKeyValueObservingOptions: OptionSet` (`new`, `old`, `initial`, `prior`).
struct NSKeyValueObservingOptions: OptionSet, Sendable {
    let rawValue: UInt
    static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    static let old = NSKeyValueObservingOptions(rawValue: 0x02)
    static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
    static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// Mirrors Foundation's `struct NSKeyValueObservedChange<Value>`, reduced to `newValue` and `oldValue`.
struct NSKeyValueObservedChange<Value> {
    let newValue: Value?
    let oldValue: Value?
}

/// Mirrors Foundation's `class NSKeyValueObservation: NSObject` (`func invalidate()`).
final class NSKeyValueObservation: NSObject {
    func invalidate() {}
}

extension _KeyValueCodingAndObserving {
    /// Mirrors `func observe<Value>(_ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
    /// changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void) -> NSKeyValueObservation`.
    func observe<Value>(
        _ keyPath: KeyPath<Self, Value>,
        options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        NSKeyValueObservation()
    }
}
#endif
