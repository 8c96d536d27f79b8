import MVVMCore
import MVVMTesting
import RegistrationFeature
import Testing

/// A password typed into the registration form appears in none of the ways its state or its
/// events are printed: `description`, `dump`, events, and `ViewModelTester`'s failure messages.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct PasswordRedactionTests {
    static let secret = "zebra-42-secret"

    final class Failures {
        var messages: [String] = []
    }

    func typedViewModel() -> RegistrationViewModel {
        let viewModel = RegistrationViewModel(repository: StubRegistrationRepository(clock: TestClock(), answers: []))
        viewModel.send(.loginIDChanged("mika"))
        viewModel.send(.passwordChanged(Self.secret))
        viewModel.send(.passwordConfirmationChanged(Self.secret))
        return viewModel
    }

    func expectRedacted(_ text: String, _ what: String) {
        #expect(!text.contains(Self.secret), "\(what) shows the password")
    }

    @Test func theStateAndTheEventsNeverPrintThePassword() {
        let state = typedViewModel().state
        #expect(state.form.password == Self.secret)
        var dumped = ""
        dump(state, to: &dumped)
        expectRedacted(dumped, "dump")
        expectRedacted("\(state)", "description")
        expectRedacted(String(reflecting: state), "debugDescription")
        expectRedacted("\(RegistrationRequest(state.form))", "the request")

        let event = RegistrationViewModel.Event.passwordChanged(Self.secret)
        var dumpedEvent = ""
        dump(event, to: &dumpedEvent)
        expectRedacted(dumpedEvent, "dump of the event")
        #expect("\(event)" == "passwordChanged(<redacted>)")
        #expect("\(RegistrationViewModel.Event.loginIDChanged("mika"))" == #"loginIDChanged("mika")"#)
    }

    @Test func aFailingTestScriptNeverPrintsThePassword() {
        let failures = Failures()
        let reporter = TestFailureReporter { message, _ in failures.messages.append(message) }
        let tester = ViewModelTester(typedViewModel(), reporter: reporter)
        // Wrong on purpose: the script says nothing changes, so the tester prints the change.
        tester.send(.passwordChanged(Self.secret + "!")) { _ in }
        #expect(failures.messages.count == 1)
        for message in failures.messages {
            expectRedacted(message, "the tester's failure")
            #expect(message.contains("<redacted>"))
        }
    }
}
