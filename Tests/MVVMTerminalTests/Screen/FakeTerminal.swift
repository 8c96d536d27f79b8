import MVVMTerminal

/// A terminal in memory: keys sent by the test, bytes written recorded.
@MainActor
final class FakeTerminal: TerminalDevice {
    var onResize: (@MainActor (TerminalSize) -> Void)?
    let size: TerminalSize
    private(set) var writes: [String] = []
    private(set) var isStarted = false
    private(set) var isStopped = false
    private(set) var terminationSignal: Int32?
    private let stream: AsyncStream<Key>
    private let continuation: AsyncStream<Key>.Continuation

    init(width: Int, height: Int) {
        size = TerminalSize(width: width, height: height)
        (stream, continuation) = AsyncStream.makeStream(of: Key.self)
    }

    func start() throws(TerminalSessionError) { isStarted = true }
    func write(_ bytes: [UInt8]) {
        if !bytes.isEmpty { writes.append(String(decoding: bytes, as: UTF8.self)) }
    }
    func keys() -> AsyncStream<Key> { stream }
    func stop() { isStopped = true }

    func send(_ key: Key) { continuation.yield(key) }

    /// The input ends (the terminal went away) without a signal.
    func closeInput() { continuation.finish() }

    /// What ``TerminalSession`` does on SIGINT/SIGTERM: records the signal, ends the keys.
    func terminate(by signal: Int32) {
        terminationSignal = signal
        continuation.finish()
    }
}
