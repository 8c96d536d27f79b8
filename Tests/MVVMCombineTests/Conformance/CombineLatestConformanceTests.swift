import MVVMCombine
import Testing

/// Combine's `CombineLatest` rules, from its documentation and its observed behaviour, checked
/// with upstreams and a downstream that record every request, value, completion and cancel.
/// Each history below is what Combine produces for the same script.
@Suite(.timeLimit(.minutes(2)))
struct CombineLatestConformanceTests {
    typealias Upstream = ScriptedUpstream<Int, Oops>
    typealias Downstream = RecordingDownstream<Int, Oops>

    /// Two scripted upstreams combined with `+` into `downstream`.
    func combined(_ downstream: Downstream) -> (Upstream, Upstream) {
        let (a, b) = (Upstream(), Upstream())
        a.combineLatest(b, +).subscribe(downstream)
        return (a, b)
    }

    // MARK: Demand

    @Test func nothingIsAskedUntilTheDownstreamAsks() {
        let downstream = Downstream()
        let (a, b) = combined(downstream)
        #expect(a.events == [])
        #expect(b.events == [])
        #expect(downstream.events == ["subscription(CombineLatest)"])
    }

    @Test(arguments: [Subscribers.Demand.unlimited, .max(1)])
    func everyRequestIsPassedToEveryUpstreamAsItIs(demand: Subscribers.Demand) {
        let downstream = Downstream()
        let (a, b) = combined(downstream)
        downstream.subscription?.request(demand)
        #expect(a.send(1) == .none)
        #expect(b.send(1) == .none)
        downstream.subscription?.request(.max(2))

        #expect(downstream.events == ["subscription(CombineLatest)", "2"])
        #expect(a.events == [.requested(demand), .requested(.max(2))])
        #expect(b.events == [.requested(demand), .requested(.max(2))])
    }

    @Test(arguments: [Subscribers.Demand.unlimited, .max(10)])
    func aRequestFromInsideReceiveGoesStraightUpstream(demand: Subscribers.Demand) {
        var subscription: (any Subscription)?
        let downstream = Downstream(
            onSubscribe: { subscription = $0; $0.request(demand) },
            onValue: { _ in
                subscription?.request(.max(666))
                return .none
            }
        )
        let (a, b) = combined(downstream)
        #expect(a.send(1) == .none)
        #expect(b.send(1) == .none)
        #expect(a.events == [.requested(demand), .requested(.max(666))])
        #expect(b.events == [.requested(demand), .requested(.max(666))])
    }

    @Test func whatTheDownstreamReturnsGoesBackToTheUpstreamThatSent() {
        let downstream = Downstream(onSubscribe: { $0.request(.max(1)) }, onValue: { _ in .max(2) })
        let (a, b) = combined(downstream)
        a.send(1)
        #expect(b.send(2) == .max(2))
        #expect(a.send(3) == .max(2))   // the two were added to the demand
        #expect(downstream.events == ["subscription(CombineLatest)", "3", "5"])
    }

    // MARK: Values

    @Test func withoutDemandValuesOnlyUpdateTheLatestAndARequestDoesNotSendThem() {
        let downstream = Downstream(requesting: .max(1))
        let (a, b) = combined(downstream)
        #expect(a.send(100) == .none)
        #expect(b.send(1) == .none)
        #expect(downstream.events == ["subscription(CombineLatest)", "101"])

        #expect(a.send(200) == .none)
        #expect(a.send(300) == .none)
        #expect(b.send(2) == .none)
        #expect(b.send(3) == .none)
        downstream.subscription?.request(.max(1))
        #expect(downstream.events == ["subscription(CombineLatest)", "101"])

        a.send(400)   // the next value sends the latest of each
        #expect(downstream.events == ["subscription(CombineLatest)", "101", "403"])
    }

    @Test func theDocumentationsExample() {
        let (pub, pub2, pub3, pub4) = (Upstream(), Upstream(), Upstream(), Upstream())
        let downstream = Downstream(requesting: .unlimited)
        pub.combineLatest(pub2, pub3, pub4) { $0 * $1 * $2 * $3 }.subscribe(downstream)
        pub.send(1)
        pub.send(2)
        pub2.send(2)
        pub3.send(9)
        #expect(downstream.events == ["subscription(CombineLatest)"])
        pub4.send(1)
        pub.send(3)
        pub2.send(12)
        pub.send(13)
        pub3.send(19)
        #expect(downstream.events == ["subscription(CombineLatest)", "36", "54", "324", "1404", "2964"])
    }

