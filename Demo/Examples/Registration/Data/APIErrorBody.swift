import Foundation

/// Reads the machine-readable code of an error answer, `{"error": {"code": "id_taken", ...}}`,
/// from the body excerpt an ``APIError`` carries.
///
/// The excerpt is sanitised (control characters become spaces) and cut after 200 characters,
/// with "…" appended. The whole excerpt is decoded as JSON first; when that fails (a cut body), the
/// first `"code": "..."` pair inside the `"error"` object is read. The message text is never
/// used: it is for people and may change.
enum APIErrorBody {
    /// The `error.code` in `excerpt`, or `nil` when there is none.
    static func code(in excerpt: String) -> String? {
        if let body = try? JSONDecoder().decode(Envelope.self, from: Data(excerpt.utf8)) {
            return body.error.code
        }
        return scannedCode(in: excerpt)
    }

    private struct Envelope: Decodable {
        struct Detail: Decodable {
            let code: String
        }

        let error: Detail
    }

    /// The value of the first `"code"` key after an `"error"` key, for a body that is cut short.
    private static func scannedCode(in excerpt: String) -> String? {
        guard let error = excerpt.range(of: #""error"\s*:\s*\{"#, options: .regularExpression),
              let pair = excerpt.range(of: #""code"\s*:\s*"[A-Za-z0-9_.-]*""#, options: .regularExpression, range: error.upperBound..<excerpt.endIndex)
        else { return nil }
        let value = excerpt[pair].split(separator: "\"", omittingEmptySubsequences: false)
        // `"code" : "id_taken"` splits into ["", "code", " : ", "id_taken", ""].
        return value.count == 5 ? String(value[3]) : nil
    }
}
