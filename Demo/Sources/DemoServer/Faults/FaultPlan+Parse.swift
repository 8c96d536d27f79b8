extension FaultPlan {
    /// The largest latency a plan may ask for.
    public static let maximumLatency: Duration = .seconds(60)

    /// Reads a plan from a semicolon-separated list of faults, the format of the `X-Demo-Fault`
    /// header and of `demo-server --fault`.
    ///
    /// Accepted parts (names are case-insensitive, spaces around parts are ignored, empty parts are
    /// skipped, each kind may appear once):
    /// - `latency=250ms` or `latency=2s` (also `latency=1.5s`): a delay of at most 60 seconds;
    /// - `status=503`: an HTTP status in 400...599;
    /// - `malformed`, `truncate`, `close`.
    ///
    /// For example `latency=100ms;status=500`. An empty string is ``none``.
    /// - Parameter header: The header value.
    /// - Returns: The plan the value describes.
    /// - Throws: ``FaultPlanParseError`` naming the first bad part.
    public static func parse(_ header: String) throws(FaultPlanParseError) -> FaultPlan {
        var plan = FaultPlan()
        var seen: Set<String> = []
        for rawPart in header.split(separator: ";", omittingEmptySubsequences: false) {
            let part = rawPart.trimmingASCIIWhitespace()
            if part.isEmpty { continue }
            let (name, value) = part.splitOnce("=")
            let key = name.lowercased()
            guard seen.insert(key).inserted else {
                throw FaultPlanParseError(part: part, reason: "\"\(QuotedValue.excerpt(name))\" appears more than once.")
            }
            switch key {
            case "latency":
                plan.latency = try parseLatency(value, part: part)
            case "status":
                plan.status = try parseStatus(value, part: part)
            case "malformed", "truncate", "close":
                guard value == nil else {
                    throw FaultPlanParseError(part: part, reason: "\"\(QuotedValue.excerpt(name))\" takes no value.")
                }
                switch key {
                case "malformed": plan.malformedJSON = true
                case "truncate": plan.truncatedBody = true
                default: plan.closeConnection = true
                }
            default:
                throw FaultPlanParseError(
                    part: part,
                    reason: "unknown fault; use latency=250ms, latency=2s, status=503, malformed, truncate or close, separated by \";\"."
                )
            }
        }
        return plan
    }

    private static func parseLatency(_ value: String?, part: String) throws(FaultPlanParseError) -> Duration {
        let reason = "latency must be a number of milliseconds or seconds up to 60s, such as latency=250ms or latency=2s."
        guard let value = value?.lowercased() else { throw FaultPlanParseError(part: part, reason: reason) }
        let duration: Duration
        if value.hasSuffix("ms"), let milliseconds = Int(digitsOnly: value.dropLast(2)) {
            duration = .milliseconds(milliseconds)
        } else if value.hasSuffix("s"), let milliseconds = millisecondsFromSeconds(value.dropLast()) {
            duration = .milliseconds(milliseconds)
        } else {
            throw FaultPlanParseError(part: part, reason: reason)
        }
        guard duration <= maximumLatency else { throw FaultPlanParseError(part: part, reason: reason) }
        return duration
    }

    private static func parseStatus(_ value: String?, part: String) throws(FaultPlanParseError) -> Int {
        guard let value, let status = Int(digitsOnly: value[...]), (400...599).contains(status) else {
            throw FaultPlanParseError(part: part, reason: "status must be an HTTP error status from 400 to 599, such as status=503.")
        }
        return status
    }

    /// Reads `2` or `1.5` (at most three decimals) as milliseconds.
    private static func millisecondsFromSeconds(_ text: Substring) -> Int? {
        let pieces = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = Int(digitsOnly: pieces[0]), whole <= 60 else { return nil }
        var fraction = 0
        if pieces.count == 2 {
            let digits = pieces[1]
            guard (1...3).contains(digits.count), let value = Int(digitsOnly: digits) else { return nil }
            fraction = value * [100, 10, 1][digits.count - 1]
        }
        return whole * 1000 + fraction
    }
}
