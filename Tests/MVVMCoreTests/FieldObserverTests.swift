import MVVMCore
import Testing

@MainActor
struct FieldObserverTests {
    struct Form: Equatable, Sendable {
        var email = ""
        var password = ""
        var isSubmitEnabled = false
        var nested = Nested()
        var summary: String { "\(email) \(isSubmitEnabled)" }
    }

    struct Nested: Equatable, Sendable {
        var tags: [String] = []
    }

    @Test func aFieldObserverGetsTheCurrentValueThenOnlyChangesToItsField() {
        let store = StateStore(Form())
        var enabled: [Bool] = []
        let token = store.subscribe(\.isSubmitEnabled) { enabled.append($0) }

        store.update { $0.email = "a@example.com" }           // another field
        store.update { $0.isSubmitEnabled = true }
        store.update { $0.password = "secret1"; $0.isSubmitEnabled = true }   // field unchanged
        store.update { $0.isSubmitEnabled = false }

        #expect(enabled == [false, true, false])
        token.cancel()
    }

    @Test func observersOfOneFieldShareItAndStopOneByOne() {
        let store = StateStore(Form())
        var first: [String] = []
        var second: [String] = []
        let firstToken = store.subscribe(\.email, sendCurrent: false) { first.append($0) }
        var secondToken: ObservationToken? = store.subscribe(\.email, sendCurrent: false) { second.append($0) }
        #expect(store.observerCount == 2)

        store.update { $0.email = "a" }
        secondToken = nil                                       // released: stops
        store.update { $0.email = "ab" }
        firstToken.cancel()
        store.update { $0.email = "abc" }

        #expect(first == ["a", "ab"])
        #expect(second == ["a"])
        #expect(secondToken == nil)
        #expect(store.observerCount == 0)
    }

    @Test func observersOfTheStateAndOfFieldsAreCalledInTheOrderTheySubscribed() {
        let store = StateStore(Form())
        var calls: [String] = []
        var tokens: [ObservationToken] = []
        store.subscribe(\.password, sendCurrent: false) { _ in calls.append("password") }.store(in: &tokens)
        store.subscribe(\.email, sendCurrent: false) { _ in calls.append("email") }.store(in: &tokens)
        store.subscribe(sendCurrent: false) { _ in calls.append("state") }.store(in: &tokens)

        store.update {
            $0.email = "a"
            $0.password = "b"
        }

        #expect(calls == ["password", "email", "state"])
    }

    @Test func anUpdateFromAFieldObserverIsDeliveredAfterTheCurrentOneToEveryone() {
        let store = StateStore(Form())
        var log: [String] = []
        var tokens: [ObservationToken] = []
        store.subscribe(\.email, sendCurrent: false) { email in
            log.append("email \(email)")
            if email == "a" { store.update { $0.isSubmitEnabled = true } }
        }.store(in: &tokens)
        store.subscribe(\.isSubmitEnabled, sendCurrent: false) { log.append("enabled \($0)") }.store(in: &tokens)

        store.update { $0.email = "a" }

        #expect(log == ["email a", "enabled true"])
        #expect(store.state.isSubmitEnabled)
    }

    @Test func aFieldObserverAddedLaterStartsFromTheCurrentValue() {
        let store = StateStore(Form())
        store.update { $0.email = "a" }
        var emails: [String] = []
        let token = store.subscribe(\.email) { emails.append($0) }
        store.update { $0.email = "a" }
        store.update { $0.email = "b" }
        #expect(emails == ["a", "b"])
        token.cancel()
    }

    @Test func computedAndNestedFieldsAreObservedToo() {
        let store = StateStore(Form())
        var summaries: [String] = []
        var tags: [[String]] = []
        var tokens: [ObservationToken] = []
        store.subscribe(\.summary) { summaries.append($0) }.store(in: &tokens)
        store.subscribe(\.nested.tags) { tags.append($0) }.store(in: &tokens)

        store.update { $0.email = "a" }
        store.update { $0.nested.tags.append("new") }
        store.update { $0.password = "x" }

        #expect(summaries == [" false", "a false"])
        #expect(tags == [[], ["new"]])
    }

