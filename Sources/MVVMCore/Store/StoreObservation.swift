import Observation

/// What a ``StateStore`` needs to take part in Observation, made on the first read of `state`:
/// a store observed only through closures, sequences or publishers never pays for it.
@MainActor
@usableFromInline
final class StoreObservation<State> {
    @usableFromInline let registrar = ObservationRegistrar()
    @usableFromInline let keyPath: KeyPath<StateStore<State>, State>

    init(keyPath: KeyPath<StateStore<State>, State>) {
        self.keyPath = keyPath
    }
}
