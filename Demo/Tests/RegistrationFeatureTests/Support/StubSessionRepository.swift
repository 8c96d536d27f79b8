import MVVMData
import MVVMTestSupport
import MVVMTesting
import RegistrationFeature
import Testing

/// A sign-in backend that answers from a script, each answer 100 ms later on a test clock, and
/// records what it was asked.
final class StubSessionRepository: SessionRepository {
    let clock: TestClock
    private let script: LockedValue<[SignInError?]>
    private let asked = LockedValue<[String]>([])

    /// A repository answering `answers` in order: `nil` signs in.
    init(clock: TestClock, answers: [SignInError?]) {
        self.clock = clock
        script = LockedValue(answers)
    }

    /// The login ids asked for, oldest first.
    var loginIDs: [String] { asked.value }

    func signIn(loginID: String, password: String) async throws(SignInError) {
        asked.withValue { $0.append(loginID) }
        let next: SignInError?? = script.withValue { $0.isEmpty ? .none : .some($0.removeFirst()) }
        guard let answer = next else {
            Issue.record("Unexpected sign-in: \(loginID)")
            throw .unknown
        }
        do {
            try await clock.sleep(for: .milliseconds(100))
        } catch {
            throw .cancelled
        }
        if let answer { throw answer }
    }

    func signOut() async {}

    func statusChanges() async -> AsyncStream<AuthStatus> {
        AsyncStream { $0.yield(.signedOut) }
    }
}
