import MVVMCore
import MVVMTesting
import Testing

@MainActor
struct RecorderTests {
    struct State: Equatable {
        var isLoading = false
        var count = 0
    }

    @Test func aFieldRecorderKeepsTheCurrentValueThenEachDistinctChange() {
        let store = StateStore(State())
        let isLoading = Recorder(store, \.isLoading)

        store.update { $0.isLoading = true }
        store.update { $0.count = 1 }           // another field: not repeated
        store.update { $0.isLoading = false }

        #expect(isLoading.values == [false, true, false])
    }

    @Test func aTransformRecorderRecordsEveryNotification() {
        let store = StateStore(State())
        let counts = Recorder(store) { $0.count }

        store.update { $0.count = 1 }
        store.update { $0.isLoading = true }

        #expect(counts.values == [0, 1, 1])
    }

    @Test func aMatchingHistoryPassesAndAWrongOneFailsWithADiff() {
        let log = FailureLog()
        let store = StateStore(State())
        let isLoading = Recorder(store, \.isLoading, reporter: log.reporter)
        store.update { $0.isLoading = true }

        isLoading.expectHistory([false, true])
        #expect(log.messages == [])

        isLoading.expectHistory([false, true, false])
        #expect(log.messages == [
            """
            Recorded history differs from the expected one:
            (Expected: −, Actual: +)
            \u{2007} [
            \u{2007}   … (2 unchanged)
            −   [2]: false
            \u{2007} ]
            """,
        ])
    }

    @Test func stopEndsRecordingAndClearForgets() {
        let store = StateStore(State())
        let counts = Recorder(store, \.count)

        store.update { $0.count = 1 }
        counts.stop()
        store.update { $0.count = 2 }
        #expect(counts.values == [0, 1])

        counts.clear()
        #expect(counts.values == [])
        #expect(store.observerCount == 0)
    }
}
