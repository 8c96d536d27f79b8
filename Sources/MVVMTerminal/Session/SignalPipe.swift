#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

/// A self-pipe for signal handlers (``SignalWatcher``, ``JobControl``): a handler may only write
/// the signal's number to it, and a dispatch source reads the numbers and acts on them on a
/// queue. Each user keeps its own pipe, made once and never closed.
enum SignalPipe {
    /// Makes a pipe, both ends non-blocking and close-on-exec, and stores its write end in
    /// `writeEnd` for the handler (an atomic load is safe in a signal handler; a lazy global's
    /// first access is not).
    /// - Returns: the read end; `nil` when no pipe could be made (no descriptors left).
    static func make(publishingWriteEndIn writeEnd: borrowing Atomic<Int32>) -> Int32? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        writeEnd.store(ends[1], ordering: .sequentiallyConsistent)
        return ends[0]
    }

    /// In a signal handler: writes `signalNumber` to the pipe whose write end is `writeEnd`.
    /// Async-signal-safe: an atomic load and `write`, with `errno` kept.
    static func forward(_ signalNumber: Int32, to writeEnd: borrowing Atomic<Int32>) {
        let savedErrno = errno
        var byte = UInt8(truncatingIfNeeded: signalNumber)
        _ = write(writeEnd.load(ordering: .sequentiallyConsistent), &byte, 1)
        errno = savedErrno
    }

    /// Discards what a previous user of the pipe left unread (a signal in the moment it stopped).
    static func drain(_ readEnd: Int32) {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &bytes, bytes.count) > 0 {}
    }

    /// A read source that calls `handler` on `queue` with each signal number in the pipe.
    static func readSource(
        _ readEnd: Int32,
        queue: DispatchQueue,
        handler: @escaping @Sendable (Int32) -> Void
    ) -> any DispatchSourceRead {
        let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: queue)
        source.setEventHandler {
            var bytes = [UInt8](repeating: 0, count: 16)
            let count = read(readEnd, &bytes, bytes.count)
            for byte in bytes.prefix(max(count, 0)) { handler(Int32(byte)) }
        }
        source.resume()
        return source
    }

    /// Signals handled through a pipe: `forward` installed as their handler (the actions they
    /// had are kept) and a read source calling `handler`, until ``stop()``.
    @MainActor
    final class Listening {
        private var previousActions: [(signal: Int32, action: sigaction)] = []
        private var source: (any DispatchSourceRead)?

        /// Reads `readEnd` on `queue`, then makes `forward` the action of each of `signals`.
        init(
            _ signals: [Int32],
            forward: @escaping @convention(c) (Int32) -> Void,
            readEnd: Int32,
            queue: DispatchQueue,
            handler: @escaping @Sendable (Int32) -> Void
        ) {
            source = SignalPipe.readSource(readEnd, queue: queue, handler: handler)
            for signalNumber in signals {
                if let previous = SignalCleanup.setHandler(forward, for: signalNumber, flags: Int32(SA_RESTART)) {
                    previousActions.append((signalNumber, previous))
                }
            }
        }

        /// Puts back the actions the signals had before, and stops calling the handler.
        func stop() {
            for (signalNumber, previous) in previousActions {
                var action = previous
                _ = sigaction(signalNumber, &action, nil)
            }
            previousActions = []
            source?.cancel()
            source = nil
        }
    }
}
