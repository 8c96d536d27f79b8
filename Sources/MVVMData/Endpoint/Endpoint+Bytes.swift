public import Foundation

extension Endpoint where Response == Data {
    /// `GET path?query` whose answer is the body's bytes as they came (a picture, a file): not
    /// decoded as JSON. An empty body is still an answer.
    public static func bytes(_ path: String, query: KeyValuePairs<String, String?> = [:], headers: [String: String] = [:]) -> Self {
        Self(method: .get, path: path, query: query.map { ($0.key, $0.value) }, headers: headers,
             encodeBody: nil, decode: { response, _ in .success(response.body) })
    }
}
