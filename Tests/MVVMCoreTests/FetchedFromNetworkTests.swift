import MVVMCore
import MVVMTesting
import Synchronization
import Testing

/// `Fetched.fromNetwork`: a repository's one network value as a stream, run where a test sees it.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct FetchedFromNetworkTests {
    struct Offline: Error, Equatable {}

    struct State: Equatable {
        var forecast: Loadable<Fetched<String>> = .idle
    }

    @Test func theValueArrivesMarkedNetworkAndASettleWaitsForIt() async {
        let clock = TestClock()
        let store = clock.perform { StateStore(State(), clock: clock) }
        store.load(\.forecast, key: "forecast", values: {
            Fetched.fromNetwork { try await clock.sleep(for: .milliseconds(100)); return "sunny" }
        })
        #expect(store.state.forecast == .loading())

        await clock.advance(by: .milliseconds(100))   // runs the call to its end: no waiting

        #expect(store.state.forecast == .loaded(Fetched("sunny", origin: .network)))
        #expect(store.isIdle)
    }

    @Test func anErrorEndsTheStreamAfterNoValue() async {
        var values: [Fetched<String>] = []
        do {
            for try await value in Fetched<String>.fromNetwork({ throw Offline() }) { values.append(value) }
            Issue.record("the stream should throw")
        } catch {
            #expect(error as? Offline == Offline())
        }
        #expect(values.isEmpty)
    }

    @Test func aNewerLoadCancelsTheCallInFlight() async {
        let clock = TestClock()
        let store = clock.perform { StateStore(State(), clock: clock) }
        let cancelled = Mutex<[String]>([])
        func load(_ city: String) {
            store.load(\.forecast, key: "forecast", values: {
                Fetched.fromNetwork {
                    do {
                        try await clock.sleep(for: .milliseconds(100))
                    } catch {
                        cancelled.withLock { $0.append(city) }
                        throw error
                    }
                    return city
                }
            })
        }
        load("Tokyo")
        await clock.advance(by: .milliseconds(50))
        load("Osaka")                                  // latest wins: Tokyo's call is cancelled
        await clock.advance(by: .milliseconds(100))

        #expect(cancelled.withLock { $0 } == ["Tokyo"])
        #expect(store.state.forecast == .loaded(Fetched("Osaka", origin: .network)))
    }
}
