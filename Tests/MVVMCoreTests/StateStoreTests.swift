import MVVMTestSupport
import MVVMCore
import Testing

@MainActor
struct StateStoreTests {
    struct Screen: Equatable, Sendable {
        var title = ""
        var count = 0
        var isLoading = false
    }

    @Test func anUpdateTouchingThreeFieldsNotifiesClosureObserversOnce() {
        let store = StateStore(Screen())
        var received: [Screen] = []
        let token = store.subscribe(sendCurrent: false) { received.append($0) }

        store.update {
            $0.title = "Tokyo"
            $0.count = 3
            $0.isLoading = true
        }

        #expect(received == [Screen(title: "Tokyo", count: 3, isLoading: true)])
        token.cancel()
    }

    @Test func anUpdateTouchingThreeFieldsIsOneObservationChange() {
        let store = StateStore(Screen())
        let changes = ChangeCounter()
        withObservationTracking { _ = store.state } onChange: { changes.increment() }

        store.update {
            $0.title = "Tokyo"
            $0.count = 3
            $0.isLoading = true
        }

        #expect(changes.value == 1)
    }

    @Test func anUpdateThatChangesNothingNotifiesNobody() {
        let store = StateStore(Screen(title: "Same"))
        var calls = 0
        let token = store.subscribe(sendCurrent: false) { _ in calls += 1 }
        let changes = ChangeCounter()
        withObservationTracking { _ = store.state } onChange: { changes.increment() }

        store.update { $0.title = "Same" }

        #expect(calls == 0)
        #expect(changes.value == 0)
        token.cancel()
    }

    @Test func aStateThatIsNotEquatableNotifiesOnEveryUpdate() {
        struct Opaque { var value = 0 }
        let store = StateStore(Opaque())
        var calls = 0
        let token = store.subscribe(sendCurrent: false) { _ in calls += 1 }

        store.update { $0.value = 0 }
        store.update { $0.value = 0 }

        #expect(calls == 2)
        token.cancel()
    }

    @Test func subscribeSendsTheCurrentStateFirstByDefault() {
        let store = StateStore(Screen(count: 7))
        var received: [Int] = []
        let token = store.subscribe { received.append($0.count) }
        store.update { $0.count = 8 }
        #expect(received == [7, 8])
        token.cancel()
    }

    @Test func aCancelledTokenStopsDelivery() {
        let store = StateStore(Screen())
        var received: [Int] = []
        let token = store.subscribe(sendCurrent: false) { received.append($0.count) }
        store.update { $0.count = 1 }
        token.cancel()
        store.update { $0.count = 2 }
        #expect(received == [1])
        #expect(store.observerCount == 0)
    }

    @Test func aReleasedTokenStopsDelivery() {
        let store = StateStore(Screen())
        var received: [Int] = []
        do {
            let token = store.subscribe(sendCurrent: false) { received.append($0.count) }
            store.update { $0.count = 1 }
            _ = token
        }
        store.update { $0.count = 2 }
        #expect(received == [1])
        #expect(store.observerCount == 0)
    }

    @Test func anUpdateFromInsideAnObserverReachesEveryObserverInOrder() {
        let store = StateStore(Screen())
        var first: [Int] = []
        var second: [Int] = []
        let a = store.subscribe(sendCurrent: false) { state in
            first.append(state.count)
            if state.count == 1 { store.update { $0.count = 2 } }
        }
        let b = store.subscribe(sendCurrent: false) { second.append($0.count) }

        store.update { $0.count = 1 }

        #expect(first == [1, 2])
        #expect(second == [1, 2])
        #expect(store.state.count == 2)
        a.cancel()
        b.cancel()
    }

    @Test func aThrowingUpdateLeavesTheStateUnchanged() {
        struct Invalid: Error {}
        let store = StateStore(Screen(count: 1))
        #expect(throws: Invalid.self) {
            try store.update { state in
                state.count = 99
                throw Invalid()
            }
        }
        #expect(store.state.count == 1)
    }
}

/// Counts `withObservationTracking` change callbacks, which arrive on the mutating thread.
final class ChangeCounter: Sendable {
    private let storage = LockedValue(0)
    var value: Int { storage.value }
    func increment() { storage.withValue { $0 += 1 } }
}
