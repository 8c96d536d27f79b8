import Foundation

/// When and how often ``APIClient`` tries a failed request again.
///
/// Only idempotent requests are retried (GET, PUT, DELETE…; never a POST unless you say so),
/// only for failures that may pass (timeouts, lost connections, 408, 429, 502, 503, 504), and
/// with exponential back-off on the client's clock, so tests advance a test clock instead of
/// waiting. A `Retry-After` header in seconds is honoured, up to `maxDelay`.
///
/// ```swift
/// RetryPolicy(maxAttempts: 4, initialDelay: .milliseconds(100))   // waits 100, 200, 400 ms
/// ```
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included; values below 1 count as 1.
    package var maxAttempts: Int
    /// The wait before the second attempt.
    package var initialDelay: Duration
    /// How much each wait grows over the previous one.
    package var multiplier: Double
    /// The longest wait.
    package var maxDelay: Duration
    /// Statuses worth another attempt.
    package var retryableStatuses: Set<Int>
    /// Whether to retry requests that are not idempotent (a POST could then run twice).
    package var retriesNonIdempotentRequests: Bool

    /// Creates a policy.
    public init(
        maxAttempts: Int = 3,
        initialDelay: Duration = .milliseconds(200),
        multiplier: Double = 2,
        maxDelay: Duration = .seconds(5),
        retryableStatuses: Set<Int> = [408, 429, 502, 503, 504],
        retriesNonIdempotentRequests: Bool = false
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
        self.retryableStatuses = retryableStatuses
        self.retriesNonIdempotentRequests = retriesNonIdempotentRequests
    }

    /// Three attempts, waiting 200 ms then 400 ms.
    public static let `default` = RetryPolicy()

    /// One attempt: never retry.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// Whether to try again after `error` ended attempt number `attempt` (1-based).
    package func shouldRetry(_ error: APIError, afterAttempt attempt: Int, isIdempotent: Bool) -> Bool {
        guard attempt < maxAttempts, isIdempotent || retriesNonIdempotentRequests else { return false }
        switch error {
        case .transport(.timedOut, _), .transport(.connectionLost, _), .transport(.cannotConnect, _):
            return true
        case .httpStatus(let status, _, _):
            return retryableStatuses.contains(status)
        default:
            return false
        }
    }

    /// The wait before attempt number `attempt` (2 or more): `initialDelay × multiplierⁿ⁻²`,
    /// or the server's `Retry-After` when given, never more than `maxDelay`.
    package func delay(beforeAttempt attempt: Int, retryAfter: Duration? = nil) -> Duration {
        if let retryAfter { return min(retryAfter, maxDelay) }
        let exponent = max(0, attempt - 2)
        let scale = pow(multiplier, Double(exponent))
        // Compared in seconds first: `Duration * Double` traps once the product leaves Int128's
        // range (about 2⁶⁷ × the delay), which a long outage's attempt count reaches.
        let seconds = initialDelay.seconds * scale
        guard seconds.isFinite, seconds < maxDelay.seconds else { return maxDelay }
        return min(initialDelay * scale, maxDelay)
    }
}
