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
///     viewModel.send(.refreshPulled)
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
    /// How long to wait for work already cancelled to release what it holds: a bound that only
    /// fails a test.
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

    /// Runs the tests' work until every tracked object is deallocated; each one still alive
    /// once that work has settled (or `timeout` has passed) fails at the line that tracked it.
    /// The work must run on test executors (``ViewModelTester``, ``TestClock/perform(_:)``): an
    /// object held by a task on the global pool is out of a test's reach and reported. A test
    /// whose objects are gone reads no wall clock: the clock is read only after 4,096 turns of
    /// the main actor with an object alive, as the bound of `timeout`.
    public func expectAllDeallocated() async {
        // The tests' work runs until every tracked object is gone (at once, for a test without a
        // leak), or all of it has settled, or `timeout` passed: the wall clock only bounds it, and
        // is read only once thousands of turns passed with an object alive. What still lives
        // then is held by something no test executor will run: a leak.
        guard !allGone else { return }
        await TestWorkExecutor.settleAll(until: { self.allGone }, timeout: timeout)
        for entry in entries where entry.object != nil {
            reporter.fail(
                "\(entry.name) was not deallocated: something still holds it "
                    + "(a task capturing self strongly, an observer closure, a retain cycle).",
                at: entry.location
            )
        }
    }
}
