import Foundation

/// The start of a response body as safe, short text for error descriptions and logs.
///
/// Invalid UTF-8 is replaced, and control characters (ESC sequences included) become spaces,
/// so that a hostile body cannot drive a terminal that shows the error.
enum BodyExcerpt {
    static let maxCharacters = 200

    static func make(_ body: Data) -> String {
        let text = String(decoding: body.prefix(maxCharacters * 4), as: UTF8.self)
        var excerpt = String(Sanitizer.sanitize(text).prefix(maxCharacters))
        if excerpt.count < text.count || body.count > maxCharacters * 4 { excerpt += "…" }
        return excerpt.trimmingCharacters(in: .whitespaces)
    }
}

/// Removes what a terminal would interpret: C0/C1 control characters (ESC included), DEL, and
/// Unicode bidi overrides, each replaced by a space; newlines and tabs become spaces too.
enum Sanitizer {
    static func sanitize(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isSafe($0) ? $0 : " " }))
    }

    private static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: false
        case 0x202A...0x202E, 0x2066...0x2069: false
        default: true
        }
    }
}
