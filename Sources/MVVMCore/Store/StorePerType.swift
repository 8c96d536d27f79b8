import Foundation

/// What every store of one `State` type shares, made once per type instead of once per store:
/// the key path Observation reports changes under (a generic key path literal is instantiated,
/// and allocated, each time it is evaluated) and the duplicate check of an `Equatable` state (a
/// closure over the type's conformance, allocated each time it is formed).
///
/// `@unchecked Sendable`: `entries` is read and written only while `lock` is held, and the
/// values stored are immutable (key paths and closures over nothing but the type).
final class StorePerType: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Any] = [:]

    private static let keyPaths = StorePerType()
    private static let duplicateChecks = StorePerType()

    private func value<Value>(for type: Any.Type, make: () -> Value) -> Value {
        lock.withLock {
            if let cached = entries[ObjectIdentifier(type)] as? Value { return cached }
            let made = make()
            entries[ObjectIdentifier(type)] = made
            return made
        }
    }

    /// `\StateStore<State>.state`, made once per `State`.
    @MainActor
    static func stateKeyPath<State>(_ type: State.Type) -> KeyPath<StateStore<State>, State> {
        keyPaths.value(for: State.self) { \StateStore<State>.state }
    }

    /// `==` on `State`, made once per `State`.
    static func duplicateCheck<State: Equatable>(_ type: State.Type) -> DuplicateCheck<State> {
        duplicateChecks.value(for: State.self) { DuplicateCheck { $0 == $1 } }
    }
}

/// `==` for a store's state, in a class: a closure stored as `Any` and cast back would be
/// re-wrapped (and allocated) on every cast.
@usableFromInline
final class DuplicateCheck<State>: @unchecked Sendable {
    // `@unchecked Sendable`: one immutable closure over nothing but the type's conformance.
    @usableFromInline let isDuplicate: (State, State) -> Bool

    init(_ isDuplicate: @escaping (State, State) -> Bool) {
        self.isDuplicate = isDuplicate
    }
}
