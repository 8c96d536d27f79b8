/// What ``TerminalApp`` needs from a terminal: ``TerminalSession`` for the real one, a fake in
/// tests.
@MainActor
public protocol TerminalDevice: AnyObject {
    /// Called on the main actor after the terminal was resized, or taken again after a suspend:
    /// repaint everything.
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
    /// Puts the terminal back and stops the process until it is continued (Ctrl-Z). Defaults to
    /// nothing: a device with no process to stop.
    func suspend()
    /// The signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1…) that ended ``keys()``, if one did.
    /// Defaults to `nil`: a device without signals.
    var terminationSignal: Int32? { get }
    /// The colours the terminal shows; ``ColorSupport/trueColor`` by default.
    var colorSupport: ColorSupport { get }
}

extension TerminalDevice {
    /// `nil`: this device does not end on signals.
    public var terminationSignal: Int32? { nil }

    /// ``ColorSupport/trueColor``: a device that says nothing of its colours.
    public var colorSupport: ColorSupport { .trueColor }

    /// Nothing: this device has no process to stop.
    public func suspend() {}
}
