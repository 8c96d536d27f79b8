import Foundation
import Hummingbird
import NIOCore

/// Builds `application/json` responses.
enum JSONResponse {
    /// The `Content-Type` of every JSON response.
    static let contentType = "application/json"

    /// The encoder of every JSON body: sorted keys and unescaped slashes.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A response whose body is `value` encoded with sorted keys and unescaped slashes, so the same
    /// value always gives the same bytes.
    static func encoding(_ value: some Encodable, status: Int = 200) -> Response {
        do {
            return bytes(try encoder.encode(value), status: status)
        } catch {
            // Only reachable for non-finite floats, which the API never sends.
            return bytes(Data(#"{"error":{"code":"internal","message":"The server could not encode its response."}}"#.utf8), status: 500)
        }
    }

    /// A response with `data` as its body, sent as is.
    static func bytes(_ data: some Sequence<UInt8>, status: Int = 200) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        return Response(
            status: HTTPResponse.Status(code: status),
            headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
        )
    }

    /// `Cache-Control` of a revalidatable answer: a client may keep it, and asks each time
    /// whether it changed (`If-None-Match`), which costs a 304 and no body when it did not.
    static let revalidate = "no-cache"

    /// A response whose body is `value` (as ``encoding(_:status:)`` makes it) with a strong
    /// `ETag` of its bytes and `Cache-Control: no-cache`; or `304 Not Modified`, with no body,
    /// when `request`'s `If-None-Match` names that tag (or `*`).
    static func revalidatable(_ value: some Encodable, for request: Request) -> Response {
        guard let data = try? encoder.encode(value) else { return encoding(value) }
        let entityTag = "\"\(EntityTag.checksum(Array(data)))-\(data.count)\""
        var headers = HTTPFields()
        headers[.eTag] = entityTag
        headers[.cacheControl] = revalidate
        if let notModified = EntityTag.notModified(request, tag: entityTag, headers: headers) { return notModified }
        headers[.contentType] = contentType
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
