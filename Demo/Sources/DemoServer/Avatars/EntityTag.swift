import Hummingbird

/// Entity tags (RFC 9110, section 8.8.3) and the `If-None-Match` check of a conditional `GET`.
enum EntityTag {
    /// The CRC-32 of `bytes` as 8 hex digits: the part of a strong tag that changes whenever the
    /// bytes do.
    static func checksum(_ bytes: [UInt8]) -> String {
        let crc = String(Zlib.crc32(bytes), radix: 16)
        return String(repeating: "0", count: 8 - crc.count) + crc
    }

    /// `304 Not Modified` with `headers` (its `ETag` and `Cache-Control`) and no body, when
    /// `request`'s `If-None-Match` matches `tag`; `nil` when the answer must be sent.
    static func notModified(_ request: Request, tag: String, headers: HTTPFields) -> Response? {
        ifNoneMatch(request.headers[values: .ifNoneMatch], matches: tag) ? Response(status: .notModified, headers: headers) : nil
    }

    /// Whether `fieldValues`, the `If-None-Match` header fields of a request, match `tag` (a
    /// quoted strong tag such as `"avatar-17-1a2b3c4d"`): one of their comma-separated members
    /// is `*` or equals `tag` by the weak comparison (a `W/` prefix is ignored), as RFC 9110
    /// section 13.1.2 asks of `If-None-Match`.
    static func ifNoneMatch(_ fieldValues: [String], matches tag: String) -> Bool {
        let opaque = withoutWeakPrefix(tag)
        for value in fieldValues {
            for member in value.split(separator: ",") {
                let candidate = member.trimmingASCIIWhitespace()
                if candidate == "*" || withoutWeakPrefix(candidate) == opaque { return true }
            }
        }
        return false
    }

    /// `tag` without a leading `W/`.
    private static func withoutWeakPrefix(_ tag: some StringProtocol) -> Substring {
        let text = Substring(tag)
        return text.hasPrefix("W/") ? text.dropFirst(2) : text
    }
}
