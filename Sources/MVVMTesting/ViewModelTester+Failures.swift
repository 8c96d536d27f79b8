import CustomDump
import MVVMCore
import Testing

// How a ViewModelTester records where a change came from, compares states, and words its
// failures.
extension ViewModelTester {

    func record(_ state: Model.State) {
        let origin: Origin = if isTakingStep {
            .step
        } else if let event = EventDelivery.event(handledBy: viewModel) {
            .event(event)
        } else {
            WorkContext.key.map { .work($0) } ?? tree.stepInProgress.map { .otherStep($0) } ?? .elsewhere
        }
        unasserted.append((state, origin))
    }

    func describe(_ origin: Origin) -> String {
        switch origin {
        case .step: "the step itself"
        case .event(let event): "handling \(describe(event))"
        case .work(let key): "work \"\(key)\""
        case .otherStep(let step): "the step \(step)"
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
        // Non-exhaustive: what the closure states is checked on the state as it is; the rest of
        // the change is listed as skipped.
        var expectedState = exhaustivity == .on ? asserted : actual
        do {
            try expected(&expectedState)
        } catch {
            fail("The expected-state closure threw \(error) \(context).", at: location)
        }
        if exhaustivity == .off {
            var stated = asserted
            try? expected(&stated)
            if stated != actual { skip(difference(expected: stated, actual: actual), context: context, at: location) }
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
        if exhaustivity == .off {
            while let first = unasserted.first { skipUnasserted(first, at: location) }
            return
        }
        var previous = asserted
        let changes = unasserted.map { state, origin in
            defer { previous = state }
            return "From \(describe(origin)):\n" + difference(expected: previous, actual: state)
        }
        fail(
            (name.map { "\($0): " } ?? "") + "\(unasserted.count) state change(s) were not asserted before \(step). "
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

    /// Lists a change a non-exhaustive script did not assert.
    func skip(_ difference: String, context: String, at location: SourceLocation) {
        let message = (name.map { "\($0): " } ?? "") + "Skipped \(context):\n" + difference
        skippedChanges.append(message)
        reporter.skipped(message, at: location)
    }

    /// Skips the first unasserted change, made by `change.origin`.
    func skipUnasserted(_ change: (state: Model.State, origin: Origin), at location: SourceLocation) {
        skip(difference(expected: asserted, actual: change.state), context: "a change made by \(describe(change.origin))", at: location)
        asserted = change.state
        unasserted.removeFirst()
    }
}
