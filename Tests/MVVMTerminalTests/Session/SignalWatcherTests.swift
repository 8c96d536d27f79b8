#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
@testable import MVVMTerminal
import Testing

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct SignalWatcherTests {
    /// Whether `signalNumber` has its default action (SIG_DFL is a null handler).
    private func hasDefaultAction(_ signalNumber: Int32) -> Bool {
        var current = sigaction()
        _ = sigaction(signalNumber, nil, &current)
        #if canImport(Glibc)
        return current.__sigaction_handler.sa_handler == nil
        #else
        return current.__sigaction_u.__sa_handler == nil
        #endif
    }

    /// SIGUSR1 (its default action also ends the process, so a lost handler fails loudly), sent
    /// to this process, reaches the handler; stopping puts the default action back. Twice: a
    /// later watcher in the same process hears the signal too (libdispatch's signal sources
    /// did not, once their handler had been replaced).
    @Test func aSignalReachesTheHandlerOnceAndStopPutsBackThePreviousAction() async {
        let (received, continuation) = AsyncStream.makeStream(of: Int32.self)
        var iterator = received.makeAsyncIterator()
        #expect(hasDefaultAction(SIGUSR1))
        for _ in 1...2 {
            let watcher = SignalWatcher(signals: [SIGUSR1], queue: .global()) { continuation.yield($0) }
            #expect(!hasDefaultAction(SIGUSR1))
            #expect(kill(getpid(), SIGUSR1) == 0)
            #expect(await iterator.next() == SIGUSR1)
            watcher.stop()
            #expect(hasDefaultAction(SIGUSR1))
        }
    }
}
