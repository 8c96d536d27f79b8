/// How a store tells that an update left its state equal, so that it notifies nobody: a
/// metatype, which costs a store no allocation, where a closure over `==` would.
@usableFromInline
protocol StateEquality<State> {
    associatedtype State
    /// Whether `lhs` and `rhs` are equal.
    static func isDuplicate(_ lhs: State, _ rhs: State) -> Bool
}

/// `==` of an `Equatable` state.
enum EquatableState<State: Equatable>: StateEquality {
    static func isDuplicate(_ lhs: State, _ rhs: State) -> Bool { lhs == rhs }
}

/// `EquatableState<State>` when `State` is `Equatable`, else `nil`.
func stateEquality<State>(of type: State.Type) -> (any StateEquality<State>.Type)? {
    func check<Equatable: Swift.Equatable>(_: Equatable.Type) -> (any StateEquality<State>.Type)? {
        EquatableState<Equatable>.self as? any StateEquality<State>.Type
    }
    guard let equatable = type as? any Equatable.Type else { return nil }
    return check(equatable)
}
