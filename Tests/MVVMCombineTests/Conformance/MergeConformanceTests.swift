import MVVMCombine
import Testing

/// Combine's `Merge` rules, from its documentation and its observed behaviour, checked with
/// upstreams and a downstream that record every request, value, completion and cancel. Each
/// history below is what Combine produces for the same script.
@Suite(.timeLimit(.minutes(2)))
struct MergeConformanceTests {
    typealias Upstream = ScriptedUpstream<Int, Oops>
    typealias Downstream = RecordingDownstream<Int, Oops>

    /// Two scripted upstreams merged into `downstream`.
    func merged(_ downstream: Downstream) -> (Upstream, Upstream) {
        let (a, b) = (Upstream(), Upstream())
        a.merge(with: b).subscribe(downstream)
        return (a, b)
    }

    // MARK: Demand

    @Test func eachUpstreamIsAskedForOneValueAsSoonAsItSubscribesWhateverTheDemand() {
        let downstream = Downstream()
        let (a, b) = merged(downstream)
        #expect(a.events == [.requested(.max(1))])
        #expect(b.events == [.requested(.max(1))])
        #expect(downstream.events == ["subscription(Merge)"])
    }

    @Test func unlimitedDemandIsPassedToEveryUpstreamAndValuesReturnTheDownstreamsDemand() {
        let downstream = Downstream()
        let (a, b) = merged(downstream)
        downstream.subscription?.request(.unlimited)

        #expect(a.events == [.requested(.max(1)), .requested(.unlimited)])
        #expect(b.events == [.requested(.max(1)), .requested(.unlimited)])
        #expect(a.send(1) == .none)
        #expect(b.send(2) == .none)
        #expect(downstream.events == ["subscription(Merge)", "1", "2"])
    }

    @Test func unlimitedDemandAskedOnSubscriptionReachesUpstreamsDirectly() {
        let downstream = Downstream(requesting: .unlimited)
        let (a, b) = merged(downstream)
        #expect(a.events == [.requested(.unlimited)])
        #expect(b.events == [.requested(.unlimited)])
    }

    @Test(arguments: [1, 10])
    func aDeliveredValueAsksItsUpstreamForOneMoreAndABufferedOneAsksNothing(demand: Int) {
        let downstream = Downstream()
        let (a, b) = merged(downstream)
        downstream.subscription?.request(.max(demand))

        #expect(a.send(1) == .max(1))
        #expect(b.send(2) == (demand == 1 ? .none : .max(1)))
        #expect(downstream.events == (demand == 1 ? ["subscription(Merge)", "1"] : ["subscription(Merge)", "1", "2"]))
        #expect(a.events == [.requested(.max(1))])
        #expect(b.events == [.requested(.max(1))])
    }

    @Test(arguments: [1, 10])
    func aRequestFromInsideReceiveIsAddedToTheDemandNotSentUpstream(demand: Int) {
        var subscription: (any Subscription)?
        let downstream = Downstream(
            onSubscribe: { subscription = $0; $0.request(.max(demand)) },
            onValue: { _ in
                subscription?.request(.max(666))
                return .none
            }
        )
        let (a, b) = merged(downstream)

        #expect(a.send(1) == .max(1))
        #expect(b.send(2) == .max(1))
        #expect(a.send(3) == .max(1))   // the 666 were added: demand never ran out
        #expect(a.events == [.requested(.max(1))])
        #expect(b.events == [.requested(.max(1))])
        #expect(downstream.events == ["subscription(Merge)", "1", "2", "3"])
    }

    @Test func withoutDemandNothingIsDeliveredAndNothingIsAsked() {
        let downstream = Downstream(onValue: { _ in .max(1) })
        let (a, b) = merged(downstream)
        #expect(a.send(1) == .none)
        #expect(b.send(2) == .none)
        #expect(a.send(3) == .none)
        #expect(downstream.events == ["subscription(Merge)"])
    }

    // MARK: Buffering

    @Test func valuesBeyondDemandWaitOnePerUpstreamTheLatestWinsAndDrainInUpstreamOrder() {
        let downstream = Downstream(requesting: .max(1))
        let (a, b) = merged(downstream)

        #expect(a.send(100) == .max(1))
        #expect(b.send(1) == .none)
        #expect(a.send(200) == .none)
        #expect(a.send(300) == .none)
        #expect(b.send(2) == .none)
        #expect(b.send(3) == .none)
        downstream.subscription?.request(.max(1))
        #expect(downstream.events == ["subscription(Merge)", "100", "300"])

        downstream.subscription?.request(.max(1))
        #expect(downstream.events == ["subscription(Merge)", "100", "300", "3"])
        #expect(a.events == [.requested(.max(1)), .requested(.max(1))])
        #expect(b.events == [.requested(.max(1)), .requested(.max(1))])
    }

