import Dispatch
import Foundation

/// Waits for SIGINT or SIGTERM.
enum ShutdownSignal {
    /// Returns when the process gets SIGINT or SIGTERM. After that the default actions are back, so
    /// a second Ctrl-C ends a shutdown that hangs.
    static func wait() async {
        let signals = [SIGINT, SIGTERM]
        let (received, continuation) = AsyncStream<Int32>.makeStream()
        let queue = DispatchQueue(label: "demo-server.signals")
        let sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
        var iterator = received.makeAsyncIterator()
        _ = await iterator.next()
        for source in sources {
            source.cancel()
        }
        for number in signals {
            signal(number, SIG_DFL)
        }
    }
}
