// The "Loading states with Loadable" article's code (MVVMCore.docc/LoadingStates.md), compiled and
// run (SnippetCheckTests keeps the article in step).
import Synchronization

// snippet: model
import MVVMCore

struct Departure: Equatable, Sendable { var time: String; var destination: String }

enum DeparturesError: PresentableError {
    case offline

    var title: LocalizedText { "Departures" }
    var message: LocalizedText { "You are offline. Check your connection and try again." }
    var isRetryable: Bool { true }
}
// snippet end

// snippet: view-model
@MainActor
final class DeparturesViewModel: ViewModel {
    struct State: Equatable {
        var station = "Shibuya"
        var departures: Loadable<[Departure]> = .idle
    }

    enum Event { case refreshPulled, retryTapped, stationSelected(String) }

    private let store: StateStore<State>
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let fetch: @Sendable (_ station: String) async throws -> [Departure]

    init(fetch: @escaping @Sendable (_ station: String) async throws -> [Departure]) {
        self.store = StateStore(State())
        self.fetch = fetch
    }
}
// snippet end

// snippet: events
extension DeparturesViewModel {
    func didAppear() {
        if state.departures.value == nil, !state.departures.isLoading { load() }
    }

    func onEvent(_ event: Event) {
        switch event {
        case .refreshPulled, .retryTapped:
            load()
        case .stationSelected(let station):
            // Another station's trains never stay on screen under this station's name.
            store.update { $0.station = station; $0.departures = .idle }
            load()
        }
    }

    private func load() {
        let station = state.station
        store.load(\.departures, key: "departures") { [fetch] in try await fetch(station) }
    }
}
// snippet end

// snippet: view
/// What the departure board shows, line by line: the view's whole job is this switch.
enum DepartureBoard {
    static func lines(_ state: DeparturesViewModel.State) -> [String] {
        let departures = state.departures
        switch departures {
        case .idle:
            return [state.station]
        case .loading(previous: nil):
            return [state.station, "Loading…"]
        case .failed(let error, previous: nil):
            return [state.station, error.message.resolved(in: .current)] + (error.isRetryable ? ["[Retry]"] : [])
        default:   // loaded, refreshing, or a refresh that failed: the departures stay
            return [state.station]
                + (departures.isRefreshing ? ["Updating…"] : [])
                + (departures.error.map { ["⚠ " + $0.message.resolved(in: .current)] } ?? [])
                + (departures.value ?? []).map { "\($0.time)  \($0.destination)" }
        }
    }
}
// snippet end

/// A stand-in for the timetable API: answers at once with what the test put in it.
final class DeparturesServer: Sendable {
    let board = Mutex([Departure(time: "10:02", destination: "Yokohama")])
    let isDown = Mutex(false)

    func departures(from station: String) throws -> [Departure] {
        if isDown.withLock({ $0 }) { throw DeparturesError.offline }
        return board.withLock { $0 }
    }
}

import MVVMTesting
import Testing

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct DepartureBoardTests {
    // snippet: test-refresh
    @Test func theBoardStaysOnScreenWhileItRefreshes() async {
        let server = DeparturesServer()
        let tester = ViewModelTester(DeparturesViewModel { try server.departures(from: $0) })
        let first = [Departure(time: "10:02", destination: "Yokohama")]
        let later = [Departure(time: "10:05", destination: "Yokohama")]

        tester.appear { $0.departures = .loading() }
        #expect(DepartureBoard.lines(tester.state) == ["Shibuya", "Loading…"])
        await tester.receive { $0.departures = .loaded(first) }
        #expect(DepartureBoard.lines(tester.state) == ["Shibuya", "10:02  Yokohama"])

        server.board.withLock { $0 = later }
        tester.send(.refreshPulled) { $0.departures = .loading(previous: first) }
        #expect(DepartureBoard.lines(tester.state) == ["Shibuya", "Updating…", "10:02  Yokohama"])
        await tester.receive { $0.departures = .loaded(later) }
        #expect(DepartureBoard.lines(tester.state) == ["Shibuya", "10:05  Yokohama"])
        await tester.finish()
    }
    // snippet end

    // snippet: test-failed-refresh
    @Test func aFailedRefreshKeepsTheBoardAndSaysWhy() async {
        let server = DeparturesServer()
        let tester = ViewModelTester(DeparturesViewModel { try server.departures(from: $0) })
        let first = [Departure(time: "10:02", destination: "Yokohama")]
        tester.appear { $0.departures = .loading() }
        await tester.receive { $0.departures = .loaded(first) }

        server.isDown.withLock { $0 = true }
        tester.send(.refreshPulled) { $0.departures = .loading(previous: first) }
        await tester.receive {
            $0.departures = .failed(ErrorPresentation(DeparturesError.offline), previous: first)
        }
        #expect(DepartureBoard.lines(tester.state) == [
            "Shibuya", "⚠ You are offline. Check your connection and try again.", "10:02  Yokohama",
        ])

        server.isDown.withLock { $0 = false }
        tester.send(.retryTapped) { $0.departures = .loading(previous: first) }
        await tester.receive { $0.departures = .loaded(first) }
        await tester.finish()
    }
    // snippet end

    // snippet: test-failed-first
    @Test func aFirstLoadThatFailsOffersRetry() async {
        let server = DeparturesServer()
        server.isDown.withLock { $0 = true }
        let tester = ViewModelTester(DeparturesViewModel { try server.departures(from: $0) })

        tester.appear { $0.departures = .loading() }
        await tester.receive {
            $0.departures = .failed(ErrorPresentation(DeparturesError.offline), previous: nil)
        }
        #expect(DepartureBoard.lines(tester.state) == [
            "Shibuya", "You are offline. Check your connection and try again.", "[Retry]",
        ])

        server.isDown.withLock { $0 = false }
        tester.send(.retryTapped) { $0.departures = .loading() }
        #expect(DepartureBoard.lines(tester.state) == ["Shibuya", "Loading…"])
        await tester.receive { $0.departures = .loaded([Departure(time: "10:02", destination: "Yokohama")]) }
        await tester.finish()
    }
    // snippet end

    // snippet: test-latest
    @Test func aSlowAnswerForThePreviousStationNeverLands() async {
        let clock = TestClock()
        let viewModel = DeparturesViewModel { station in
            // Shibuya's answer takes 2 seconds, Shinjuku's 1.
            try await clock.sleep(for: .seconds(station == "Shibuya" ? 2 : 1))
            return [Departure(time: "10:10", destination: station == "Shibuya" ? "Yokohama" : "Tachikawa")]
        }
        let tester = ViewModelTester(viewModel, clock: clock)

        tester.appear { $0.departures = .loading() }
        await clock.advance()
        #expect(clock.sleeperCount == 1)   // Shibuya's request is on its way
        tester.send(.stationSelected("Shinjuku")) { $0.station = "Shinjuku"; $0.departures = .loading() }

        #expect(await clock.advance(until: { tester.state.departures.value != nil }))
        await tester.receive { $0.departures = .loaded([Departure(time: "10:10", destination: "Tachikawa")]) }
        #expect(DepartureBoard.lines(tester.state) == ["Shinjuku", "10:10  Tachikawa"])
        await tester.finish()   // no further change: Shibuya's answer was dropped
    }
    // snippet end
}
