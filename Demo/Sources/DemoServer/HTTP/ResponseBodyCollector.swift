import Hummingbird
import NIOCore

/// A body writer that keeps what is written, to read a response body back in a middleware.
final class ResponseBodyCollector: ResponseBodyWriter {
    /// Everything written so far.
    private(set) var buffer = ByteBuffer()

    func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        self.buffer.writeBuffer(&buffer)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}

    /// The whole body of `response`.
    static func collect(_ response: Response) async throws -> ByteBuffer {
        let collector = ResponseBodyCollector()
        try await response.body.write(collector)
        return collector.buffer
    }
}
