import Hummingbird
import NIOCore

extension Request {
    /// The request body, if it is at most `limit` bytes.
    ///
    /// - Throws: a 413 `invalid_body` error naming the limit when the body is larger, or declares
    ///   it is (`Content-Length`): refused at once, not after waiting for bytes that may never
    ///   come (issue 54: 100 MB declared and 1 KB sent waited for the idle timeout). Hummingbird
    ///   throws `NIOTooManyBytesError` for a larger body, which would otherwise become a 500.
    mutating func collectBody(atMost limit: Int) async throws -> ByteBuffer {
        if let declared = headers[.contentLength].flatMap({ Int($0) }), declared > limit {
            throw APIError.payloadTooLarge(limit: limit)
        }
        do {
            return try await collectBody(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw APIError.payloadTooLarge(limit: limit)
        }
    }
}