    // MARK: Re-entrancy

    @Test func aValueSentFromInsideReceiveUpdatesTheLatestButIsNotSent() {
        var a: Upstream?
        let downstream = Downstream(
            onSubscribe: { $0.request(.unlimited) },
            onValue: { _ in
                #expect(a?.send(1) == Subscribers.Demand.none)
                return .none
            }
        )
        let upstreams = combined(downstream)
        a = upstreams.0
        upstreams.0.send(1)
        upstreams.1.send(1)
        #expect(downstream.events == ["subscription(CombineLatest)", "2"])
    }

    /// A sink that writes back into one of its own inputs: the classic ViewModel loop. Combine
    /// sends the first combination and stops; it must never spin.
    @Test func aSinkWritingIntoItsOwnInputEnds() {
        let text = CurrentValueSubject<String, Never>("a")
        let flag = CurrentValueSubject<Bool, Never>(false)
        var seen: [String] = []
        let cancellable = text.combineLatest(flag).sink { value, isOn in
            seen.append("\(value) \(isOn)")
            text.send(value + "!")   // written back on every value
        }
        #expect(seen == ["a false"])
        flag.send(true)
        #expect(seen == ["a false", "a! true"])
        #expect(text.value == "a!!")
        cancellable.cancel()
    }

    // MARK: Completion

    @Test func finishesOnceEveryUpstreamFinishedEvenOneThatNeverSentAValue() {
        let downstream = Downstream(requesting: .unlimited)
        let (a, b) = combined(downstream)
        a.send(completion: .finished)
        #expect(b.send(1) == .none)
        #expect(downstream.events == ["subscription(CombineLatest)"])
        b.send(completion: .finished)
        #expect(downstream.events == ["subscription(CombineLatest)", "finished"])
    }

    @Test func aFinishedUpstreamsLastValueKeepsBeingCombined() {
        let downstream = Downstream(requesting: .unlimited)
        let (a, b) = combined(downstream)
        a.send(100)
        a.send(200)
        a.send(300)
        b.send(1)
        a.send(completion: .finished)
        b.send(2)
        b.send(3)
        b.send(completion: .finished)
        #expect(downstream.events == ["subscription(CombineLatest)", "301", "302", "303", "finished"])
    }

    @Test func aFailureCancelsTheOtherUpstreamsButNotTheFailedOne() {
        let downstream = Downstream(requesting: .unlimited)
        let (a, b) = combined(downstream)
        a.send(completion: .failure(Oops()))
        #expect(b.send(1) == .none)
        b.send(completion: .finished)

        #expect(downstream.events == ["subscription(CombineLatest)", "failure(oops)"])
        #expect(a.events == [.requested(.unlimited)])
        #expect(b.events == [.requested(.unlimited), .cancelled])
    }

    @Test func aCompletionDuringSubscribingFollowsTheSubscription() {
        let downstream = Downstream(requesting: .unlimited)
        Fail<Int, Oops>(error: Oops()).combineLatest(Upstream(), +).subscribe(downstream)
        #expect(downstream.events == ["subscription(CombineLatest)", "failure(oops)"])

        let finished = RecordingDownstream<(Int, Int), Never>(requesting: .unlimited)
        Empty<Int, Never>().combineLatest(Empty<Int, Never>()).subscribe(finished)
        #expect(finished.events == ["subscription(CombineLatest)", "finished"])
    }

    @Test func synchronousUpstreamsCombineTheFirstsLastValue() {
        let downstream = RecordingDownstream<Int, Never>(requesting: .unlimited)
        [1, 2, 3].publisher.combineLatest([10, 20].publisher, +).subscribe(downstream)
        #expect(downstream.events == ["subscription(CombineLatest)", "13", "23", "finished"])
    }

    // MARK: Subscriptions, cancel, lifetime

    @Test func aSecondSubscriptionFromTheSameUpstreamIsCancelled() {
        let downstream = Downstream()
        let (a, _) = combined(downstream)
        a.resubscribe()
        #expect(a.events == [.cancelled])
    }

