import Hummingbird
import NIOCore

extension Request {
    /// The request body, if it is at most `limit` bytes.
    ///
    /// - Throws: a 413 `invalid_body` error naming the limit when the body is larger (Hummingbird
    ///   throws `NIOTooManyBytesError`, which would otherwise become a 500).
    mutating func collectBody(atMost limit: Int) async throws -> ByteBuffer {
        do {
            return try await collectBody(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw APIError.payloadTooLarge(limit: limit)
        }
    }
}
