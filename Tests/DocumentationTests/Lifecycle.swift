// The "Lifecycle: work that ends with its screen" article's code (MVVMCore.docc/Lifecycle.md),
// compiled and run (SnippetCheckTests keeps the article in step).
import Synchronization

// snippet: state
import MVVMCore

@MainActor
final class TimelineViewModel: ViewModel {
    struct State: Equatable {
        var posts: Loadable<[String]> = .idle
        var isLive = false          // the "Live" badge: new posts are being checked for
    }

    enum Event { case refreshPulled }

    private let store: StateStore<State>
    var readOnlyStore: ReadOnlyStore<State> { store.readOnly }
    private let fetchPosts: @Sendable () async throws -> [String]

    init(fetchPosts: @escaping @Sendable () async throws -> [String]) {
        self.store = StateStore(State())
        self.fetchPosts = fetchPosts
    }
}
// snippet end

// snippet: appear
extension TimelineViewModel {
    func didAppear() {
        // First visit, a load cut short by leaving, or a failure: load. Shown or loading: don't.
        if state.posts.value == nil, !state.posts.isLoading { loadPosts(policy: .latestWins) }
        followNewPosts()
    }

    func onEvent(_ event: Event) {
        switch event {
        case .refreshPulled:
            loadPosts(policy: .dropWhileRunning)   // a load in flight already answers the pull
        }
    }

    private func loadPosts(policy: WorkPolicy) {
        store.load(\.posts, key: "posts", policy: policy) { [fetchPosts] in try await fetchPosts() }
    }
}
// snippet end

// snippet: live
extension TimelineViewModel {
    private func followNewPosts() {
        store.update { $0.isLive = true }
        store.run("live", onCancel: { $0.isLive = false }) { [fetchPosts, clock = store.clock, weak store] in
            while true {
                do { try await clock.sleep(for: .seconds(30)) } catch { return }   // cancelled
                guard let posts = try? await fetchPosts() else { continue }
                store?.update { $0.posts = .loaded(posts) }
            }
        }
    }
}
// snippet end

// snippet: server
/// A stand-in for the timeline API: answers at once, with the next timeline of its script.
final class TimelineServer: Sendable {
    private let script = Mutex((requests: 0, timelines: [["Hello"], ["Hi", "Hello"]]))

    var requestCount: Int { script.withLock { $0.requests } }

    func posts() -> [String] {
        script.withLock { script in
            script.requests += 1
            return script.timelines.count > 1 ? script.timelines.removeFirst() : script.timelines[0]
        }
    }
}
// snippet end

import Foundation
#if canImport(UIKit)
import SwiftUI
import UIKit
#endif

/// The timeline in SwiftUI, compiled against the SwiftUI stand-ins (AppleStandIns/).
struct TimelineView: View {
    let viewModel: TimelineViewModel

    var body: some View {
        // snippet: appear-swiftui
        // SwiftUI
        PostList(viewModel: viewModel)
            .onAppear { viewModel.appear() }
            .onDisappear { viewModel.disappear() }
        // snippet end
    }
}

/// The posts (the article does not show them).
struct PostList: View {
    let viewModel: TimelineViewModel

    var body: some View {
        List(viewModel.state.posts.value ?? [], id: \.self) { Text($0) }
    }
}

/// The timeline in UIKit, compiled against the UIKit stand-ins (AppleStandIns/) and run below.
final class TimelineViewController: UIViewController {
    let viewModel: TimelineViewModel

    init(viewModel: TimelineViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("made in code") }

    // snippet: appear-uikit
    // UIKit
    override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); viewModel.appear() }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); viewModel.disappear() }
    // snippet end
}

import MVVMTesting
import Testing

/// A timeline API whose answer comes even when its request is cancelled: the reply was already
/// on its way. It answers when its clock passes one second, or at once once cancelled.
final class TimelineLateServer: Sendable {
    private let counts = Mutex((requests: 0, answers: 0))

    var requestCount: Int { counts.withLock { $0.requests } }
    var answerCount: Int { counts.withLock { $0.answers } }