    @Test func handlersMaySubscribeAndCancelWhileBeingNotified() {
        let store = StateStore(Form())
        var log: [String] = []
        var tokens: [ObservationToken] = []
        var late: [ObservationToken] = []
        var first: ObservationToken?
        first = store.subscribe(sendCurrent: false) { state in
            log.append("state \(state.email)")
            first?.cancel()
            late.append(store.subscribe(sendCurrent: false) { log.append("late state \($0.email)") })
            late.append(store.subscribe(\.email, sendCurrent: false) { log.append("late email \($0)") })
        }
        store.subscribe(\.email, sendCurrent: false) { email in
            log.append("email \(email)")
            late.append(store.subscribe(\.email, sendCurrent: false) { log.append("late email 2 \($0)") })
        }.store(in: &tokens)

        store.update { $0.email = "a" }
        store.update { $0.email = "b" }

        #expect(log == [
            "state a", "email a",
            "email b", "late state b", "late email b", "late email 2 b",
        ])
        #expect(first != nil)
    }

    @Test func anObserverAddedAfterAnUpdateIsPendingGetsTheNewestStateOnceNeverTwice() {
        let store = StateStore(Form())
        var log: [String] = []
        var tokens: [ObservationToken] = []
        store.subscribe(sendCurrent: false) { state in
            log.append("first \(state.email)")
            if state.email == "a" { store.update { $0.email = "b" } }   // pending: delivered after "a"
        }.store(in: &tokens)
        store.subscribe(sendCurrent: false) { state in
            log.append("second \(state.email)")
            guard state.email == "a" else { return }
            // The state is already "b": the joiners get "b" now, and not again when "b" is delivered.
            store.subscribe { log.append("joined \($0.email)") }.store(in: &tokens)
            store.subscribe(\.email) { log.append("joined email \($0)") }.store(in: &tokens)
        }.store(in: &tokens)

        store.update { $0.email = "a" }
        store.update { $0.email = "c" }

        #expect(log == [
            "first a", "second a", "joined b", "joined email b",
            "first b", "second b",
            "first c", "second c", "joined c", "joined email c",
        ])
    }

    /// Lists of every length from 1 to 40 (so that some are full, with released observers in
    /// them, when the first handler subscribes): subscribing during a delivery must neither
    /// skip an observer nor call one twice.
    @Test(arguments: 1...40)
    func subscribingFromAHandlerWhileTheListIsFullSkipsNobodyAndRepeatsNobody(observerCount: Int) {
        let store = StateStore(Form())
        var calls: [String: Int] = [:]
        var kept: [ObservationToken] = []
        var first: ObservationToken?
        var firstField: ObservationToken?
        first = store.subscribe(sendCurrent: false) { _ in
            first?.cancel()
            kept.append(store.subscribe(sendCurrent: false) { _ in calls["joined", default: 0] += 1 })
        }
        firstField = store.subscribe(\.email, sendCurrent: false) { _ in
            firstField?.cancel()
            kept.append(store.subscribe(\.email, sendCurrent: false) { _ in calls["joined email", default: 0] += 1 })
        }
        var expected: [String: Int] = [:]
        for index in 0..<observerCount {
            let token = store.subscribe(sendCurrent: false) { _ in calls["state \(index)", default: 0] += 1 }
            let fieldToken = store.subscribe(\.email, sendCurrent: false) { _ in calls["email \(index)", default: 0] += 1 }
            if index % 3 != 0 {   // every third is released at once, and left in the lists
                kept += [token, fieldToken]
                expected["state \(index)"] = 1
                expected["email \(index)"] = 1
            }
        }

        store.update { $0.email = "a" }
        #expect(calls == expected)

        store.update { $0.email = "b" }
        for key in expected.keys { expected[key] = 2 }
        expected["joined"] = 1
        expected["joined email"] = 1
        #expect(calls == expected)
        #expect(first != nil && firstField != nil)
    }

    @Test func cancellingATokenLetsGoOfItsHandlerWhileTheTokenIsStillHeld() {
        let store = StateStore(Form())
        var captured: Captured? = Captured()
        weak let weakCaptured = captured
        let token = store.subscribe(\.email) { [captured] _ in _ = captured }
        captured = nil
        #expect(weakCaptured != nil)
        token.cancel()
        #expect(weakCaptured == nil)
        #expect(token.isCancelled)
    }

    final class Captured {}

    @Test func releasingATokenLetsGoOfItsHandlerAtOnce() {
        let store = StateStore(Form())
        var captured: Captured? = Captured()
        weak let weakCaptured = captured
        var token: ObservationToken? = store.subscribe { [captured] _ in _ = captured }
        var fieldToken: ObservationToken? = store.subscribe(\.email) { [captured] _ in _ = captured }
        captured = nil
        #expect(weakCaptured != nil)
        #expect(store.observerCount == 2)

        token = nil
        fieldToken = nil

        // No update in between: the store held the tokens weakly, the tokens held the closures.
        #expect(weakCaptured == nil)
        #expect(store.observerCount == 0)
        #expect(token == nil && fieldToken == nil)
    }

    @Test func aTokenStoredInAStoreObservesForTheStoresLifeAndLetsGoWithIt() {
        var store: StateStore<Form>? = StateStore(Form())
        var captured: Captured? = Captured()
        weak let weakCaptured = captured
        var emails: [String] = []
        store?.subscribe(\.email, sendCurrent: false) { [captured] email in
            _ = captured
            emails.append(email)
        }
        .store(in: store!)
        captured = nil
        store?.update { $0.email = "a@example.jp" }
        #expect(emails == ["a@example.jp"], "no token kept beside it: the store keeps it")
        #expect(weakCaptured != nil)

        store = nil
        #expect(weakCaptured == nil, "the store gone, the handler and what it captured go with it")
    }

    @Test func aTokenStoredInAStoreStillEndsWhenCancelled() {
        let store = StateStore(Form())
        var emails: [String] = []
        let token = store.subscribe(\.email, sendCurrent: false) { emails.append($0) }
        token.store(in: store)
        store.update { $0.email = "a" }
        token.cancel()
        store.update { $0.email = "b" }
        #expect(emails == ["a"])
        #expect(store.observerCount == 0)
    }

    @Test func aGenericCallersEquatableStateStillSkipsUpdatesThatChangeNothing() {
        func makeStore<Value>(_ value: Value) -> StateStore<Value> { StateStore(value) }
        let store = makeStore(Form())   // made where `Form: Equatable` is not known
        var calls = 0
        let token = store.subscribe(sendCurrent: false) { _ in calls += 1 }
        store.update { $0.email = "" }
        store.update { $0.email = "a" }
        #expect(calls == 1)
        token.cancel()
    }
}
