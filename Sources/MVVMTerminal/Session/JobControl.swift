#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

/// The write end of the job-control pipe, for ``forwardJobControlSignal(_:)``; -1 until made.
private let jobControlWriteEnd = Atomic<Int32>(-1)

/// The read end of the job-control pipe (``SignalPipe``); `nil` if no pipe could be made (then
/// suspending from outside stops the process as it always did).
private let jobControlReadEnd: Int32? = SignalPipe.make(publishingWriteEndIn: jobControlWriteEnd)

/// The C handler of `SIGTSTP` and `SIGCONT`: writes the signal's number to the pipe, all it may
/// safely do.
private func forwardJobControlSignal(_ signalNumber: Int32) {
    SignalPipe.forward(signalNumber, to: jobControlWriteEnd)
}

/// Suspending and resuming a ``TerminalSession`` from outside: `kill -TSTP` (a shell's Ctrl-Z is
/// a key in raw mode, handled by ``TerminalApp``), then `fg` or `kill -CONT`.
///
/// `SIGTSTP` stops a process at once, leaving the terminal in raw mode on the alternate screen:
/// the shell's prompt then echoes nothing and reads nothing until Enter. So the signal only
/// writes to a pipe, and `onSuspend` (on the main queue) puts the terminal back before it stops
/// the process itself. `SIGCONT` calls `onContinue`, which takes the terminal again and repaints.
@MainActor
final class JobControl {
    private var listening: SignalPipe.Listening?

    /// Starts handling `SIGTSTP` and `SIGCONT`. Without a pipe nothing changes.
    init(onSuspend: @escaping @MainActor @Sendable () -> Void, onContinue: @escaping @MainActor @Sendable () -> Void) {
        guard let readEnd = jobControlReadEnd else { return }
        SignalPipe.drain(readEnd)   // left by a previous session
        listening = SignalPipe.Listening(
            [SIGTSTP, SIGCONT], forward: forwardJobControlSignal, readEnd: readEnd, queue: .main
        ) { signalNumber in
            MainActor.assumeIsolated {
                signalNumber == SIGTSTP ? onSuspend() : onContinue()
            }
        }
    }

    /// Stops the process as `SIGTSTP` would have (its default action), and returns once it is
    /// continued. The terminal must be put back first.
    func stopProcess() {
        // Unblocked on this thread for the raise: the main queue may run on a Dispatch worker
        // thread, which blocks SIGTSTP (the signal then stayed pending and nothing stopped).
        var stopSignal = sigset_t()
        sigemptyset(&stopSignal)
        sigaddset(&stopSignal, SIGTSTP)
        var previousMask = sigset_t()
        _ = pthread_sigmask(SIG_UNBLOCK, &stopSignal, &previousMask)
        _ = signal(SIGTSTP, SIG_DFL)
        _ = raise(SIGTSTP)
        _ = pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        // Continued (or never stopped: a process group with no shell to continue it ignores
        // SIGTSTP). Handle the next one again.
        _ = SignalCleanup.setHandler(forwardJobControlSignal, for: SIGTSTP, flags: Int32(SA_RESTART))
    }

    /// Puts back the actions the signals had before.
    func stop() {
        listening?.stop()
        listening = nil
    }
}
