// The Secrets and Change Logs article's code (MVVMCore.docc), compiled and run (SnippetCheckTests).
// snippet: state
import MVVMCore

struct SignInState: Equatable, Sendable {
    var loginID = ""
    @Sensitive var password = ""
    var canSubmit: Bool { !loginID.isEmpty && password.count >= 8 }
}
// snippet end

// snippet: event
enum SignInEvent: Equatable, Sendable {
    case loginIDChanged(String)
    case passwordChanged(String)
    case submitTapped
}

extension SignInEvent: CustomStringConvertible, CustomReflectable {
    /// Logs and test failures print events: the password prints as `<redacted>`.
    var description: String {
        switch self {
        case .loginIDChanged(let text): "loginIDChanged(\(text.debugDescription))"
        case .passwordChanged: "passwordChanged(\(Sensitive<String>.redacted))"
        case .submitTapped: "submitTapped"
        }
    }

    /// What `dump` and the change log show: the payload wrapped in `Sensitive`.
    var customMirror: Mirror {
        switch self {
        case .loginIDChanged(let text):
            Mirror(self, children: ["loginIDChanged": text], displayStyle: .enum)
        case .passwordChanged(let text):
            Mirror(self, children: ["passwordChanged": Sensitive(wrappedValue: text)], displayStyle: .enum)
        case .submitTapped:
            Mirror(self, children: [], displayStyle: .enum)
        }
    }
}
// snippet end

// snippet: view-model
@MainActor
final class SignInViewModel: ViewModel {
    private let store = StateStore(SignInState())
    var readOnlyStore: ReadOnlyStore<SignInState> { store.readOnly }

    func onEvent(_ event: SignInEvent) {
        switch event {
        case .loginIDChanged(let text): store.update { $0.loginID = text }
        case .passwordChanged(let text): store.update { $0.password = text }
        case .submitTapped: break             // sends `state.password`, the real value
        }
    }
}
// snippet end

import Foundation
import InMemoryLogging
import Logging
import MVVMLogging
import MVVMTesting
import Testing

/// The failure messages of a `ViewModelTester`, collected instead of reported.
@MainActor
final class SignInFailures {
    var messages: [String] = []
}

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct SecretsAndChangeLogsTests {
    static let secret = "zebra-42-secret"

    func typed() -> SignInViewModel {
        let viewModel = SignInViewModel()
        viewModel.send(.loginIDChanged("mika"))
        viewModel.send(.passwordChanged(Self.secret))
        return viewModel
    }

    // snippet: log-test
    @Test func theChangeLogShowsEachEventAndChangeButNeverThePassword() {
        let handler = InMemoryLogHandler()
        var logger = Logger(label: "sign-in") { _ in handler }
        logger.logLevel = .debug
        let viewModel = SignInViewModel()
        let changes = viewModel.logChanges(to: logger)   // keep the token: the log ends with it

        viewModel.send(.passwordChanged(Self.secret))

        let log = handler.entries.map { "\($0.message)" }
        #expect(log == [
            "SignInViewModel received SignInEvent.passwordChanged(<redacted>)",
            """
            SignInViewModel state changed:
              SignInState(
                loginID: "",
            -   _password: <redacted>
            +   _password: <redacted>
              )
            """,
        ])
        changes.cancel()
    }
    // snippet end

    @Test func theChangeLogShowsADiffOfWhatIsPrinted() {
        let handler = InMemoryLogHandler()
        var logger = Logger(label: "sign-in") { _ in handler }
        logger.logLevel = .debug
        let viewModel = typed()
        let changes = viewModel.logChanges(to: logger)

        viewModel.send(.loginIDChanged("mika2"))

        let log = handler.entries.map { "\($0.message)" }
        #expect(log == [
            #"SignInViewModel received SignInEvent.loginIDChanged("mika2")"#,
            """
            SignInViewModel state changed:
              SignInState(
            -   loginID: "mika",
            +   loginID: "mika2",
                _password: <redacted>
              )
            """,
        ])
        #expect(!log.joined().contains(Self.secret))
        changes.cancel()
    }

    @Test func nothingIsLoggedWhenTheLevelIsOffOrTheTokenIsGone() {
        let handler = InMemoryLogHandler()
        var logger = Logger(label: "sign-in") { _ in handler }
        logger.logLevel = .info                          // the log writes at .debug
        let viewModel = SignInViewModel()
        let quiet = viewModel.logChanges(to: logger)
        viewModel.send(.loginIDChanged("a"))
        quiet.cancel()

        logger.logLevel = .debug
        _ = viewModel.logChanges(to: logger)             // released at once
        viewModel.send(.loginIDChanged("ab"))
        #expect(handler.entries.isEmpty)
    }

    // snippet: print-test
    @Test func noPrintedFormOfTheStateOrTheEventShowsThePassword() {
        let state = typed().state
        var dumped = ""
        dump(state, to: &dumped)
        var dumpedEvent = ""
        dump(SignInEvent.passwordChanged(Self.secret), to: &dumpedEvent)

        #expect(String(describing: state) == #"SignInState(loginID: "mika", _password: <redacted>)"#)
        #expect("\(SignInEvent.passwordChanged(Self.secret))" == "passwordChanged(<redacted>)")
        for printed in [dumped, dumpedEvent, String(reflecting: state)] {
            #expect(!printed.contains(Self.secret))
        }
        #expect(state.password == Self.secret && state.canSubmit)   // the code still has it
    }
    // snippet end

    @Test func theValueEncodesAsItself() throws {
        struct SignInRequest: Encodable { var loginID: String; @Sensitive var password: String }
        let body = try JSONEncoder().encode(SignInRequest(loginID: "mika", password: Self.secret))
        #expect(String(decoding: body, as: UTF8.self).contains(Self.secret), "the server needs it")
    }

    // snippet: tester-test
    @Test func aFailingScriptNeverPrintsThePassword() {
        let failures = SignInFailures()
        let reporter = TestFailureReporter { message, _ in failures.messages.append(message) }
        let tester = ViewModelTester(typed(), reporter: reporter)

        // Wrong on purpose: the script expects other values than the ViewModel makes.
        tester.send(.loginIDChanged("mika2")) { $0.loginID = "mika3" }
        tester.send(.passwordChanged(Self.secret + "!")) { $0.password = "something else" }

        #expect(failures.messages.allSatisfy { !$0.contains(Self.secret) })
        let last = failures.messages.last ?? ""
        #expect(last.hasPrefix("State differs from the expected one after sending SignInEvent.passwordChanged(<redacted>)"))
        #expect(last.contains("−   _password: <redacted>\n+   _password: <redacted>"))   // −: expected, +: actual
        #expect(failures.messages.count == 2)
    }
    // snippet end
}
