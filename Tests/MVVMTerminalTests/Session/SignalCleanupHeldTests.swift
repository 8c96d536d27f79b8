import Dispatch
import Foundation
@testable import MVVMTerminal
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A signal's cleanup runs on whichever thread the signal reached, while the others run on: it
/// must not undo what another thread is making before that thing exists (CI's early-signal test
/// left the demo's temporary folder, 2 starts in 100, on a busy machine).
@Suite(.serialized, .timeLimit(.minutes(1)))
struct SignalCleanupHeldTests {
    @Test func aCleanupThatBeginsWhileARegisteredFolderIsMadeWaitsForItAndRemovesIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signal-cleanup-\(UUID().uuidString)")
        defer {
            SignalCleanup.forgetCleanupForTesting()
            SignalCleanup.removeOnAbnormalExit([])
            try? FileManager.default.removeItem(at: folder)
        }
        let cleanupEnded = DispatchSemaphore(value: 0)
        var sawCleanupBegin = false
        try SignalCleanup.withCleanupHeld {
            SignalCleanup.removeOnAbnormalExit([folder.path])
            // A signal's cleanup begins on another thread before the folder is made.
            DispatchQueue.global().async {
                SignalCleanup.cleanUpFromHandler()
                cleanupEnded.signal()
            }
            // Bounded: a spinning loop does not see the suite's time limit.
            for _ in 0..<50_000_000 where !sawCleanupBegin {
                sawCleanupBegin = SignalCleanup.hasCleanupBegun
                if !sawCleanupBegin { sched_yield() }
            }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        }
        #expect(sawCleanupBegin)
        #expect(cleanupEnded.wait(timeout: .now() + 30) == .success)
        // The cleanup waited for the folder, then removed it.
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func theCleanupsSignalsWaitOnTheMakingThreadOnlyWhileItMakes() {
        // A handler on the thread that makes would wait for itself: the signal waits instead.
        func blocked() -> (term: Bool, int: Bool, hup: Bool) {
            var mask = sigset_t()
            pthread_sigmask(SIG_BLOCK, nil, &mask)
            return (sigismember(&mask, SIGTERM) == 1, sigismember(&mask, SIGINT) == 1, sigismember(&mask, SIGHUP) == 1)
        }
        let before = blocked()
        let inside = SignalCleanup.withCleanupHeld { blocked() }
        let after = blocked()
        #expect(inside.term && inside.int && inside.hup)
        // As the thread had them before (the test runner's threads may block some of their own).
        #expect(after.term == before.term && after.int == before.int && after.hup == before.hup)
    }
}
