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
}
