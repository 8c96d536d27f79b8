import Foundation
import GRDB

/// The answer the server gave to a write with an `Idempotency-Key`, kept so that a retry of the
/// same write gets the same answer without the write being applied twice.
struct IdempotentAnswer: Sendable, Equatable {
    /// The HTTP status.
    var status: Int
    /// The JSON body; empty for 204.
    var body: Data

    /// Runs `apply` inside the write transaction `db`, unless `key` already answered a write:
    /// then nothing is applied, and the answer is `replay`'s for the saved one (the saved one
    /// itself by default). A key sent with another request (another method, path or body) is
    /// refused with 409 `idempotency_key_reused`. `apply` throws a failure (a 404), which rolls
    /// the transaction back, so only successful answers are kept and a failure is decided again
    /// on the next try.
    ///
    /// - Parameters:
    ///   - key: the request's `Idempotency-Key`, or `nil` (then `apply` simply runs).
    ///   - request: what identifies the request the key belongs to (method, path, body).
    ///   - replay: the answer to a write already applied, from its saved answer: a record's
    ///     write answers the record as it is now, so an old write replayed (its answer lost to a
    ///     read-only outbox, or a kill) never shows its old value as the server's.
    static func answer(
        key: String?, request: String, in db: Database,
        replay: (Database, IdempotentAnswer) throws -> IdempotentAnswer = { _, saved in saved },
        apply: (Database) throws -> IdempotentAnswer
    ) throws -> IdempotentAnswer {
        guard let key else { return try apply(db) }
        if let row = try Row.fetchOne(db, sql: "SELECT request, status, body FROM idempotentAnswer WHERE key = ?", arguments: [key]) {
            guard row["request"] as String == request else {
                throw APIError.idempotencyKeyReused(
                    "The Idempotency-Key \"\(QuotedValue.excerpt(key))\" was already used for another request; make a new key for each write."
                )
            }
            return try replay(db, IdempotentAnswer(status: row["status"], body: row["body"]))
        }
        let answer = try apply(db)
        try db.execute(
            sql: "INSERT INTO idempotentAnswer (key, request, status, body) VALUES (?, ?, ?, ?)",
            arguments: [key, request, answer.status, answer.body]
        )
        return answer
    }
}