    @Test func theCompletionWaitsBehindBufferedValues() {
        let downstream = Downstream()
        let (a, b) = merged(downstream)
        a.send(7)
        a.send(completion: .finished)
        b.send(completion: .finished)
        #expect(downstream.events == ["subscription(Merge)"])

        downstream.subscription?.request(.max(1))
        #expect(downstream.events == ["subscription(Merge)", "7", "finished"])
    }

    // MARK: Re-entrancy

    @Test func aValueSentFromInsideReceiveIsDeliveredWithinThatCall() {
        var a: Upstream?
        let downstream = Downstream(
            onSubscribe: { $0.request(.unlimited) },
            onValue: { value in
                if value == 1 { a?.send(2) }
                return .none
            }
        )
        let upstreams = merged(downstream)
        a = upstreams.0
        upstreams.0.send(1)
        upstreams.1.send(3)
        #expect(downstream.events == ["subscription(Merge)", "1", "2", "3"])
    }

    @Test func anUpstreamFinishingTwiceCountsTwiceAndALaterValueStillGoesOut() {
        var a: Upstream?
        let downstream = Downstream(
            onSubscribe: { $0.request(.unlimited) },
            onValue: { _ in
                a?.send(completion: .finished)
                return .none
            }
        )
        let upstreams = merged(downstream)
        a = upstreams.0
        #expect(upstreams.0.send(1) == .none)
        #expect(upstreams.0.send(1) == .none)
        #expect(upstreams.1.send(1) == .none)
        #expect(downstream.events == ["subscription(Merge)", "1", "1", "finished", "1"])
    }

    // MARK: Completion

    @Test func finishesWhenEveryUpstreamHasFinishedAndOnlyOnce() {
        let downstream = Downstream(requesting: .unlimited)
        let (a, b) = merged(downstream)
        a.send(completion: .finished)
        #expect(downstream.events == ["subscription(Merge)"])
        b.send(completion: .finished)
        a.send(completion: .finished)
        #expect(downstream.events == ["subscription(Merge)", "finished"])
    }

    @Test func aFailureCancelsEveryUpstreamTheFailedOneIncluded() {
        let downstream = Downstream(requesting: .unlimited)
        let (a, b) = merged(downstream)
        a.send(completion: .failure(Oops()))
        b.send(completion: .failure(Oops()))
        b.send(completion: .finished)

        #expect(downstream.events == ["subscription(Merge)", "failure(oops)"])
        #expect(a.events == [.requested(.unlimited), .cancelled])
        #expect(b.events == [.requested(.unlimited), .cancelled])
    }

    @Test func aFailureAfterTheFinishIsIgnored() {
        let downstream = Downstream(requesting: .unlimited)
        let (a, b) = merged(downstream)
        a.send(completion: .finished)
        b.send(completion: .finished)
        a.send(completion: .failure(Oops()))
        #expect(downstream.events == ["subscription(Merge)", "finished"])
    }

    @Test func aFailingUpstreamFailsTheMergeAfterTheDownstreamIsSubscribed() {
        let downstream = Downstream(requesting: .unlimited)
        Fail<Int, Oops>(error: Oops()).merge(with: PassthroughSubject<Int, Oops>()).subscribe(downstream)
        #expect(downstream.events == ["subscription(Merge)", "failure(oops)"])
    }

    @Test func mergeManyOfNothingFinishesAtTheFirstRequest() {
        let downstream = RecordingDownstream<Int, Never>()
        Publishers.MergeMany<Empty<Int, Never>>([]).subscribe(downstream)
        #expect(downstream.events == ["subscription(Merge)"])
        downstream.subscription?.request(.max(1))
        #expect(downstream.events == ["subscription(Merge)", "finished"])
    }

    // MARK: Subscriptions, cancel, lifetime

    @Test func aSecondSubscriptionFromTheSameUpstreamIsCancelled() {
        let downstream = Downstream()
        let (a, _) = merged(downstream)
        a.resubscribe()
        #expect(a.events == [.requested(.max(1)), .cancelled])
    }

    @Test func cancellingCancelsEveryUpstreamAndNothingIsDeliveredAfter() {
        let downstream = Downstream(requesting: .unlimited)
        let (a, b) = merged(downstream)
        downstream.subscription?.cancel()
        a.send(1)
        b.send(completion: .finished)
        a.send(completion: .finished)

        #expect(a.events == [.requested(.unlimited), .cancelled])
        #expect(b.events == [.requested(.unlimited), .cancelled])
        #expect(downstream.events == ["subscription(Merge)"])
    }

