import MVVMCore
import Testing

@MainActor
struct ObserveTests {
    @Observable
    final class Model {
        var title = "a"
        var subtitle = "x"
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

    @Test func deliversOnTheMainActorWhenMutatedFromAnotherThread() async {
        let model = Model()
        let seen = LockedValue<[String]>([])
        let token = observe {
            MainActor.assertIsolated()
            let title = model.title
            seen.withValue { $0.append(title) }
        }
        let box = UncheckedBox(model)
        await Task.detached { box.value.title = "from elsewhere" }.value
        #expect(await waitFor { seen.value.last == "from elsewhere" })
        #expect(seen.value.first == "a")
        #expect(seen.value.last == "from elsewhere")   // the stored value is always the last one seen
        #expect(seen.value.count <= 3)                 // at most the follow-up run besides
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
