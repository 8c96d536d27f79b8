public import Foundation

/// A value and where it came from: fresh from the network, or saved on the device at some time.
///
/// A repository that keeps saved data (MVVMData's `LocalDataSource`) hands out `Fetched` values,
/// so the view can tell what it shows and how old it is. Hold one in a ``Loadable`` and the
/// load's phase says the rest: saved data shown while the network is asked is
/// `.loading(previous: saved)`; saved data shown because the network failed is
/// `.failed(error, previous: saved)`. ``Loadable/savedDataNotice()`` reads both as one value,
/// so every view words it the same way.
public struct Fetched<Value> {
    /// The value.
    public var value: Value
    /// Where it came from.
    public var origin: DataOrigin

    /// A value from `origin`.
    public init(_ value: Value, origin: DataOrigin) {
        self.value = value
        self.origin = origin
    }

    /// Transforms the value, keeping its origin.
    public func map<T>(_ transform: (Value) throws -> T) rethrows -> Fetched<T> {
        Fetched<T>(try transform(value), origin: origin)
    }
}

/// Where a ``Fetched`` value came from.
public enum DataOrigin: Hashable, Sendable {
    /// The network, in this load.
    case network
    /// The device's saved data, written at this time.
    case saved(at: Date)

    /// The time the data was saved, for ``saved(at:)``; `nil` for ``network``.
    public var savedAt: Date? {
        if case .saved(let date) = self { return date }
        return nil
    }
}

extension Fetched: Equatable where Value: Equatable {}
extension Fetched: Hashable where Value: Hashable {}
extension Fetched: Sendable where Value: Sendable {}
