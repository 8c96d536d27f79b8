import Foundation
import MVVMCombine
import MVVMCombineTesting
import Testing

/// `Merge` and `MergeMany` against the behaviour Apple documents.
struct MergeTests {
    @Test func publishesEveryElementInTheOrderItArrives() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = Publishers.Merge(a, b).record()

        a.send(1)
        b.send(2)
        a.send(3)

        #expect(recorder.values == [1, 2, 3])
    }

    @Test func finishesOnlyWhenEveryUpstreamHasFinished() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = a.merge(with: b).record()

        a.send(completion: .finished)
        b.send(1)
        #expect(!recorder.isFinished)
        b.send(completion: .finished)

        #expect(recorder.values == [1])
        #expect(recorder.isFinished)
    }

    @Test func failsOnTheFirstFailureAndCancelsTheOtherUpstreams() {
        let a = PassthroughSubject<Int, Boom>()
        let b = PassthroughSubject<Int, Boom>()
        let c = PassthroughSubject<Int, Boom>()
        let probeB = UpstreamProbe()
        let probeC = UpstreamProbe()
        let recorder = Publishers.Merge3(a, probeB.watch(b), probeC.watch(c)).record()

        b.send(1)
        a.send(completion: .failure(Boom()))
        c.send(2)

        #expect(recorder.values == [1])
        #expect(recorder.failure == Boom())
        #expect(probeB.wasCancelled && probeC.wasCancelled)
    }

    @Test func withFiniteDemandAsksEachUpstreamForOneAtATimeAndLosesNothing() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let probeA = UpstreamProbe()
        let probeB = UpstreamProbe()
        let subscriber = ManualSubscriber<Int, Never>(initialDemand: .max(2))
        Publishers.Merge(probeA.watch(a), probeB.watch(b)).subscribe(subscriber)

        a.send(1)    // delivered; `a` is asked for one more (what `receive` returns)
        b.send(2)    // delivered; demand used up; `b` is asked for one more
        a.send(3)    // no demand: waits in `a`'s slot, not dropped
        #expect(subscriber.values == [1, 2])
        subscriber.request(.max(1))   // drains `a`'s slot and asks `a` for one more

        #expect(subscriber.values == [1, 2, 3])
        #expect(probeA.requests == [.max(1), .max(1), .max(1)])
        #expect(probeB.requests == [.max(1), .max(1)])
    }

    @Test func withUnlimitedDemandAsksEachUpstreamForEverythingOnce() {
        let probeA = UpstreamProbe()
        let probeB = UpstreamProbe()
        let recorder = Publishers.Merge(
            probeA.watch(PassthroughSubject<Int, Never>()),
            probeB.watch(PassthroughSubject<Int, Never>())
        ).record()

        #expect(probeA.requests == [.unlimited])
        #expect(probeB.requests == [.unlimited])
        recorder.cancel()
        #expect(probeA.wasCancelled && probeB.wasCancelled)
    }

    @Test func synchronousUpstreamsAreConcatenatedInSubscriptionOrder() {
        let recorder = Publishers.Merge([1, 2].publisher, [3].publisher).record()
        #expect(recorder.values == [1, 2, 3])
        #expect(recorder.isFinished)
    }

    @Test func mergeManyTakesAnyNumberAndNoneFinishesAtOnce() {
        let subjects = (0..<6).map { _ in PassthroughSubject<Int, Never>() }
        let many = Publishers.MergeMany(subjects).record()
        let none = Publishers.MergeMany<PassthroughSubject<Int, Never>>([]).record()
        let pair: Publishers.MergeMany<PassthroughSubject<Int, Never>> = subjects[0].merge(with: subjects[1])
        let pairRecorder = pair.record()

        for (index, subject) in subjects.enumerated().reversed() { subject.send(index) }

        #expect(many.values == [5, 4, 3, 2, 1, 0])
        #expect(pairRecorder.values == [1, 0])
        #expect(none.values == [])
        #expect(none.isFinished)
    }

    @Test func mergeWithMoreChainsUpToFour() {
        let a = PassthroughSubject<String, Never>()
        let b = PassthroughSubject<String, Never>()
        let c = PassthroughSubject<String, Never>()
        let d = PassthroughSubject<String, Never>()
        let merged = Publishers.Merge(a, b).merge(with: c).merge(with: d).record()
        let byMethod = a.merge(with: b, c, d).record()

        d.send("d")
        a.send("a")

        #expect(merged.values == ["d", "a"])
        #expect(byMethod.values == ["d", "a"])
    }

    @Test func concurrentUpstreamsAreDeliveredOneAtATimeAndNothingIsLost() {
        let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
        let overlapping = LockedFlag()
        let inside = LockedFlag()
        let recorder = Publishers.MergeMany(subjects)
            .handleEvents(receiveOutput: { _ in
                if inside.testAndSet() { overlapping.set() }
                Thread.sleep(forTimeInterval: 0)
                inside.clear()
            })
            .record()

        let shared = SubjectsAcrossThreads(subjects: subjects)
        concurrently(4) { index in
            for value in 0..<500 { shared.subjects[index].send(index * 1000 + value) }
        }

        let values = recorder.values
        #expect(values.count == 2000)
        #expect(Set(values).count == 2000)
        for index in 0..<4 {   // each upstream's own order is kept
            let own = values.filter { $0 / 1000 == index }
            #expect(own == own.sorted())
        }
        #expect(!overlapping.isSet)
    }
}
