import Testing

/// Checks that objects are deallocated: a ViewModel once its view and observers are gone, and
/// whatever it captured (repositories, stubs, delegates).
///
/// ```swift
/// let leaks = LeakTracker()
/// do {
///     let repository = StubRepository()
///     let viewModel = UserListViewModel(repository: repository)
///     leaks.track(viewModel, "view model")
///     leaks.track(repository, "repository")
///     let token = viewModel.subscribe { _ in }
///     viewModel.appear()
///     viewModel.onEvent(.refreshPulled)
///     _ = token
/// }
/// await leaks.expectAllDeallocated()
/// ```
@MainActor
public final class LeakTracker {
    private struct Entry {
        weak var object: AnyObject?
        let name: String
        let location: SourceLocation
    }

    private var entries: [Entry] = []
    private let reporter: TestFailureReporter
    /// How long to wait for work already cancelled to release what it holds.
    public var timeout: Duration

    /// Creates a tracker.
    public init(timeout: Duration = .seconds(5), reporter: TestFailureReporter = .swiftTesting) {
        self.timeout = timeout
        self.reporter = reporter
    }

    /// Tracks `object` weakly under `name` (its type name by default).
    public func track(
        _ object: AnyObject,
        _ name: String? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        entries.append(Entry(
            object: object,
            name: name ?? String(describing: type(of: object)),
            location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        ))
    }

    /// Whether every tracked object has been deallocated.
    private var allGone: Bool { entries.allSatisfy { $0.object == nil } }

    /// The names of tracked objects still alive.
    public var aliveNames: [String] {
        entries.filter { $0.object != nil }.map(\.name)
    }

    /// Waits for every tracked object to be deallocated; each one still alive after `timeout`
    /// fails at the line that tracked it.
    public func expectAllDeallocated() async {
        // The tests' work runs until every tracked object is gone (at once, for a test without a
        // leak), or all of it has settled, or `timeout` passed: one wait, on the wall clock only
        // as a bound.
        let deadline = ContinuousClock.now + timeout
        await TestWorkExecutor.settleAll(until: { self.allGone }, deadline: deadline)
        if !allGone, ContinuousClock.now < deadline {
            // Work no test executor ran (a task on the global pool) may still hold one.
            _ = await waitUntil(timeout: deadline - ContinuousClock.now) { self.allGone }
        }
        for entry in entries where entry.object != nil {
            reporter.fail(
                "\(entry.name) was not deallocated: something still holds it "
                    + "(a task capturing self strongly, an observer closure, a retain cycle).",
                at: entry.location
            )
        }
    }
}
