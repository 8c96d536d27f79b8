public import Testing

/// Where MVVMTesting's assertions report a failure: Swift Testing by default.
///
/// Pass your own to collect failures instead, e.g. to test a custom assertion's messages.
public struct TestFailureReporter: Sendable {
    private let report: @MainActor @Sendable (String, SourceLocation) -> Void
    /// Where what a non-exhaustive tester skipped is listed: a known issue in Swift Testing (shown,
    /// never failing); nowhere for a reporter of one's own (read `ViewModelTester.skippedChanges`).
    private let listSkipped: (@MainActor @Sendable (String, SourceLocation) -> Void)?

    /// A reporter that calls `report` with each failure's message and source location.
    public init(_ report: @escaping @MainActor @Sendable (String, SourceLocation) -> Void) {
        self.report = report
        listSkipped = nil
    }

    private init(
        report: @escaping @MainActor @Sendable (String, SourceLocation) -> Void,
        listSkipped: @escaping @MainActor @Sendable (String, SourceLocation) -> Void
    ) {
        self.report = report
        self.listSkipped = listSkipped
    }

    /// Records each failure as a Swift Testing issue at the assertion's source location, and
    /// lists what a non-exhaustive tester skipped as a known issue there.
    public static let swiftTesting = TestFailureReporter { message, location in
        Issue.record(Comment(rawValue: message), sourceLocation: location)
    } listSkipped: { message, location in
        withKnownIssue(Comment(rawValue: "Skipped by a non-exhaustive ViewModelTester"), isIntermittent: true) {
            Issue.record(Comment(rawValue: message), sourceLocation: location)
        }
    }

    @MainActor
    func fail(_ message: String, at location: SourceLocation) {
        report(message, location)
    }

    @MainActor
    func skipped(_ message: String, at location: SourceLocation) {
        listSkipped?(message, location)
    }
}
