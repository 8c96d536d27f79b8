import MVVMTestSupport
import MVVMCore
import Testing

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct ObserveTests {
    @Observable
    final class Model {
        var title = "a"
        var subtitle = "x"
    }

    /// `observe { render(viewModel.state) }` captures the ViewModel strongly, as README's binding
    /// line does. Releasing (or cancelling) the token must let the store go at once, without
    /// waiting for a change that may never come.
    @Test(arguments: [false, true])
    func releasingTheTokenLetsAStronglyCapturedStoreGo(cancelFirst: Bool) {
        var store: StateStore<Int>? = StateStore(0)
        weak let released = store
        var token: ObservationToken? = observe { [store] in _ = store?.state }
        store = nil
        #expect(released != nil)   // the token keeps its handler, and so the store
        if cancelFirst { token?.cancel() }
        token = nil
        #expect(released == nil)
    }

    @Test func runsAtOnceThenAfterEachChangeToWhatItRead() async {
        let model = Model()
        var titles: [String] = []
        let token = observe { titles.append(model.title) }
        #expect(titles == ["a"])

        model.title = "b"
        #expect(await waitFor { titles.count == 2 })
        #expect(titles == ["a", "b"])
        token.cancel()
    }

    @Test func coalescesChangesMadeBeforeItRunsAgain() async {
        let model = Model()
        var titles: [String] = []
        let token = observe { titles.append(model.title) }

        model.title = "b"
        model.title = "c"
        model.title = "d"
        #expect(await waitFor { titles.count >= 2 })
        await Task.yield()
        await Task.yield()

        #expect(titles == ["a", "d"])
        token.cancel()
    }

    @Test func ignoresChangesToPropertiesItDidNotRead() async {
        let model = Model()
        var runs = 0
        let token = observe { runs += 1; _ = model.title }

        model.subtitle = "y"
        for _ in 0..<50 { await Task.yield() }
        #expect(runs == 1)

        model.title = "b"
        #expect(await waitFor { runs == 2 })
        token.cancel()
    }

    @Test func stopsWhenTheTokenIsReleased() async {
        let model = Model()
        var titles: [String] = []
        do {
            let token = observe { titles.append(model.title) }
            _ = token
        }
        model.title = "b"
        for _ in 0..<50 { await Task.yield() }
        #expect(titles == ["a"])
    }

    @Test func stopsWhenTheTokenIsCancelledWhileAChangeIsOnItsWay() async {
        let model = Model()
        var titles: [String] = []
        let token = observe { titles.append(model.title) }
        model.title = "b"
        token.cancel()
        for _ in 0..<50 { await Task.yield() }
        #expect(titles == ["a"])
    }

    /// Observation announces a change before storing it; the run that follows a change made on
    /// the main actor comes after the store, so it reads every new value, once, and no other
    /// run follows (there is no timer to wait for).
    @Test func aMainActorChangeIsReadByExactlyOneRunThatSeesTheStoredValues() async {
        let model = Model()
        var runs: [String] = []
        let token = observe { runs.append(model.title + model.subtitle) }

        model.title = "b"
        model.subtitle = "y"   // the same main-actor job: one run reads both
        #expect(await waitFor { runs.count == 2 })
        for _ in 0..<50 { await Task.yield() }

        #expect(runs == ["ax", "by"])
        token.cancel()
    }

    /// A change announced on another thread still runs `apply` on the main actor (what it then
    /// reads depends on that thread having stored the value: see `observe`'s documentation).
    @Test func runsOnTheMainActorAfterAChangeAnnouncedOnAnotherThread() async {
        let model = Model()
        let runs = LockedValue(0)
        let token = observe {
            MainActor.assertIsolated()
            _ = model.title
            runs.withValue { $0 += 1 }
        }
        let box = UncheckedBox(model)
        await Task.detached { box.value.title = "from elsewhere" }.value
        #expect(await waitFor { runs.value == 2 })
        for _ in 0..<50 { await Task.yield() }
        #expect(runs.value == 2)
        token.cancel()
    }
}

/// Carries a main-actor test model to another thread to prove cross-thread delivery.
///
/// `@unchecked Sendable` is safe here: the one cross-thread write is ordered before the
/// main actor reads by awaiting the detached task.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
