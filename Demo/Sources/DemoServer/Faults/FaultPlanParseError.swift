/// Why an `X-Demo-Fault` value (or a `--fault` option) could not be read as a ``FaultPlan``.
public struct FaultPlanParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The part of the value that is wrong, as written (for example `latency=fast`).
    public let part: String
    /// What is wrong with ``part`` and what would be accepted instead.
    public let reason: String

    /// Creates an error for one bad part of a fault value.
    /// - Parameters:
    ///   - part: The offending part, as written.
    ///   - reason: What is wrong and what is accepted.
    public init(part: String, reason: String) {
        self.part = part
        self.reason = reason
    }

    /// One sentence naming the bad part and what is accepted.
    public var description: String {
        "Invalid fault \"\(QuotedValue.excerpt(part))\": \(reason)"
    }
}
