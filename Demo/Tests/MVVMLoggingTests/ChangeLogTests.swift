import InMemoryLogging
import Logging
import MVVMCore
import MVVMLogging
import MVVMTesting
import RegistrationFeature
import Testing

/// `logChanges(to:)`: each traced event, then the diff of each state change, through swift-log;
/// nothing when not attached or when the level is off; a password never appears.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct ChangeLogTests {
    static let secret = "zebra-42-secret"

    func makeViewModel() -> RegistrationViewModel {
        RegistrationViewModel(repository: NeverRegisters())
    }

    func logger(_ handler: InMemoryLogHandler, level: Logger.Level = .debug) -> Logger {
        var logger = Logger(label: "changes") { _ in handler }
        logger.logLevel = level
        return logger
    }

    @Test func eventsAndStateDiffsAreLoggedInOrder() {
        let handler = InMemoryLogHandler()
        let viewModel = makeViewModel()
        let token = viewModel.logChanges(to: logger(handler))
        viewModel.send(.loginIDChanged("mika"))

        let messages = handler.entries.map { "\($0.message)" }
        #expect(messages.count == 2)
        #expect(messages.first == #"RegistrationViewModel received RegistrationViewModel.Event.loginIDChanged("mika")"#)
        let diff = messages.last ?? ""
        #expect(diff.hasPrefix("RegistrationViewModel state changed:\n"))
        #expect(diff.contains(#"-     loginID: "","#))
        #expect(diff.contains(#"+     loginID: "mika","#))
        #expect(handler.entries.allSatisfy { $0.level == .debug })
        token.cancel()
    }

    @Test func aPasswordNeverAppearsInTheLog() {
        let handler = InMemoryLogHandler()
        let viewModel = makeViewModel()
        let token = viewModel.logChanges(to: logger(handler))
        viewModel.send(.passwordChanged(Self.secret))
        viewModel.send(.passwordConfirmationChanged(Self.secret))

        let everything = handler.entries.map { "\($0.message)" }.joined(separator: "\n")
        #expect(!handler.entries.isEmpty)
        #expect(!everything.contains(Self.secret))
        #expect(everything.contains("<redacted>"))
        token.cancel()
    }

    @Test func nothingIsLoggedWhenTheLevelIsOffOrTheLogIsCancelled() {
        let handler = InMemoryLogHandler()
        let viewModel = makeViewModel()
        let quiet = viewModel.logChanges(to: logger(handler, level: .info))   // logs at .debug
        viewModel.send(.loginIDChanged("a"))
        #expect(handler.entries.isEmpty)
        quiet.cancel()

        let token = viewModel.logChanges(to: logger(handler))
        token.cancel()
        viewModel.send(.loginIDChanged("ab"))
        #expect(handler.entries.isEmpty, "a cancelled log is detached from events and states")
    }

    @Test func aReleasedLogStopsLogging() {
        let handler = InMemoryLogHandler()
        let viewModel = makeViewModel()
        _ = viewModel.logChanges(to: logger(handler))   // released at once
        viewModel.send(.loginIDChanged("a"))
        #expect(handler.entries.isEmpty)
    }
}

/// Registrations that never answer: the change log tests only type.
struct NeverRegisters: RegistrationRepository {
    func register(_ request: RegistrationRequest) async throws(RegistrationError) -> Registration {
        try? await Task.sleep(for: .seconds(3600))
        throw .noInternet
    }
}
