import CustomDump
import MVVMCore
import Testing

// How a ViewModelTester records where a change came from, compares states, and words its
// failures.
extension ViewModelTester {

    func record(_ state: Model.State) {
        let origin: Origin = isTakingStep ? .step : WorkContext.key.map { .work($0) } ?? .elsewhere
        unasserted.append((state, origin))
    }

    func describe(_ origin: Origin) -> String {
        switch origin {
        case .step: "the step itself"
        case .work(let key): "work \"\(key)\""
        case .elsewhere: "outside owned work (an observer, a mailbox, a shared record store)"
        }
    }

    /// " (2 sleeping on the test clock until 0.3 seconds, which reads 0.0 seconds)", or "".
    func sleepersDescription() -> String {
        guard let clock, let next = clock.nextDeadline else { return "" }
        return " (\(clock.sleeperCount) sleeping on the test clock, the first until \(next); it reads \(clock.now))"
    }

    func compare(
        _ expected: (inout Model.State) throws -> Void,
        to actual: Model.State,
        context: String,
        at location: SourceLocation
    ) {
        var expectedState = asserted
        do {
            try expected(&expectedState)
        } catch {
            fail("The expected-state closure threw \(error) \(context).", at: location)
        }
        if expectedState != actual {
            fail(
                "State differs from the expected one \(context):\n"
                    + difference(expected: expectedState, actual: actual),
                at: location
            )
        }
        asserted = actual
    }

    func failOnUnasserted(before step: String, at location: SourceLocation) {
        guard !unasserted.isEmpty else { return }
        var previous = asserted
        let changes = unasserted.map { state, origin in
            defer { previous = state }
            return "From \(describe(origin)):\n" + difference(expected: previous, actual: state)
        }
        fail(
            "\(unasserted.count) state change(s) were not asserted before \(step). "
                + "Assert each with receive(_:):\n"
                + changes.joined(separator: "\n"),
            at: location
        )
        asserted = unasserted.last?.state ?? asserted
        unasserted.removeAll()
    }

    func difference(expected: Model.State, actual: Model.State) -> String {
        CustomDump.diff(expected, actual, format: .proportional)
            .map { "(Expected: −, Actual: +)\n" + $0 }
            ?? "(no difference in their dumps: they differ in what is not printed, such as a @Sensitive field)"
    }

    func describe(_ event: Model.Event) -> String {
        var output = ""
        customDump(event, to: &output, maxDepth: 2)
        return output
    }

    func runningWorkDescription() -> String {
        let keys = viewModel.readOnlyStore.base.runningWorkKeys
        guard !keys.isEmpty else { return " No owned work is running." }
        return " Owned work still running: " + keys.map { "\"\($0)\"" }.joined(separator: ", ")
            + sleepersDescription() + " (waiting on the test clock? advance it first)."
    }

    func fail(_ message: String, at location: SourceLocation) {
        reporter.fail(message, at: location)
    }
}
