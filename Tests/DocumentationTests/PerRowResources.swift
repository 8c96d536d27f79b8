// The Per-row resources article's code (MVVMCore.docc), compiled and run (SnippetCheckTests).
// snippet: viewmodel
import MVVMCore

struct Teammate: Equatable, Sendable, Identifiable {
    var id: Int
    var name: String
    var portraitURL: String?          // nil: no photo, the row shows the initial
}

struct Portrait: Equatable, Sendable {
    var pixels: [UInt8]            // decoded once, off the main actor, by the loader's fetch
}

@MainActor
final class TeammatesViewModel: ViewModel {
    struct State: Equatable {
        var teammates: [Teammate] = []
        var portraits = RowResources<Teammate.ID, Portrait>(prefetchMargin: 10)
    }

    enum Event {
        case visibleRowsChanged(Range<Int>)   // the view, as it scrolls
    }

    private let store: StateStore<State>
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let portraits: ResourceLoader<String, Portrait>

    init(teammates: [Teammate], portraits: ResourceLoader<String, Portrait>, clock: any Clock<Duration> = ContinuousClock()) {
        self.store = StateStore(State(teammates: teammates), clock: clock)
        self.portraits = portraits
    }

    func onEvent(_ event: Event) {
        switch event {
        case .visibleRowsChanged(let rows):
            store.loadResources(\.portraits, for: \.teammates, id: \.id, source: \.portraitURL, visible: rows, from: portraits)
        }
    }
}
// snippet end

// snippet: loader
/// One loader for the app: every screen shares its cache and its fetches in flight.
func makePortraitLoader(download: @escaping @Sendable (String) async throws -> [UInt8]) -> ResourceLoader<String, Portrait> {
    ResourceLoader(maximumConcurrentFetches: 6, memoryLimit: 8 << 20, cost: { $0.pixels.count }) { url in
        Portrait(pixels: try await download(url))   // a real app decodes here
    }
}
// snippet end

import MVVMTesting
import Testing

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct PerRowResourcesTests {
    static let teammates = (1...100).map { Teammate(id: $0, name: "Teammate \($0)", portraitURL: "/portraits/\($0)") }

    // snippet: test
    @Test func aPortraitLoadsForItsRowAndNeverForAnother() async {
        let clock = TestClock()
        let downloads = ResourceFetchStub<String, Portrait>()
        let loader = ResourceLoader<String, Portrait>(maximumConcurrentFetches: 2, cost: { $0.pixels.count }) {
            try await downloads.fetch($0)
        }
        let tester = ViewModelTester(TeammatesViewModel(teammates: Self.teammates, portraits: loader, clock: clock), clock: clock)

        // Row 0 on screen: it and 10 rows below want their portraits; 2 download at once.
        tester.send(.visibleRowsChanged(0..<1)) { state in
            state.portraits.expectVisible(0..<1)
            for contact in Self.teammates[0..<11] { state.portraits.expect(.loading, for: contact.id, source: contact.portraitURL!) }
        }
        await tester.settle()
        #expect(downloads.waiting == ["/portraits/1", "/portraits/2"])

        // The list scrolls far away before they arrive: both are cancelled, the rest never start.
        tester.send(.visibleRowsChanged(50..<51)) { state in
            state.portraits.expectVisible(50..<51)
            for contact in Self.teammates[0..<11] { state.portraits.expect(.placeholder, for: contact.id, source: "") }
            for contact in Self.teammates[40..<61] { state.portraits.expect(.loading, for: contact.id, source: contact.portraitURL!) }
        }
        await tester.settle()
        #expect(Set(downloads.cancelled) == ["/portraits/1", "/portraits/2"])
        #expect(downloads.waiting == ["/portraits/51", "/portraits/52"])

        downloads.answer("/portraits/51", with: Portrait(pixels: [51]))
        await tester.receive { $0.portraits.expect(.loaded(Portrait(pixels: [51])), for: 51, source: "/portraits/51") }
        #expect(tester.state.portraits[51] == .loaded(Portrait(pixels: [51])))
        #expect(tester.state.portraits[1] == .placeholder)

        tester.disappear { state in             // nothing is left loading
            for id in state.portraits.loadingIDs { state.portraits.expect(.placeholder, for: id, source: "") }
        }
        await tester.finish()
    }
    // snippet end

    @Test func theSharedLoaderAnswersFromMemory() async throws {
        let loader = makePortraitLoader { url in [UInt8(url.count)] }
        let photo = try await loader.load("/portraits/1")
        #expect(loader.cached("/portraits/1") == photo)
        #expect(loader.statistics.fetchesStarted == 1)
    }
}
