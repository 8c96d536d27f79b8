extension FaultPlan: CustomStringConvertible {
    /// The plan in the `X-Demo-Fault` format that ``parse(_:)`` reads back, such as
    /// `latency=250ms;status=503`; `none` when nothing is injected.
    public var description: String {
        isNone ? "none" : headerValue
    }

    /// The plan as an `X-Demo-Fault` header value that ``parse(_:)`` reads back to an equal plan
    /// (latencies are written in whole milliseconds); empty for ``none``.
    public var headerValue: String {
        var parts: [String] = []
        if let latency {
            let milliseconds = latency.components.seconds * 1000 + latency.components.attoseconds / 1_000_000_000_000_000
            parts.append("latency=\(milliseconds)ms")
        }
        if let status { parts.append("status=\(status)") }
        if malformedJSON { parts.append("malformed") }
        if truncatedBody { parts.append("truncate") }
        if closeConnection { parts.append("close") }
        return parts.joined(separator: ";")
    }
}
