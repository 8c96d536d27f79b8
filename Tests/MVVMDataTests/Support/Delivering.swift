import MVVMData
import MVVMTesting
import Synchronization

/// What an outbox reported, one line per outcome: `delivered <write>`, `rejected <write>: <error>`,
/// `unreadable (version <n>): <reason>`, `problem: <problem>` or `answered elsewhere <write>`.
final class OutcomeLog: Sendable {
    private let described = Mutex<[String]>([])

    /// The outcomes so far, oldest first.
    var lines: [String] { described.withLock { $0 } }

    func record<Write>(_ outcome: Outbox<Write>.Outcome) {
        let line = switch outcome {
        case .delivered(let entry): "delivered \(entry.write)"
        case .rejected(let entry, let error): "rejected \(entry.write): \(error)"
        case .unreadable(let write): "unreadable (version \(write.record.schemaVersion)): \(write.reason)"
        case .problem(let problem): "problem: \(problem)"
        case .answeredElsewhere(let entry): "answered elsewhere \(entry.write)"
        }
        described.withLock { $0.append(line) }
    }
}

/// Runs `body` on `clock`'s executor while `outbox` delivers through `send` and its outcomes are
/// logged: `clock.advance()` runs the delivery as far as it goes, so the test reads what happened
/// without waiting on anything. The delivery ends with `body`.
@MainActor
func delivering<Write: Codable & Sendable>(
    _ outbox: Outbox<Write>,
    on clock: TestClock,
    isRetryable: @escaping @Sendable (any Error) -> Bool = { _ in false },
    send: @escaping @Sendable (Outbox<Write>.Entry) async throws -> Void,
    _ body: (OutcomeLog) async throws -> Void
) async throws {
    let log = OutcomeLog()
    try await clock.perform {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await outbox.deliver(isRetryable: isRetryable, send: send) }
            group.addTask { for await outcome in outbox.outcomes { log.record(outcome) } }
            defer { group.cancelAll() }
            try await body(log)
        }
    }
}