    @Test func cancellingCancelsEveryUpstreamAndNothingIsDeliveredAfter() {
        let downstream = Downstream(requesting: .unlimited)
        let (a, b) = combined(downstream)
        downstream.subscription?.cancel()
        a.send(1)
        b.send(1)
        a.send(completion: .finished)
        b.send(completion: .finished)
        #expect(a.events == [.requested(.unlimited), .cancelled])
        #expect(b.events == [.requested(.unlimited), .cancelled])
        #expect(downstream.events == ["subscription(CombineLatest)"])
    }

    @Test func theDownstreamStaysReferencedAfterAFailureAndAfterCancel() {
        let deinits = DeinitCounter()
        var upstreams: [Upstream] = []
        do {
            let failing = Downstream(requesting: .unlimited, tracking: deinits)
            let (a, b) = combined(failing)
            a.send(completion: .failure(Oops()))
            let cancelled = Downstream(requesting: .unlimited, tracking: deinits)
            let (c, d) = combined(cancelled)
            cancelled.subscription?.cancel()
            upstreams = [a, b, c, d]
        }
        #expect(deinits.value == 0)
        withExtendedLifetime(upstreams) {}
    }

    // MARK: Arities

    @Test(arguments: 2...4)
    func everyArityWaitsForEveryUpstreamAndDescribesItselfAsCombineLatest(arity: Int) {
        let u = (0..<arity).map { _ in ScriptedUpstream<Int, Never>() }
        let downstream = RecordingDownstream<Int, Never>(requesting: .unlimited)
        switch arity {
        case 2: u[0].combineLatest(u[1], +).subscribe(downstream)
        case 3: u[0].combineLatest(u[1], u[2]) { $0 + $1 + $2 }.subscribe(downstream)
        default: u[0].combineLatest(u[1], u[2], u[3]) { $0 + $1 + $2 + $3 }.subscribe(downstream)
        }
        for upstream in u.dropLast() { upstream.send(1) }
        #expect(downstream.events == ["subscription(CombineLatest)"])
        u[arity - 1].send(1)
        u[0].send(2)
        #expect(downstream.events == ["subscription(CombineLatest)", "\(arity)", "\(arity + 1)"])
        #expect(u.allSatisfy { $0.subscriberDescription == "CombineLatest" })
    }

    @Test(arguments: 2...4)
    func atEveryArityAValueSentFromInsideReceiveIsNotSentButIsCombinedNextTime(arity: Int) {
        let u = (0..<arity).map { _ in ScriptedUpstream<Int, Never>() }
        let downstream = RecordingDownstream<Int, Never>(
            onSubscribe: { $0.request(.unlimited) },
            onValue: { _ in
                u[0].send(10)   // written back from inside `receive`
                return .none
            }
        )
        switch arity {
        case 2: u[0].combineLatest(u[1], +).subscribe(downstream)
        case 3: u[0].combineLatest(u[1], u[2]) { $0 + $1 + $2 }.subscribe(downstream)
        default: u[0].combineLatest(u[1], u[2], u[3]) { $0 + $1 + $2 + $3 }.subscribe(downstream)
        }
        for upstream in u { upstream.send(1) }
        u[1].send(2)
        #expect(downstream.events == ["subscription(CombineLatest)", "\(arity)", "\(10 + 2 + (arity - 2))"])
    }

    @Test func combineLatestsAndZipsOfEqualUpstreamsAreEqual() {
        #expect(Publishers.CombineLatest(Just(1), Just(2)) == Publishers.CombineLatest(Just(1), Just(2)))
        #expect(Publishers.CombineLatest4(Just(1), Just(2), Just(3), Just(4))
            != Publishers.CombineLatest4(Just(1), Just(2), Just(3), Just(0)))
        #expect(Publishers.Zip(Just(1), Just(2)) == Publishers.Zip(Just(1), Just(2)))
        #expect(Publishers.Zip3(Just(1), Just(2), Just(3)) != Publishers.Zip3(Just(1), Just(2), Just(0)))
        #expect(Publishers.Zip4(Just(1), Just(2), Just(3), Just(4)) == Publishers.Zip4(Just(1), Just(2), Just(3), Just(4)))
    }

    /// The one deliberate difference from Combine, which traps here.
    @Test func askingForNothingDoesNothing() {
        let downstream = Downstream()
        let (a, b) = combined(downstream)
        downstream.subscription?.request(.none)
        #expect(a.events == [])
        #expect(b.events == [])
    }
}