    func posts(clock: TestClock) async -> [String] {
        counts.withLock { $0.requests += 1 }
        try? await clock.sleep(for: .seconds(1))               // a cancellation does not stop it
        counts.withLock { $0.answers += 1 }
        return ["Hello"]
    }
}

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct TimelineLifecycleTests {
    @Test func theViewControllerReportsItsLifecycle() async {
        let clock = TestClock()
        let server = TimelineServer()
        let viewModel = clock.perform { TimelineViewModel { server.posts() } }
        let controller = TimelineViewController(viewModel: viewModel)

        controller.viewWillAppear(false)
        await clock.advance()
        #expect(viewModel.state.posts.value == ["Hello"])
        #expect(viewModel.state.isLive)

        controller.viewDidDisappear(false)
        await clock.advance()
        #expect(!viewModel.state.isLive)
        #expect(server.requestCount == 1)
    }

    // snippet: test-return
    @Test func leavingMidLoadLeavesNoSpinnerAndComingBackLoadsAgain() async {
        let clock = TestClock()
        let server = TimelineServer()
        let tester = ViewModelTester(TimelineViewModel { server.posts() }, clock: clock)

        tester.appear { $0.posts = .loading(); $0.isLive = true }
        tester.disappear { $0.posts = .idle; $0.isLive = false }   // left before the answer

        tester.appear { $0.posts = .loading(); $0.isLive = true }  // back: it loads again
        await tester.receive { $0.posts = .loaded(["Hello"]) }
        #expect(server.requestCount == 1)   // the first load never reached the server

        tester.disappear { $0.isLive = false }
        await tester.finish()
    }
    // snippet end

    // snippet: test-live
    @Test func whileVisibleItChecksForNewPostsEvery30Seconds() async {
        let clock = TestClock()
        let server = TimelineServer()
        let tester = ViewModelTester(TimelineViewModel { server.posts() }, clock: clock)

        tester.appear { $0.posts = .loading(); $0.isLive = true }
        tester.appear()                     // appearing again (a sheet closed) starts nothing new
        await tester.receive { $0.posts = .loaded(["Hello"]) }

        await clock.advance(by: .seconds(30))
        await tester.receive { $0.posts = .loaded(["Hi", "Hello"]) }
        #expect(server.requestCount == 2)   // one load, one check: a single "live" loop runs

        tester.disappear { $0.isLive = false }
        await clock.advance(by: .seconds(30))
        #expect(server.requestCount == 2)   // the loop ended with the view
        await tester.finish()
    }
    // snippet end

    @Test func pullingToRefreshWhileALoadRunsIsDropped() async {
        let server = TimelineServer()
        let clock = TestClock()
        let tester = ViewModelTester(TimelineViewModel { server.posts() }, clock: clock)

        tester.appear { $0.posts = .loading(); $0.isLive = true }
        tester.send(.refreshPulled)         // no change: the first load is still on its way
        await tester.receive { $0.posts = .loaded(["Hello"]) }
        #expect(server.requestCount == 1)

        tester.send(.refreshPulled) { $0.posts = .loading(previous: ["Hello"]) }
        await tester.receive { $0.posts = .loaded(["Hi", "Hello"]) }
        #expect(server.requestCount == 2)

        tester.disappear { $0.isLive = false }
        await tester.finish()
    }

    // snippet: test-deinit
    @Test func theViewModelGoesAwayWithItsViewAndItsWorkEnds() async {
        let clock = TestClock()
        let server = TimelineServer()
        let leaks = LeakTracker()
        do {
            let viewModel = clock.perform { TimelineViewModel { server.posts() } }
            leaks.track(viewModel, "timeline view model")
            viewModel.appear()              // a load and the "live" loop start; no disappear()
            await clock.advance(by: .zero)
            #expect(viewModel.state.posts.value != nil)
            await clock.advance()
            #expect(clock.sleeperCount == 1)   // the loop waits for its first check
        }
        await leaks.expectAllDeallocated()

        await clock.advance(by: .seconds(30))
        await clock.advance(by: .zero)
        #expect(server.requestCount == 1)   // no check ran after the ViewModel was gone
    }
    // snippet end

    @Test func aLoadCancelledWhileTheServerAnswersIsDropped() async {
        let clock = TestClock()
        let server = TimelineLateServer()
        let tester = ViewModelTester(TimelineViewModel { await server.posts(clock: clock) }, clock: clock)

        tester.appear { $0.posts = .loading(); $0.isLive = true }
        await clock.advance(by: .zero)
        #expect(server.requestCount == 1)   // the request reached the server
        tester.disappear { $0.posts = .idle; $0.isLive = false }
        await clock.advance(by: .zero)
        #expect(server.answerCount == 1)    // its answer came after the cancel
        await clock.advance(by: .zero)

        #expect(tester.state.posts == .idle)                    // and changed nothing
        await tester.finish()
    }
}
