// Foundation's key-value observing as Apple's SDK declares it, for Linux, whose Foundation has
// none: `NSObject` adopts `_KeyValueCodingAndObserving`, and an extension of that protocol
// declares `observe(_:options:changeHandler:)`. Inside any `NSObject` subclass that member hides
// a global function named `observe`: a view controller's `observe { … }` compiles here only if
// MVVMCore answers it as a member too (`NSObject.observe(_:)`), as on iOS. On Apple platforms
// Foundation's own declarations are used. Nothing here observes anything: it is only the shape.
import Foundation

#if !canImport(ObjectiveC)
/// Foundation's protocol for key-value coding and observing, which `NSObject` adopts.
protocol _KeyValueCodingAndObserving {}

extension NSObject: _KeyValueCodingAndObserving {}

/// Foundation's options of a key-value observation.
struct NSKeyValueObservingOptions: OptionSet, Sendable {
    let rawValue: UInt
    static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    static let old = NSKeyValueObservingOptions(rawValue: 0x02)
    static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
    static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// Foundation's description of one key-value change.
struct NSKeyValueObservedChange<Value> {
    let newValue: Value?
    let oldValue: Value?
}

/// Foundation's token of a key-value observation.
final class NSKeyValueObservation: NSObject {
    func invalidate() {}
}

extension _KeyValueCodingAndObserving {
    /// Foundation's key-value observing entry point, with Apple's signature.
    func observe<Value>(
        _ keyPath: KeyPath<Self, Value>,
        options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        NSKeyValueObservation()
    }
}
#endif
