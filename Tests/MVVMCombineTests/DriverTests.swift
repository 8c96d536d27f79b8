import Foundation
import MVVMCombine
import MVVMCombineTesting
import Testing

@MainActor
struct DriverTests {
    @Test func replaysTheLatestValueToEachNewSubscriber() {
        let subject = PassthroughSubject<String, Never>()
        let driver = subject.asDriver()
        let first = driver.record()

        subject.send("a")
        subject.send("b")
        let second = driver.record()
        subject.send("c")

        #expect(first.values == ["a", "b", "c"])
        #expect(second.values == ["b", "c"])
    }

    @Test func sharesOneUpstreamSubscriptionAmongAllSubscribers() {
        let probe = UpstreamProbe()
        let driver = probe.watch(PassthroughSubject<Int, Never>()).asDriver()
        let recorders = (0..<3).map { _ in driver.record() }

        #expect(probe.requests == [.unlimited])
        #expect(recorders.count == 3)
    }

    @Test func neverFailsAFailureBecomesTheFallbackValue() {
        let subject = PassthroughSubject<Int, Boom>()
        let recorder = subject.asDriver(onErrorJustReturn: -1).record()

        subject.send(1)
        subject.send(completion: .failure(Boom()))

        #expect(recorder.values == [1, -1])
        #expect(recorder.isFinished)
    }

    @Test func aSubscriberWithoutDemandGetsOnlyTheLatestValueWhenItAsks() {
        let subject = PassthroughSubject<Int, Never>()
        let driver = subject.asDriver()
        let keepAlive = driver.record()
        let subscriber = ManualSubscriber<Int, Never>(initialDemand: .none)
        driver.subscribe(subscriber)

        subject.send(1)
        subject.send(2)
        subject.send(3)
        subscriber.request(.max(5))
        subject.send(4)

        #expect(subscriber.values == [3, 4])
        #expect(keepAlive.values == [1, 2, 3, 4])
    }

    @Test func cancellingOneSubscriberLeavesTheOthersDriven() {
        let subject = PassthroughSubject<Int, Never>()
        let driver = subject.asDriver()
        let kept = driver.record()
        let cancelled = driver.record()

        subject.send(1)
        cancelled.cancel()
        subject.send(2)

        #expect(kept.values == [1, 2])
        #expect(cancelled.values == [1])
    }

    @Test func theUpstreamIsCancelledWhenTheDriverAndItsSubscribersAreGone() {
        let probe = UpstreamProbe()
        var driver: Driver<Int>? = probe.watch(PassthroughSubject<Int, Never>()).asDriver()
        var recorder = driver?.record()
        #expect(!probe.wasCancelled)

        recorder?.cancel()
        recorder = nil
        driver = nil

        #expect(probe.wasCancelled)
    }

    @Test func combineLatestOfDriversIsADriver() {
        let id = CurrentValueSubject<String, Never>("")
        let password = CurrentValueSubject<String, Never>("")
        let bothFilled = Driver.combineLatest(id.asDriver(), password.asDriver()) { !$0.isEmpty && !$1.isEmpty }
        let recorder = bothFilled.record()

        id.send("ann")
        password.send("secret")

        #expect(recorder.values == [false, false, true])
    }

    @Test func justIsAConstantDriver() {
        #expect(Driver.just(5).record().values == [5])
    }
}
