import Hummingbird
import NIOCore

/// The request context of the demo server: Hummingbird's basics plus the connection, so the
/// `close` fault can drop it without a response.
struct DemoRequestContext: RequestContext {
    /// Hummingbird's per-request storage (parameters, logger, endpoint path).
    var coreContext: CoreRequestContextStorage
    /// The connection the request arrived on.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.channel = source.channel
    }
}
