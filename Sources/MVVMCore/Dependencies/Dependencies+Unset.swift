import Foundation
import IssueReporting

extension Dependencies {
    /// A test's values before it sets any: each one fails the test at its first use, then acts
    /// as the live one.
    static var unset: Dependencies {
        var values = Dependencies()
        values.clock = UnsetClock()
        values.now = {
            reportUnset("Dependencies.now", set: "$0.now = { Date(timeIntervalSince1970: 0) }")
            return Date()
        }
        values.newID = NewID {
            reportUnset("Dependencies.newID", set: "$0.newID = .counting()")
            return UUID()
        }
        values.random = {
            reportUnset("Dependencies.random", set: "$0.random = { 4 }")
            return UInt64.random(in: .min ... .max)
        }
        values.readsTestValues = true
        return values
    }

    /// Fails the running test: `name` was used and no scope of the test set it.
    static func reportUnset(
        _ name: String, set example: String, otherwise: String = "",
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        reportIssue(
            "\(name) was used by a test that did not set it. Set it around what the test makes: "
                + "Dependencies.with { \(example) } operation: { … }" + otherwise,
            fileID: fileID, filePath: filePath, line: line, column: column
        )
    }
}

/// The clock of a test that set none: it fails the test when something sleeps on it or reads its
/// time, then keeps time as `ContinuousClock` does.
struct UnsetClock: Clock {
    private let live = ContinuousClock()

    var now: ContinuousClock.Instant {
        Dependencies.reportUnset("Dependencies.clock", set: "$0.clock = clock", otherwise: ", or give the ViewModelTester a TestClock")
        return live.now
    }

    var minimumResolution: Duration { live.minimumResolution }

    /// A deadline comes from ``now``, which reported already.
    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        try await live.sleep(until: deadline, tolerance: tolerance)
    }
}
