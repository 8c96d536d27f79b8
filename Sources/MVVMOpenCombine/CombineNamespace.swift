#if !canImport(Combine)
/// Combine's names qualified by its module, `Combine.AnyCancellable`, `Combine.Scheduler`, where
/// there is no module named Combine: code that qualifies names (to tell Combine's `Scheduler`
/// from its own generic parameter named `Scheduler`, say) builds with `import MVVMCombine` on
/// Linux as with `import Combine` on Apple platforms.
///
/// ```swift
/// final class SearchViewModel<Scheduler: Combine.Scheduler> {
///     private var cancellables = Set<Combine.AnyCancellable>()
/// }
/// ```
///
/// Each name is OpenCombine's type or protocol under Combine's name, so values pass freely
/// between code that qualifies names and code that does not. Only where Combine does not exist:
/// on Apple platforms `Combine.` names the real module. A module named Combine is not used here:
/// packages test `#if canImport(Combine)` to tell Apple platforms apart, and would take one for
/// Apple's. `CombineNamespaceTests`.
public enum Combine {
    // Protocols.
    /// Combine's `Publisher`.
    public typealias Publisher = OpenCombine.Publisher
    /// Combine's `Subscriber`.
    public typealias Subscriber = OpenCombine.Subscriber
    /// Combine's `Subscription`.
    public typealias Subscription = OpenCombine.Subscription
    /// Combine's `Subject`.
    public typealias Subject = OpenCombine.Subject
    /// Combine's `Cancellable`.
    public typealias Cancellable = OpenCombine.Cancellable
    /// Combine's `ConnectablePublisher`.
    public typealias ConnectablePublisher = OpenCombine.ConnectablePublisher
    /// Combine's `Scheduler`.
    public typealias Scheduler = OpenCombine.Scheduler
    /// Combine's `SchedulerTimeIntervalConvertible`.
    public typealias SchedulerTimeIntervalConvertible = OpenCombine.SchedulerTimeIntervalConvertible
    /// Combine's `ObservableObject`.
    public typealias ObservableObject = OpenCombine.ObservableObject
    /// Combine's `CustomCombineIdentifierConvertible`.
    public typealias CustomCombineIdentifierConvertible = OpenCombine.CustomCombineIdentifierConvertible
    /// Combine's `TopLevelEncoder`.
    public typealias TopLevelEncoder = OpenCombine.TopLevelEncoder
    /// Combine's `TopLevelDecoder`.
    public typealias TopLevelDecoder = OpenCombine.TopLevelDecoder

    // Namespaces.
    /// Combine's `Publishers`: its operators' publishers.
    public typealias Publishers = OpenCombine.Publishers
    /// Combine's `Subscribers`: `Sink`, `Assign`, `Demand`, `Completion`.
    public typealias Subscribers = OpenCombine.Subscribers
    /// Combine's `Subscriptions`.
    public typealias Subscriptions = OpenCombine.Subscriptions

    // Types.
    /// Combine's `AnyCancellable`.
    public typealias AnyCancellable = OpenCombine.AnyCancellable
    /// Combine's `AnyPublisher`.
    public typealias AnyPublisher<Output, Failure: Error> = OpenCombine.AnyPublisher<Output, Failure>
    /// Combine's `AnySubscriber`.
    public typealias AnySubscriber<Input, Failure: Error> = OpenCombine.AnySubscriber<Input, Failure>
    /// Combine's `PassthroughSubject`.
    public typealias PassthroughSubject<Output, Failure: Error> = OpenCombine.PassthroughSubject<Output, Failure>
    /// Combine's `CurrentValueSubject`.
    public typealias CurrentValueSubject<Output, Failure: Error> = OpenCombine.CurrentValueSubject<Output, Failure>
    /// Combine's `Just`.
    public typealias Just<Output> = OpenCombine.Just<Output>
    /// Combine's `Future`.
    public typealias Future<Output, Failure: Error> = OpenCombine.Future<Output, Failure>
    /// Combine's `Deferred`.
    public typealias Deferred<DeferredPublisher: OpenCombine.Publisher> = OpenCombine.Deferred<DeferredPublisher>
    /// Combine's `Empty`.
    public typealias Empty<Output, Failure: Error> = OpenCombine.Empty<Output, Failure>
    /// Combine's `Fail`.
    public typealias Fail<Output, Failure: Error> = OpenCombine.Fail<Output, Failure>
    /// Combine's `Record`.
    public typealias Record<Output, Failure: Error> = OpenCombine.Record<Output, Failure>
    /// Combine's `Published` property wrapper.
    public typealias Published<Value> = OpenCombine.Published<Value>
    /// Combine's `ObservableObjectPublisher`.
    public typealias ObservableObjectPublisher = OpenCombine.ObservableObjectPublisher
    /// Combine's `CombineIdentifier`.
    public typealias CombineIdentifier = OpenCombine.CombineIdentifier
    /// Combine's `ImmediateScheduler`.
    public typealias ImmediateScheduler = OpenCombine.ImmediateScheduler
    /// Combine's `AsyncPublisher`.
    public typealias AsyncPublisher<P: OpenCombine.Publisher> = OpenCombine.AsyncPublisher<P> where P.Failure == Never
    /// Combine's `AsyncThrowingPublisher`.
    public typealias AsyncThrowingPublisher<P: OpenCombine.Publisher> = OpenCombine.AsyncThrowingPublisher<P>
}
#endif
