import Hummingbird

/// The `Idempotency-Key` header of a write: a key the client makes once per write and sends with
/// every try of it, so that a write the server applied, whose answer was lost, is not applied
/// again when the client retries (or a restarted app replays its outbox).
enum IdempotencyKey {
    /// The longest key accepted.
    static let maximumLength = 255

    /// The request's key, or `nil` without one; `invalid_parameter` for a key that is empty,
    /// too long, or not visible ASCII, and for two or more `Idempotency-Key` fields (which one
    /// names the write is not the server's guess to make).
    static func read(_ request: Request) throws(APIError) -> String? {
        let fields = request.headers.filter { $0.name.canonicalName == "idempotency-key" }
        guard fields.count <= 1 else {
            throw .invalidParameter("Send one Idempotency-Key header field, not \(fields.count).")
        }
        guard let text = fields.first?.value else { return nil }
        guard !text.isEmpty, text.utf8.count <= maximumLength, text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw .invalidParameter(
                "The Idempotency-Key header must be 1 to \(maximumLength) visible ASCII characters, but was \"\(QuotedValue.excerpt(text))\"."
            )
        }
        return text
    }
}
