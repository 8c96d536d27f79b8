import MVVMTesting
import Testing

/// Collects the failures an assertion reports, so that tests can state their exact messages.
@MainActor
final class FailureLog {
    private(set) var messages: [String] = []

    var reporter: TestFailureReporter {
        TestFailureReporter { [self] message, _ in messages.append(message) }
    }
}
