/// What a ViewModel shows its views of its ``StateStore``: nothing they can call.
///
/// A ViewModel keeps its store `private` and hands out this value through
/// ``ViewModel/readOnlyStore``. Views read and observe the state through the ``ViewModel``
/// protocol (``ViewModel/state``, ``ViewModel/subscribe(sendCurrent:_:)``, ``ViewModel/states``,
/// ``observe(_:)``); none of them can write it, start or cancel work:
///
/// ```swift
/// @MainActor
/// final class CounterViewModel: ViewModel {
///     private let store = StateStore(State())       // only this class writes the state
///     var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
///     ...
/// }
///
/// viewModel.state.count                  // a view reads
/// viewModel.send(.incrementTapped)    // and sends events
/// viewModel.store.update { … }           // error: 'store' is inaccessible due to 'private' protection level
/// ```
///
/// `.ci/sealed-state-check` compiles both sides of that in CI.
@MainActor
public struct ReadOnlyStore<State> {
    /// The store; only this package's modules reach it (the tester, the Combine adapters).
    @usableFromInline package let base: StateStore<State>

    init(_ base: StateStore<State>) {
        self.base = base
    }
}

extension StateStore {
    /// This store as its views may see it: read and observe, never write. See ``ReadOnlyStore``.
    public var readOnly: ReadOnlyStore<State> {
        ReadOnlyStore(self)
    }
}
