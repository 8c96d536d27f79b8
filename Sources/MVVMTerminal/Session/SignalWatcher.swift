#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

/// The write end of the process's signal pipe, for ``forwardSignal(_:)``; -1 until made.
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// Whether a watched signal arrived since the last ``SignalWatcher`` started.
private let watchedSignalArrived = Atomic<Bool>(false)

/// The read end of the process's signal pipe (``SignalPipe``); `nil` if no pipe could be made.
private let signalPipeReadEnd: Int32? = SignalPipe.make(publishingWriteEndIn: signalPipeWriteEnd)

/// The C signal handler: the first signal is written to the pipe (all it may safely do); a
/// second one, should the program be unable to wind down, puts the terminal back, removes the
/// registered temporary files (``SignalCleanup``) and ends the process at once with 128 + its
/// number. Only async-signal-safe calls: atomic exchanges, loads and stores, `write`,
/// `tcsetattr`, `unlink`, `rmdir`, `nanosleep`, `_exit`.
private func forwardSignal(_ signalNumber: Int32) {
    if watchedSignalArrived.exchange(true, ordering: .sequentiallyConsistent) {
        SignalCleanup.cleanUpFromHandler()
        _exit(128 + signalNumber)
    }
    SignalPipe.forward(signalNumber, to: signalPipeWriteEnd)
}

/// Turns signals into calls of a handler on a dispatch queue, through a self-pipe: its own
/// `sigaction` handler only writes the signal's number to a pipe, which a dispatch source reads.
///
/// Not a dispatch signal source: on Linux, libdispatch installs its handler only the first time
/// a process watches a signal, so after the previous handler was put back a later session would
/// never hear the signal again.
@MainActor
final class SignalWatcher {
    private var listening: SignalPipe.Listening?

    /// Starts watching `signals`: each one calls `handler` on `queue`, once, with its number. A
    /// second watched signal before the next watcher starts ends the process (128 + its
    /// number). Without a pipe (no file descriptors left) nothing is watched: the signals keep
    /// their actions.
    init(signals: [Int32], queue: DispatchQueue, handler: @escaping @Sendable (Int32) -> Void) {
        guard let readEnd = signalPipeReadEnd else { return }
        SignalPipe.drain(readEnd)
        watchedSignalArrived.store(false, ordering: .sequentiallyConsistent)
        listening = SignalPipe.Listening(signals, forward: forwardSignal, readEnd: readEnd, queue: queue, handler: handler)
    }

    /// Puts back the actions the signals had before, and stops calling the handler.
    func stop() {
        listening?.stop()
        listening = nil
    }
}
