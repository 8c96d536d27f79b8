// The Per-row resources article's code (MVVMCore.docc), compiled and run (SnippetCheckTests).
// snippet: viewmodel
import Foundation
import MVVMCore

struct Teammate: Equatable, Sendable, Identifiable {
    var id: Int
    var name: String
    var portraitURL: String?          // nil: no photo, the row shows the initial
}

struct Portrait: Equatable, Sendable {
    var png: Data                  // downloaded once, off the main actor, by the loader's fetch
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

    init(teammates: [Teammate], portraits: ResourceLoader<String, Portrait>) {
        store = StateStore(State(teammates: teammates))
        // From now on the window around `portraits.visibleRows` loads, whatever changes it.
        store.loadResources(\.portraits, for: \.teammates, id: \.id, source: \.portraitURL, from: portraits)
    }

    func onEvent(_ event: Event) {
        switch event {
        case .visibleRowsChanged(let rows):
            store.update { $0.portraits.visibleRows = rows }
        }
    }
}
// snippet end

// snippet: loader
/// One loader for the app: every screen shares its cache and its fetches in flight.
func makePortraitLoader(download: @escaping @Sendable (String) async throws -> Data) -> ResourceLoader<String, Portrait> {
    ResourceLoader(maximumConcurrentFetches: 6, memoryLimit: 8 << 20, cost: { $0.png.count }) { url in
        Portrait(png: try await download(url))
    }
}
// snippet end

#if canImport(UIKit)
import SwiftUI
import UIKit
#endif

// snippet: uikit
final class TeammatesViewController: UITableViewController {
    let viewModel: TeammatesViewModel

    init(viewModel: TeammatesViewModel) {
        self.viewModel = viewModel
        super.init(style: .plain)
    }

    required init?(coder: NSCoder) { fatalError("made in code") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "teammate")
    }

    override func scrollViewDidScroll(_ scrollView: UIScrollView) {
        guard let rows = tableView.indexPathsForVisibleRows?.map(\.row), let first = rows.min(), let last = rows.max() else { return }
        viewModel.send(.visibleRowsChanged(first..<last + 1))
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        viewModel.state.teammates.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "teammate", for: indexPath)
        let teammate = viewModel.state.teammates[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = teammate.name
        content.image = viewModel.state.portraits[teammate.id].resource.flatMap { UIImage(data: $0.png) }   // by id: never another row's
        cell.contentConfiguration = content
        return cell
    }
}
// snippet end

// snippet: swiftui
struct TeammatesView: View {
    let viewModel: TeammatesViewModel

    var body: some View {
        List(Array(viewModel.state.teammates.enumerated()), id: \.element.id) { index, teammate in
            HStack {
                PortraitView(portrait: viewModel.state.portraits[teammate.id], name: teammate.name)
                Text(teammate.name)
            }
            .onAppear { viewModel.send(.visibleRowsChanged(index..<index + 1)) }
        }
    }
}
// snippet end

/// A row's picture in `TeammatesView`: the portrait once it is loaded, the name's initial before
/// (the article does not show it).
struct PortraitView: View {
    let portrait: RowResource<Portrait>
    let name: String

    var body: some View {
        if let image = portrait.resource.flatMap({ UIImage(data: $0.png) }) {
            Image(uiImage: image)
        } else {
            Text(name.prefix(1))
        }
    }
}

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
        let loader = ResourceLoader<String, Portrait>(maximumConcurrentFetches: 2, cost: { $0.png.count }) {
            try await downloads.fetch($0)
        }
        let tester = ViewModelTester(TeammatesViewModel(teammates: Self.teammates, portraits: loader), clock: clock)

        // Row 0 on screen: it and 10 rows below want their portraits; 2 download at once.
        tester.send(.visibleRowsChanged(0..<1)) { state in
            state.portraits.visibleRows = 0..<1
            for contact in Self.teammates[0..<11] { state.portraits.expect(.loading, for: contact.id, source: contact.portraitURL!) }
        }
        await tester.settle()
        #expect(downloads.waiting == ["/portraits/1", "/portraits/2"])

        // The list scrolls far away before they arrive: both are cancelled, the rest never start.
        tester.send(.visibleRowsChanged(50..<51)) { state in
            state.portraits.visibleRows = 50..<51
            for contact in Self.teammates[0..<11] { state.portraits.expect(.placeholder, for: contact.id, source: "") }
            for contact in Self.teammates[40..<61] { state.portraits.expect(.loading, for: contact.id, source: contact.portraitURL!) }
        }
        await tester.settle()
        #expect(Set(downloads.cancelled) == ["/portraits/1", "/portraits/2"])
        #expect(downloads.waiting == ["/portraits/51", "/portraits/52"])

        downloads.answer("/portraits/51", with: Portrait(png: Data([51])))
        await tester.receive { $0.portraits.expect(.loaded(Portrait(png: Data([51]))), for: 51, source: "/portraits/51") }
        #expect(tester.state.portraits[51] == .loaded(Portrait(png: Data([51]))))
        #expect(tester.state.portraits[1] == .placeholder)

        tester.disappear { state in             // nothing is left loading
            for id in state.portraits.loadingIDs { state.portraits.expect(.placeholder, for: id, source: "") }
        }
        await tester.finish()
    }
    // snippet end

    /// A 1×1 grey PNG: what a portrait download answers in the tests that draw it.
    nonisolated static let onePixelPNG = Data([
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x00, 0x00, 0x00, 0x3A, 0x7E, 0x9B,
        0x55, 0x00, 0x00, 0x00, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x68, 0x00, 0x00, 0x00,
        0x82, 0x00, 0x81, 0x77, 0xCD, 0x72, 0xB6, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE,
        0x42, 0x60, 0x82,
    ])

    #if !canImport(UIKit)   // scrolls through the stand-in: UIKit sets the visible rows itself
    @Test func theTableReportsTheRowsOnScreenAndDrawsEachRowsOwnPortrait() async throws {
        let clock = TestClock()
        let loader = makePortraitLoader { _ in Self.onePixelPNG }
        _ = try await loader.load("/portraits/21")            // Teammate 21's portrait is in the cache
        let viewModel = clock.perform { TeammatesViewModel(teammates: Self.teammates, portraits: loader) }
        let controller = TeammatesViewController(viewModel: viewModel)
        controller.viewDidLoad()
        #expect(controller.tableView(controller.tableView, numberOfRowsInSection: 0) == 100)

        controller.tableView.standInShowRows(20..<30)        // rows 20 to 29: Teammates 21 to 30
        controller.scrollViewDidScroll(controller.tableView)
        #expect(viewModel.state.portraits.visibleRows == 20..<30)

        func content(ofRow row: Int) -> UIListContentConfiguration? {
            let cell = controller.tableView(controller.tableView, cellForRowAt: IndexPath(row: row, section: 0))
            return cell.contentConfiguration as? UIListContentConfiguration
        }
        #expect(content(ofRow: 20)?.text == "Teammate 21")
        #expect(content(ofRow: 20)?.image != nil)              // from the cache, at once
        #expect(content(ofRow: 21)?.text == "Teammate 22")
        #expect(content(ofRow: 21)?.image == nil)              // still loading
        #expect(viewModel.state.portraits[22] == .loading)

        viewModel.disappear()
        await clock.advance()
    }
    #endif

    @Test func theSharedLoaderAnswersFromMemory() async throws {
        let loader = makePortraitLoader { url in Data([UInt8(url.count)]) }
        let photo = try await loader.load("/portraits/1")
        #expect(loader.cached("/portraits/1") == photo)
        #expect(loader.statistics.fetchesStarted == 1)
    }
}
