import Foundation
import MVVMCombine
import MVVMCombineTesting
import Testing

/// `CombineLatest` against the behaviour Apple documents (our implementation on Linux, Combine's
/// on Apple platforms: the same expectations hold for both).
struct CombineLatestTests {
    @Test func publishesOnlyOnceEveryUpstreamHasPublishedThenOnEachChange() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        let recorder = Publishers.CombineLatest(a, b).map { "\($0)\($1)" }.record()

        a.send(1)
        a.send(2)
        b.send("x")
        a.send(3)
        b.send("y")

        #expect(recorder.values == ["2x", "3x", "3y"])
        #expect(recorder.completion == nil)
    }

    @Test func finishesOnlyWhenEveryUpstreamHasFinished() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = a.combineLatest(b) { $0 + $1 }.record()

        a.send(1)
        b.send(10)
        a.send(completion: .finished)
        #expect(!recorder.isFinished)
        b.send(20)   // the finished upstream's latest value still combines
        b.send(completion: .finished)

        #expect(recorder.values == [11, 21])
        #expect(recorder.isFinished)
    }

    @Test func failsOnTheFirstFailureAndCancelsTheOtherUpstreams() {
        let a = PassthroughSubject<Int, Boom>()
        let b = PassthroughSubject<Int, Boom>()
        let probeB = UpstreamProbe()
        let recorder = Publishers.CombineLatest(a, probeB.watch(b)).map { $0 + $1 }.record()

        a.send(1)
        b.send(1)
        a.send(completion: .failure(Boom()))
        b.send(5)

        #expect(recorder.values == [2])
        #expect(recorder.failure == Boom())
        #expect(probeB.wasCancelled)
    }

    @Test func passesEachRequestToEveryUpstreamAndWithoutDemandOnlyUpdatesTheLatest() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let probeA = UpstreamProbe()
        let probeB = UpstreamProbe()
        let subscriber = ManualSubscriber<(Int, Int), Never>(initialDemand: .max(3))
        Publishers.CombineLatest(probeA.watch(a), probeB.watch(b)).subscribe(subscriber)

        a.send(1)
        b.send(10)   // (1, 10)
        a.send(2)    // (2, 10)
        a.send(3)    // (3, 10): the demand of 3 is used up
        b.send(20)   // no demand: only the latest is updated…
        b.send(30)
        subscriber.request(.max(1))   // …and a request sends nothing by itself (as in Combine)
        #expect(subscriber.values.map { [$0.0, $0.1] } == [[1, 10], [2, 10], [3, 10]])
        a.send(4)    // the next value sends the latest of each

        #expect(subscriber.values.map { [$0.0, $0.1] } == [[1, 10], [2, 10], [3, 10], [4, 30]])
        #expect(probeA.requests == [.max(3), .max(1)])
        #expect(probeB.requests == [.max(3), .max(1)])
    }

    @Test func cancellingStopsDeliveryAndCancelsEveryUpstream() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let probeA = UpstreamProbe()
        let probeB = UpstreamProbe()
        let subscriber = ManualSubscriber<(Int, Int), Never>(initialDemand: .unlimited)
        Publishers.CombineLatest(probeA.watch(a), probeB.watch(b)).subscribe(subscriber)

        a.send(1)
        b.send(1)
        subscriber.cancel()
        a.send(2)

        #expect(subscriber.values.count == 1)
        #expect(subscriber.completion == nil)
        #expect(probeA.wasCancelled && probeB.wasCancelled)
    }

    @Test func anUpstreamThatFailsAtOnceFailsAfterTheSubscription() {
        let subscriber = ManualSubscriber<(Int, Int), Boom>(initialDemand: .unlimited)
        Publishers.CombineLatest(Fail<Int, Boom>(error: Boom()), PassthroughSubject<Int, Boom>()).subscribe(subscriber)

        #expect(subscriber.gotSubscriptionFirst)
        #expect(subscriber.completion?.isSame(as: .failure(Boom())) == true)
    }

    @Test func synchronousUpstreamsCombineAndFinish() {
        let recorder = Just(1).combineLatest(Just("a")).map { "\($0)\($1)" }.record()
        #expect(recorder.values == ["1a"])
        #expect(recorder.isFinished)
    }

    @Test func threeAndFourUpstreamsAndTheirTransforms() {
        let a = CurrentValueSubject<Int, Never>(1)
        let b = CurrentValueSubject<Int, Never>(2)
        let c = CurrentValueSubject<Int, Never>(3)
        let d = CurrentValueSubject<Int, Never>(4)
        let three = Publishers.CombineLatest3(a, b, c).map { $0 * 100 + $1 * 10 + $2 }.record()
        let threeByMethod = a.combineLatest(b, c) { $0 + $1 + $2 }.record()
        let four = Publishers.CombineLatest4(a, b, c, d).map { [$0, $1, $2, $3] }.record()
        let fourByMethod = a.combineLatest(b, c, d) { $0 * $1 * $2 * $3 }.record()

        c.send(5)

        #expect(three.values == [123, 125])
        #expect(threeByMethod.values == [6, 8])
        #expect(four.values == [[1, 2, 3, 4], [1, 2, 5, 4]])
        #expect(fourByMethod.values == [24, 40])
    }

    @Test func optionalOutputsKeepTheirNils() {
        let a = CurrentValueSubject<Int?, Never>(nil)
        let b = CurrentValueSubject<String?, Never>("x")
        let recorder = a.combineLatest(b) { "\($0 ?? -1) \($1 ?? "nil")" }.record()
        b.send(nil)
        #expect(recorder.values == ["-1 x", "-1 nil"])
    }

    @Test func concurrentUpstreamsAreDeliveredOneAtATimeAndNothingIsLostWithUnlimitedDemand() {
        let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
        let overlapping = LockedFlag()
        let inside = LockedFlag()
        let recorder = Publishers.CombineLatest4(subjects[0], subjects[1], subjects[2], subjects[3])
            .handleEvents(receiveOutput: { _ in
                if inside.testAndSet() { overlapping.set() }
                Thread.sleep(forTimeInterval: 0)   // widen the window a concurrent call would hit
                inside.clear()
            })
            .record()
        for subject in subjects { subject.send(0) }

        let shared = SubjectsAcrossThreads(subjects: subjects)
        concurrently(4) { index in
            for value in 1...500 { shared.subjects[index].send(value) }
        }

        #expect(recorder.values.count == 1 + 4 * 500)
        #expect(recorder.values.last.map { [$0.0, $0.1, $0.2, $0.3] } == [500, 500, 500, 500])
        #expect(!overlapping.isSet)
    }
}

/// A flag shared across threads.
final class LockedFlag: @unchecked Sendable {
    // `@unchecked Sendable`: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
    func clear() { lock.withLock { value = false } }

    /// Sets the flag; returns whether it was already set.
    func testAndSet() -> Bool {
        lock.withLock {
            defer { value = true }
            return value
        }
    }
}
