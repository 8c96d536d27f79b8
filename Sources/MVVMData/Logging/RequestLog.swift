import Foundation
import Logging

/// The client's log lines: one per request, response and failure, never with a secret.
///
/// - `debug`: `→ GET /api/users?page=1` and `← 200 GET /api/users?page=1 (5120 B, 12 ms)`;
/// - `trace`: the same with headers and JSON bodies, redacted;
/// - `notice`: failures, with the attempt number.
struct RequestLog {
    let logger: Logger
    let redaction: Redaction

    func sending(_ request: HTTPRequest, attempt: Int) {
        logger.debug("→ \(request.method) \(redaction.pathAndQuery(request.url))", metadata: metadata(attempt: attempt))
        logger.trace(
            "→ \(request.method) \(redaction.pathAndQuery(request.url))",
            metadata: [
                "headers": .string(redaction.headers(request.headers)),
                "body": .string(redaction.body(request.body)),
            ]
        )
    }

    func received(_ response: HTTPResponse, for request: HTTPRequest, after elapsed: Duration) {
        let line = "← \(response.status) \(request.method) \(redaction.pathAndQuery(request.url))"
            + " (\(response.body.count) B, \(Self.milliseconds(elapsed)) ms)"
        logger.debug("\(line)")
        logger.trace(
            "\(line)",
            metadata: [
                "headers": .string(redaction.headers(response.headers)),
                "body": .string(redaction.body(response.body)),
            ]
        )
    }

    func failed(_ error: APIError, for request: HTTPRequest, attempt: Int, willRetryAfter delay: Duration?) {
        let retry = delay.map { ", retrying in \(Self.milliseconds($0)) ms" } ?? ""
        logger.notice(
            "✕ \(request.method) \(redaction.pathAndQuery(request.url)): \(Self.reason(error))\(retry)",
            metadata: metadata(attempt: attempt)
        )
    }

    private func metadata(attempt: Int) -> Logger.Metadata {
        ["attempt": .stringConvertible(attempt)]
    }

    /// The failure without the request summary (the line names the request already).
    private static func reason(_ error: APIError) -> String {
        switch error {
        case .transport(let transport, _): transport.description
        case .cancelled: "cancelled"
        case .httpStatus(let status, let excerpt, _): excerpt.isEmpty ? "HTTP \(status)" : "HTTP \(status): \(excerpt)"
        case .decoding(let failure, _): failure.description
        case .invalidResponse(let reason, _): "invalid response: \(reason)"
        case .invalidRequest(let reason): "invalid request: \(reason)"
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}
