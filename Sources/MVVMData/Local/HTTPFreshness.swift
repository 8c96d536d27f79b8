import Foundation

/// What a response says about keeping it (RFC 9111): its entity tag, to ask later whether it
/// changed (`If-None-Match`), and how long it stays fresh (`Cache-Control: max-age`).
///
/// Read from a server, so never trusted blindly: a `max-age` that is not a number is no
/// freshness at all, and one beyond a year (or beyond what an `Int` holds) is a year.
public struct HTTPFreshness: Hashable, Sendable {
    /// The longest a response is taken as fresh, whatever the server says: one year.
    package static let maximumAge: Duration = .seconds(365 * 24 * 3_600)
    /// The longest entity tag kept, in bytes: a longer one is not kept (the value is, and the
    /// next request asks for it whole). A tag is a server's short version mark; one of 60 KB was
    /// kept beside every picture (issue 54).
    package static let maximumEntityTagLength = 1_024

    /// The `ETag`, as sent (`"abc"` or `W/"abc"`); `nil` when there is none.
    package var entityTag: String?
    /// How long the response is fresh from now; `.zero` when it must be revalidated every time
    /// (`no-cache`, no `max-age`).
    package var maxAge: Duration
    /// `Cache-Control: no-store`, or `Vary: *`: the response must not be kept.
    package var isStorable: Bool

    /// Freshness as given.
    public init(entityTag: String? = nil, maxAge: Duration = .zero, isStorable: Bool = true) {
        self.entityTag = entityTag
        self.maxAge = min(max(.zero, maxAge), Self.maximumAge)
        self.isStorable = isStorable
    }

    /// The freshness `response`'s `ETag`, `Cache-Control` and `Vary` header fields give. An
    /// `ETag` that is not an entity tag (RFC 9110, 8.8.3: `"…"` or `W/"…"`, visible characters, no
    /// quote inside) or is longer than `maximumEntityTagLength` is not kept; a `Vary` naming `*`
    /// makes the response not storable (RFC 9111, 4.1: it never matches a later request).
    public init(_ response: HTTPResponse) {
        var maxAge: Duration = .zero
        var isStorable = true
        var mustRevalidate = false
        for directive in (response.header("Cache-Control") ?? "").split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            switch parts.first {
            case "no-store": isStorable = false
            case "no-cache": mustRevalidate = true
            case "max-age" where parts.count == 2:
                let digits = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { continue }
                maxAge = Int(digits).map { .seconds($0) } ?? Self.maximumAge   // too long for an Int: the cap
            default: continue
            }
        }
        let variesOnEverything = (response.header("Vary") ?? "").split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "*" }
        let tag = response.header("ETag")?.trimmingCharacters(in: .whitespaces)
        self.init(
            entityTag: tag.flatMap { Self.isEntityTag($0) ? $0 : nil },
            maxAge: mustRevalidate ? .zero : maxAge,
            isStorable: isStorable && !variesOnEverything
        )
    }

    /// Whether `text` is an entity tag of at most `maximumEntityTagLength` bytes: an opaque tag
    /// in double quotes (visible ASCII or non-ASCII bytes, no quote), `W/` before it when weak.
    static func isEntityTag(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumEntityTagLength else { return false }
        let opaque = bytes.starts(with: Array("W/".utf8)) ? bytes.dropFirst(2) : bytes[...]
        guard opaque.count >= 2, opaque.first == UInt8(ascii: "\""), opaque.last == UInt8(ascii: "\"") else { return false }
        return opaque.dropFirst().dropLast().allSatisfy { $0 == 0x21 || (0x23...0x7E).contains($0) || $0 >= 0x80 }
    }
}