    @Test func theDownstreamStaysReferencedAfterAFailureAndAfterCancel() {
        let deinits = DeinitCounter()
        var upstreams: [Upstream] = []
        do {
            let failing = Downstream(requesting: .unlimited, tracking: deinits)
            let (a, b) = merged(failing)
            a.send(completion: .failure(Oops()))
            let cancelled = Downstream(requesting: .unlimited, tracking: deinits)
            let (c, d) = merged(cancelled)
            cancelled.subscription?.cancel()
            upstreams = [a, b, c, d]
        }
        #expect(deinits.value == 0)   // each holds its subscription, which holds it
        withExtendedLifetime(upstreams) {}
    }

    // MARK: Arities

    @Test(arguments: 2...10)
    func everyArityDeliversEveryUpstreamsValueAndDescribesItselfAsMerge(arity: Int) {
        let upstreams = (0..<arity).map { _ in Upstream() }
        let downstream = Downstream(requesting: .unlimited)
        let u = upstreams
        switch arity {
        case 2: Publishers.Merge(u[0], u[1]).subscribe(downstream)
        case 3: Publishers.Merge3(u[0], u[1], u[2]).subscribe(downstream)
        case 4: Publishers.Merge4(u[0], u[1], u[2], u[3]).subscribe(downstream)
        case 5: u[0].merge(with: u[1], u[2], u[3], u[4]).subscribe(downstream)
        case 6: Publishers.Merge(u[0], u[1]).merge(with: u[2], u[3], u[4], u[5]).subscribe(downstream)
        case 7: Publishers.Merge3(u[0], u[1], u[2]).merge(with: u[3], u[4], u[5], u[6]).subscribe(downstream)
        case 8: u[0].merge(with: u[1], u[2], u[3], u[4], u[5], u[6], u[7]).subscribe(downstream)
        default: Publishers.MergeMany(u).subscribe(downstream)
        }
        for (index, upstream) in upstreams.enumerated() { #expect(upstream.send(index) == .none) }

        #expect(downstream.events == ["subscription(Merge)"] + (0..<arity).map(String.init))
        #expect(upstreams.allSatisfy { $0.subscriberDescription == "Merge" })
    }

    @Test(arguments: [2, 3, 4, 5])
    func atEveryArityAValueSentFromInsideReceiveIsDeliveredWithinThatCall(arity: Int) {
        let u = (0..<arity).map { _ in Upstream() }
        let downstream = Downstream(
            onSubscribe: { $0.request(.unlimited) },
            onValue: { value in
                if value == 0 { u[arity - 1].send(100) }
                return .none
            }
        )
        switch arity {
        case 2: Publishers.Merge(u[0], u[1]).subscribe(downstream)
        case 3: Publishers.Merge3(u[0], u[1], u[2]).subscribe(downstream)
        case 4: Publishers.Merge4(u[0], u[1], u[2], u[3]).subscribe(downstream)
        default: Publishers.MergeMany(u).subscribe(downstream)
        }
        u[0].send(0)
        u[1].send(1)
        #expect(downstream.events == ["subscription(Merge)", "0", "100", "1"])
    }

    @Test func mergeWithKeepsTheExistingUpstreamsFirst() {
        let u = (0..<8).map { _ in Upstream() }
        let eight: Publishers.Merge8 = Publishers.Merge4(u[0], u[1], u[2], u[3]).merge(with: u[4], u[5], u[6], u[7])
        #expect(eight.a === u[0] && eight.e === u[4] && eight.h === u[7])
        let many = Publishers.MergeMany(u[0], u[1]).merge(with: u[2])
        #expect(many.publishers.map(ObjectIdentifier.init) == [u[0], u[1], u[2]].map(ObjectIdentifier.init))
    }

    @Test func mergesOfEqualUpstreamsAreEqual() {
        #expect(Publishers.Merge(Just(1), Just(2)) == Publishers.Merge(Just(1), Just(2)))
        #expect(Publishers.Merge8(Just(1), Just(2), Just(3), Just(4), Just(5), Just(6), Just(7), Just(8))
            != Publishers.Merge8(Just(1), Just(2), Just(3), Just(4), Just(5), Just(6), Just(7), Just(0)))
        #expect(Publishers.MergeMany(Just(1), Just(2)) == Publishers.MergeMany([Just(1), Just(2)]))
    }

    /// The one deliberate difference from Combine, which traps here.
    @Test func askingForNothingDoesNothing() {
        let downstream = Downstream()
        let (a, _) = merged(downstream)
        downstream.subscription?.request(.none)
        #expect(a.send(1) == .none)
        #expect(downstream.events == ["subscription(Merge)"])
    }
}
