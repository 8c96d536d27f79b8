import MVVMTestSupport
import MVVMTesting
import RegistrationFeature
import Testing

/// A registration backend that answers from a script, each answer after a latency on a test
/// clock, and records what it was asked.
final class StubRegistrationRepository: RegistrationRepository {
    /// The clock the latency passes on.
    let clock: TestClock
    /// How long each answer takes.
    let latency: Duration
    /// Like a server that answers anyway: a cancelled request still returns its answer, after
    /// the latency.
    let ignoresCancellation: Bool

    private let script: LockedValue<[Result<Registration, RegistrationError>]>
    private let log = LockedValue(Log())

    private struct Log {
        var requests: [RegistrationRequest] = []
        var answered = 0
        var cancelled = 0
    }

    init(
        clock: TestClock,
        answers: [Result<Registration, RegistrationError>],
        latency: Duration = .milliseconds(100),
        ignoresCancellation: Bool = false
    ) {
        self.clock = clock
        self.script = LockedValue(answers)
        self.latency = latency
        self.ignoresCancellation = ignoresCancellation
    }

    /// The requests received, oldest first.
    var requests: [RegistrationRequest] { log.value.requests }
    /// How many answers were returned (to a caller that may have been cancelled meanwhile).
    var answeredCount: Int { log.value.answered }
    /// How many requests saw their caller's cancellation and stopped.
    var cancelledCount: Int { log.value.cancelled }

    func register(_ request: RegistrationRequest) async throws(RegistrationError) -> Registration {
        log.withValue { $0.requests.append(request) }
        let answer = script.withValue { $0.isEmpty ? nil : $0.removeFirst() }
        guard let answer else {
            Issue.record("Unexpected registration request: \(request)")
            throw .unknown
        }
        if ignoresCancellation {
            // A detached wait is not cancelled with the caller: the answer comes after the latency.
            let (clock, latency) = (clock, latency)
            await Task.detached { try? await clock.sleep(for: latency) }.value
        } else {
            do {
                try await clock.sleep(for: latency)
            } catch {
                log.withValue { $0.cancelled += 1 }
                throw .cancelled
            }
        }
        log.withValue { $0.answered += 1 }
        return try answer.get()
    }
}
