package import Foundation

/// Which redirects ``APIClient`` follows: a read (`GET`, `HEAD`) moved within the same origin
/// (scheme, host and port), at most ``maximumHops`` times. Nothing else is followed:
///
/// - **no other origin**: a redirect must never hand a request, its `Authorization` header or
///   its answer to another server (a 302 on an avatar fetched it from elsewhere);
/// - **no write**: a `307` or `308` would send the body and its `Idempotency-Key` again, and the
///   server that answers it may apply it (a toggle's PATCH was applied by another port, whose
///   user then became the app's record).
///
/// A redirect not followed is the answer: its status fails the call
/// (``APIError/httpStatus(_:bodyExcerpt:request:)``, not retried), so a write is rolled back and
/// the user told, never applied elsewhere. Transports follow no redirect themselves
/// (``URLSessionTransport`` refuses them in its session's delegate, `AsyncHTTPClientTransport`'s
/// client disallows them), so this is the only place that decides (`RedirectTests`).
package enum Redirect {
    /// The most redirects one request follows.
    package static let maximumHops = 5

    /// The statuses that ask the client to go elsewhere.
    package static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The request to send next for `response` to `request`, or `nil` when the response is the
    /// answer: not a redirect, a write, no usable `Location`, or another origin.
    package static func next(after response: HTTPResponse, to request: HTTPRequest) -> HTTPRequest? {
        guard statuses.contains(response.status), request.method == .get || request.method == .head,
              let location = response.header("Location"),
              let target = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: request.url)?.absoluteURL,
              isSameOrigin(target, request.url)
        else { return nil }
        var next = request
        next.url = target
        return next
    }

    /// Whether `a` and `b` have the same scheme, host and port (a missing port is the scheme's).
    package static func isSameOrigin(_ a: URL, _ b: URL) -> Bool {
        guard let schemeA = a.scheme?.lowercased(), let schemeB = b.scheme?.lowercased(),
              let hostA = a.host?.lowercased(), let hostB = b.host?.lowercased() else { return false }
        return schemeA == schemeB && hostA == hostB && effectivePort(a, scheme: schemeA) == effectivePort(b, scheme: schemeB)
    }

    private static func effectivePort(_ url: URL, scheme: String) -> Int? {
        url.port ?? ["http": 80, "https": 443][scheme]
    }
}
