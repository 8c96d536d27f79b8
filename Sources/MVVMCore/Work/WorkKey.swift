/// The name under which a piece of owned work runs, e.g. `"search"` or `"loadMore"`.
///
/// Work under the same key is governed by one ``WorkPolicy``: a new search cancels the old
/// search, a second "load more" is dropped while the first runs. Any `Hashable & Sendable`
/// value can be a key; string literals and enum cases are the usual choice.
package struct WorkKey: Hashable, Sendable, CustomStringConvertible {
    // `AnyHashable` is not `Sendable`, but every value stored here comes from the
    // initializer below, which only accepts `Hashable & Sendable` values.
    private let box: SendableHashableBox

    /// Wraps any `Hashable & Sendable` value as a key.
    package init(_ base: some Hashable & Sendable) {
        if let key = base as? WorkKey {
            self = key
        } else {
            box = SendableHashableBox(base: AnyHashable(base))
        }
    }

    /// The wrapped value, as written by the caller.
    package var description: String { String(describing: box.base.base) }
}

/// `AnyHashable` over a value that was `Sendable` when it was wrapped.
///
/// Safe to mark `@unchecked Sendable`: ``WorkKey/init(_:)`` is the only place one is made, and it
/// only accepts values that are `Sendable`; `AnyHashable` adds no mutable state of its own.
private struct SendableHashableBox: Hashable, @unchecked Sendable {
    let base: AnyHashable
}
