package import Testing
import CustomDump

/// Fails through `reporter` when `actual` differs from `expected`, with a readable diff.
@MainActor
package func expectEqualHistory<Value: Equatable>(
    _ expected: [Value],
    _ actual: [Value],
    reporter: TestFailureReporter,
    at location: SourceLocation
) {
    guard actual != expected else { return }
    let difference = CustomDump.diff(expected, actual, format: .proportional)
        .map { "(Expected: −, Actual: +)\n" + $0 } ?? ""
    reporter.fail("Recorded history differs from the expected one:\n" + difference, at: location)
}
