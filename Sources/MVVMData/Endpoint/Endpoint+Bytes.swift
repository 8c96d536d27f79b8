public import Foundation

extension Endpoint where Response == Data {
    /// `GET path?query` whose answer is the body's bytes as they came (a picture, a file): not
    /// decoded as JSON. An empty body is still an answer.
    public static func bytes(_ path: String, query: KeyValuePairs<String, String?> = [:], headers: [String: String] = [:]) -> Self {
        Self(method: .get, path: path, query: query.map { ($0.key, $0.value) }, headers: headers,
             encodeBody: nil, decode: { response, _ in .success(response.body) })
    }
}

extension Endpoint where Response == Revalidated<Data> {
    /// A conditional `GET path` for bytes (a picture): with `entityTag`, sent as
    /// `If-None-Match`, a 304 answers ``Revalidated/notModified(_:)``; a 200 answers the bytes.
    /// Both carry the response's ``HTTPFreshness``. Feed it to
    /// ``LocalDataSource/fresh(_:maximumSavedBytes:from:)``.
    public static func conditionalBytes(_ path: String, ifNoneMatch entityTag: String?) -> Self {
        var endpoint = Self(
            method: .get, path: path, query: [], headers: entityTag.map { ["If-None-Match": $0] } ?? [:],
            encodeBody: nil,
            decode: { response, _ in
                switch response.status {
                case 304: .success(.notModified(HTTPFreshness(response)))
                case 200..<300: .success(.modified(response.body, HTTPFreshness(response)))
                default: .failure(.invalid("status \(response.status) is neither a value nor Not Modified"))
                }
            }
        )
        endpoint.acceptedStatuses = 200..<305
        return endpoint
    }
}

