public import Foundation

extension NSObject {
    /// ``MVVMCore/observe(_:)`` where code is written: inside an `NSObject` subclass (a view
    /// controller, a view, a cell).
    ///
    /// There, Foundation's key-value observing member `observe(_:options:changeHandler:)` (an
    /// extension of `_KeyValueCodingAndObserving`, which `NSObject` adopts on Apple platforms)
    /// hides the global function: Swift finds a member named `observe` first and stops
    /// ("use of 'observe' refers to instance method rather than global function"). This member
    /// has the same name, so it is found beside KVO's, and a closure chooses it:
    ///
    /// ```swift
    /// override func viewDidLoad() {
    ///     super.viewDidLoad()
    ///     observe { [weak self] in self?.render() }.store(in: &tokens)
    /// }
    /// ```
    ///
    /// It is ``MVVMCore/observe(_:)``: the same runs, the same token
    /// (`BindingViewsTests`, on a stand-in `UIViewController` whose `NSObject` declares KVO's
    /// `observe` as Apple's SDK does).
    ///
    /// - Parameter apply: what to run now and after each change to what it read.
    /// - Returns: the token that keeps the observation; cancel or release it to stop.
    @MainActor
    public func observe(_ apply: @escaping @MainActor () -> Void) -> ObservationToken {
        MVVMCore.observe(apply)
    }
}
