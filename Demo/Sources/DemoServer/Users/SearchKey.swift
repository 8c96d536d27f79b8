import Foundation

/// The folded text that user search matches against, and the `LIKE` pattern for a query.
///
/// Both sides are folded the same way (case, diacritics and width), so `jose` finds `José`, `ZOE`
/// finds `Zoë` and `ＪＯＳＥ` finds `jose`.
enum SearchKey {
    /// `text` without case, diacritic or width differences.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// The stored `searchKey` of a user: the folded name and e-mail address.
    static func make(name: String, email: String) -> String {
        fold(name + " " + email)
    }

    /// The pattern for `searchKey LIKE ? ESCAPE '\'` that matches keys containing `query`, with
    /// `%`, `_` and `\` in the query taken literally.
    static func likePattern(for query: String) -> String {
        var escaped = ""
        for character in fold(query) {
            if character == "%" || character == "_" || character == "\\" {
                escaped.append("\\")
            }
            escaped.append(character)
        }
        return "%" + escaped + "%"
    }
}
