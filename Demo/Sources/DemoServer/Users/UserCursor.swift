/// The `cursor` of `GET /api/users`: where the next page starts, as the id of the last user of
/// the page before it (keyset paging).
///
/// Pages read by cursor never skip or repeat a user: a user deleted from an earlier page does not
/// shift later ones, and a user added meanwhile is shown once, in id order. Clients treat the
/// text as opaque; it is `u` and the id in decimal (`u20`), so that the OpenAPI document can
/// describe exactly the cursors this server accepts: any such cursor is a place in the id order.
enum UserCursor {
    /// The most digits of a cursor's id: 17 keep every value within `Int`.
    static let maximumDigits = 17

    /// The cursor after the user with `id`.
    static func encode(afterID id: Int) -> String {
        "u\(id)"
    }

    /// The id a cursor text starts after, throwing `invalid_parameter` for anything else.
    static func decode(_ text: String) throws(APIError) -> Int {
        guard text.hasPrefix("u"), text.utf8.count <= maximumDigits + 1,
              let id = Int(digitsOnly: text.dropFirst()), id >= 0
        else {
            throw .invalidParameter(
                "The query parameter cursor must be a nextCursor this server sent (u and up to \(maximumDigits) digits), but was \"\(QuotedValue.excerpt(text))\"."
            )
        }
        return id
    }
}
