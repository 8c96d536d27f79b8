import Foundation

/// What the client's logs must never show: secret headers, and secret fields in query strings
/// and JSON bodies. Their values become `<redacted>`.
///
/// Names match case-insensitively; a field matches when its name contains one of
/// `sensitiveFieldFragments` (`password`, `passwordConfirmation`, `accessToken` all match).
public struct Redaction: Sendable, Equatable {
    /// Header names whose values are hidden.
    package var sensitiveHeaders: Set<String>
    /// Fragments of query and JSON field names whose values are hidden.
    package var sensitiveFieldFragments: [String]

    /// Creates a redaction; the defaults cover credentials, cookies, tokens and keys.
    public init(
        sensitiveHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-auth-token"],
        sensitiveFieldFragments: [String] = ["password", "passcode", "secret", "token", "apikey", "api_key", "authorization", "credential"]
    ) {
        self.sensitiveHeaders = Set(sensitiveHeaders.map { $0.lowercased() })
        self.sensitiveFieldFragments = sensitiveFieldFragments.map { $0.lowercased() }
    }

    /// The default redaction.
    public static let `default` = Redaction()

    static let placeholder = "<redacted>"

    /// `headers` with secret values replaced, as `name: value` lines sorted by name.
    func headers(_ headers: [String: String]) -> String {
        headers
            .map { name, value in "\(name): \(sensitiveHeaders.contains(name.lowercased()) ? Self.placeholder : value)" }
            .sorted()
            .joined(separator: ", ")
    }

    /// `url`'s path and query, with secret query values replaced.
    func pathAndQuery(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.path }
        components.queryItems = components.queryItems?.map { item in
            isSensitive(item.name) ? URLQueryItem(name: item.name, value: Self.placeholder) : item
        }
        let query = components.percentEncodedQuery.map { "?\($0)" } ?? ""
        return components.percentEncodedPath + query
    }

    /// A JSON body with secret fields replaced, compact with sorted keys; a body that is not
    /// JSON is described by its size only.
    func body(_ body: Data?) -> String {
        guard let body, !body.isEmpty else { return "" }
        guard let json = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
              let redacted = try? JSONSerialization.data(withJSONObject: redact(json), options: [.sortedKeys, .fragmentsAllowed]),
              let text = String(data: redacted, encoding: .utf8)
        else { return "<\(body.count) bytes, not JSON>" }
        return Sanitizer.sanitize(text)
    }

    func isSensitive(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return sensitiveFieldFragments.contains { lowered.contains($0) }
    }

    private func redact(_ json: Any) -> Any {
        if let object = json as? [String: Any] {
            return Dictionary(uniqueKeysWithValues: object.map { key, value in
                (key, isSensitive(key) ? Self.placeholder as Any : redact(value))
            })
        }
        if let array = json as? [Any] { return array.map(redact) }
        return json
    }
}
