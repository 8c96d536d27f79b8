public import Testing

/// Where MVVMTesting's assertions report a failure: Swift Testing by default.
///
/// Pass your own to collect failures instead, e.g. to test a custom assertion's messages.
public struct TestFailureReporter: Sendable {
    private let report: @MainActor @Sendable (String, SourceLocation) -> Void

    /// A reporter that calls `report` with each failure's message and source location.
    public init(_ report: @escaping @MainActor @Sendable (String, SourceLocation) -> Void) {
        self.report = report
    }

    /// Records each failure as a Swift Testing issue at the assertion's source location.
    public static let swiftTesting = TestFailureReporter { message, location in
        Issue.record(Comment(rawValue: message), sourceLocation: location)
    }

    @MainActor
    func fail(_ message: String, at location: SourceLocation) {
        report(message, location)
    }
}
