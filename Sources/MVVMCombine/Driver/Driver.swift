/// An output for UI bindings: delivered on the main queue, never fails, replays its latest value
/// to each new subscriber, and shares one upstream subscription among all of them.
///
/// This is RxSwift's `Driver` (the *RxSwift registration form* article's (001) `asDriver()`), for Combine and
/// OpenCombine. Make one with `asDriver()` or
/// `asDriver(onErrorJustReturn:)`, and bind it with ``drive(_:)``:
///
/// ```swift
/// let isSubmitEnabled: Driver<Bool> = Publishers.CombineLatest3(email, password, confirmation)
///     .map { validator.validate(Form($0, $1, $2)).canSubmit }
///     .asDriver()
///
/// isSubmitEnabled.drive { [weak self] in self?.submitButton.isEnabled = $0 }
///     .store(in: &cancellables)
/// ```
///
/// Values produced on the main queue are delivered in the same turn; values produced elsewhere
/// hop to the main queue, in order. A subscriber without demand keeps only the latest value.
public struct Driver<Output>: Publisher {
    /// A driver never fails.
    public typealias Failure = Never

    let relay: DriverRelay<Output>

    /// Wraps a publisher that cannot fail; see `asDriver()`.
    public init<P: Publisher>(_ upstream: P) where P.Output == Output, P.Failure == Never {
        relay = DriverRelay(upstream.eraseToAnyPublisher())
    }

    /// A driver of one value that never changes.
    public static func just(_ value: Output) -> Driver {
        Driver(Just(value))
    }

    /// Attaches `subscriber`: it receives the latest value (if any), then each new one.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        relay.attach(subscriber)
    }
}

extension Driver where Output: Sendable {
    /// Calls `onNext` on the main actor with the latest value and each new one.
    ///
    /// - Returns: the subscription; keep it for as long as the view shows the value.
    public func drive(_ onNext: @escaping @MainActor (Output) -> Void) -> AnyCancellable {
        sink { value in
            // A driver only ever delivers on the main queue, the main actor's executor.
            MainActor.assumeIsolated { onNext(value) }
        }
    }
}

// Both `asDriver` overloads are disfavoured: many Combine apps declare their own `Driver`
// (`typealias Driver<T> = AnyPublisher<T, Never>`) and `asDriver()` in an extension of
// `Publisher`. After `import Combine` becomes `import MVVMCombine`, an app's own method keeps
// being the one its calls pick (it would otherwise lose to this more constrained one, and its
// publishers would start replaying and hopping to the main queue); where the app has none, these
// are picked as usual. `AppDefinedDriverTests`.
extension Publisher {
    /// Turns this publisher into a ``Driver``, publishing `fallback` (then finishing) if it fails.
    @_disfavoredOverload
    public func asDriver(onErrorJustReturn fallback: Output) -> Driver<Output> {
        Driver(self.catch { _ in Just(fallback) })
    }
}

extension Publisher where Failure == Never {
    /// Turns this publisher, which cannot fail, into a ``Driver``.
    @_disfavoredOverload
    public func asDriver() -> Driver<Output> {
        Driver(self)
    }
}

extension Driver {
    /// RxSwift's `Driver.combineLatest`: the latest values of two drivers, combined.
    ///
    /// ```swift
    /// let canSubmit = Driver.combineLatest(isBlankFree, passwordsMatch) { $0 && $1 }
    /// ```
    public static func combineLatest<A, B>(
        _ a: Driver<A>,
        _ b: Driver<B>,
        _ resultSelector: @escaping (A, B) -> Output
    ) -> Driver<Output> {
        Driver(Publishers.CombineLatest(a, b).map(resultSelector))
    }

    /// RxSwift's `Driver.combineLatest`: the latest values of three drivers, combined.
    public static func combineLatest<A, B, C>(
        _ a: Driver<A>,
        _ b: Driver<B>,
        _ c: Driver<C>,
        _ resultSelector: @escaping (A, B, C) -> Output
    ) -> Driver<Output> {
        Driver(Publishers.CombineLatest3(a, b, c).map(resultSelector))
    }
}
