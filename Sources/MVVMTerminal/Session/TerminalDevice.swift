/// What ``TerminalApp`` needs from a terminal: ``TerminalSession`` for the real one, a fake in
/// tests.
@MainActor
public protocol TerminalDevice: AnyObject {
    /// Called on the main actor after the terminal was resized.
    var onResize: (@MainActor (TerminalSize) -> Void)? { get set }
    /// The terminal's current size.
    var size: TerminalSize { get }
    /// Prepares the terminal (raw mode, alternate screen).
    func start() throws(TerminalSessionError)
    /// Writes rendered bytes.
    func write(_ bytes: [UInt8])
    /// The keys typed, in order, until the input ends.
    func keys() -> AsyncStream<Key>
    /// Restores the terminal.
    func stop()
    /// The signal (SIGINT, SIGTERM, SIGHUP or SIGQUIT) that ended ``keys()``, if one did. Defaults to `nil`: a
    /// device without signals.
    var terminationSignal: Int32? { get }
}

extension TerminalDevice {
    /// `nil`: this device does not end on signals.
    public var terminationSignal: Int32? { nil }
}
