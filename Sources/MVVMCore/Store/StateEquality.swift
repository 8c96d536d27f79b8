/// How a store tells that an update left its state equal, so that it notifies nobody.
///
/// A type rather than a closure: `StateStore` keeps `EquatableState<State>.self`, a metatype,
/// which costs no allocation per store, where a closure over the `Equatable` conformance would.
@usableFromInline
protocol StateEquality<State> {
    associatedtype State
    /// Whether `lhs` and `rhs` are equal.
    static func isDuplicate(_ lhs: State, _ rhs: State) -> Bool
}

/// `==` of an `Equatable` state.
@usableFromInline
enum EquatableState<State: Equatable>: StateEquality {
    @inlinable
    static func isDuplicate(_ lhs: State, _ rhs: State) -> Bool {
        lhs == rhs
    }
}
