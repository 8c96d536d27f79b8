import Foundation

/// The opaque `cursor` of `GET /api/users`: where the next page starts, as the id of the last
/// user of the page before it (keyset paging).
///
/// Pages read by cursor never skip or repeat a user: a user deleted from an earlier page does not
/// shift later ones, and a user added meanwhile is shown once, in id order. Clients treat the
/// text as opaque; it is base64url (no padding) of `v1:<id>`.
enum UserCursor {
    /// The longest cursor text accepted.
    static let maximumLength = 64

    /// The cursor after the user with `id`.
    static func encode(afterID id: Int) -> String {
        Data("v1:\(id)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The id a cursor text starts after, throwing `invalid_parameter` for anything this server
    /// did not make.
    static func decode(_ text: String) throws(APIError) -> Int {
        let invalid = APIError.invalidParameter(
            "The query parameter cursor must be a nextCursor this server sent, but was \"\(QuotedValue.excerpt(text))\"."
        )
        guard !text.isEmpty, text.utf8.count <= maximumLength,
              text.utf8.allSatisfy({ byte in
                  (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
              })
        else { throw invalid }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let decoded = String(data: data, encoding: .utf8),
              decoded.hasPrefix("v1:"), let id = Int(digitsOnly: decoded.dropFirst(3)), id >= 0
        else { throw invalid }
        return id
    }
}
