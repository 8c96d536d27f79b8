import Foundation

/// What a response says about keeping it (RFC 9111): its entity tag, to ask later whether it
/// changed (`If-None-Match`), and how long it stays fresh (`Cache-Control: max-age`).
///
/// Read from a server, so never trusted blindly: a `max-age` that is not a number is no
/// freshness at all, and one beyond a year (or beyond what an `Int` holds) is a year.
public struct HTTPFreshness: Hashable, Sendable {
    /// The longest a response is taken as fresh, whatever the server says: one year.
    public static let maximumAge: Duration = .seconds(365 * 24 * 3_600)

    /// The `ETag`, as sent (`"abc"` or `W/"abc"`); `nil` when there is none.
    public var entityTag: String?
    /// How long the response is fresh from now; `.zero` when it must be revalidated every time
    /// (`no-cache`, no `max-age`).
    public var maxAge: Duration
    /// `Cache-Control: no-store`: the response must not be kept.
    public var isStorable: Bool

    /// Freshness as given.
    public init(entityTag: String? = nil, maxAge: Duration = .zero, isStorable: Bool = true) {
        self.entityTag = entityTag
        self.maxAge = min(max(.zero, maxAge), Self.maximumAge)
        self.isStorable = isStorable
    }

    /// The freshness `response`'s `ETag` and `Cache-Control` header fields give.
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
        let tag = response.header("ETag")?.trimmingCharacters(in: .whitespaces)
        self.init(entityTag: tag?.isEmpty == false ? tag : nil, maxAge: mustRevalidate ? .zero : maxAge, isStorable: isStorable)
    }
}
