import Foundation
import MVVMTestSupport
import MVVMTesting
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A running `cache-crash-writer`: started, awaited until ready, killed and reaped.
///
/// Not `Sendable`: one test owns it. ``killAndReap()`` is idempotent, for a `defer`.
final class CrashWriterProcess {
    /// Why the writer could not be run or watched.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// How the writer ended, and the last line it wrote (`saving n` or `saved n`).
    struct End {
        /// Whether SIGKILL ended it, rather than an exit of its own.
        let killed: Bool
        let lastLine: String?
    }

    /// Started with `posix_spawn` (`ChildProcess`), not Foundation's `Process`, whose `run()`
    /// crashes now and then on Linux (swift-corelibs-foundation #5472).
    private let child: ChildProcess
    /// What the writer wrote, so far.
    private var written = ""
    private var end: End?

    /// Starts the writer on a store of `kind` (`file` or `sqlite`) at `path`.
    init(kind: String, path: String) throws {
        child = try ChildProcess(executable: try ChildProcess.builtProduct(named: "cache-crash-writer"), arguments: [kind, path])
    }

    /// Waits until the writer has completed its first save, and returns how long that save took.
    func waitUntilReady(timeout: Duration = .seconds(30)) async throws -> Duration {
        let milliseconds = Int32(timeout.components.seconds * 1_000)
        let child = UncheckedChild(child: child)
        let result = await withCheckedContinuation { continuation in
            // poll and read block: off the cooperative threads.
            DispatchQueue.global().async {
                continuation.resume(returning: Self.collect(from: child.child, until: "ready", timeoutMilliseconds: milliseconds))
            }
        }
        written += try result.get()
        let ready = written.split(separator: "\n").first { $0.hasPrefix("ready ") }
        guard let milliseconds = ready.flatMap({ Int($0.dropFirst("ready ".count)) }) else {
            throw Failure(description: "cache-crash-writer wrote \(written.debugDescription), not \"ready <ms>\"")
        }
        return .milliseconds(milliseconds)
    }

    /// Kills the writer (SIGKILL) if it runs and waits for it; then reads what it wrote last.
    @discardableResult
    func killAndReap() -> End {
        if let end { return end }
        child.send(SIGKILL)
        let ended = child.waitForEnd()
        // The writer is gone: what it wrote is all in the pipe.
        written += (try? Self.collect(from: child, until: nil, timeoutMilliseconds: 0).get()) ?? ""
        let lastLine = written.split(separator: "\n").last { !$0.hasPrefix("ready") }.map(String.init)
        let end = End(killed: ended == .signalled(SIGKILL), lastLine: lastLine)
        self.end = end
        return end
    }

    /// Reads the writer's output until a whole line starting with `marker` has been read, or
    /// (with no marker) until nothing more is there, or `timeoutMilliseconds` pass with nothing
    /// to read.
    private static func collect(from child: ChildProcess, until marker: String?, timeoutMilliseconds: Int32) -> Result<String, Failure> {
        var bytes: [UInt8] = []
        while true {
            let text = String(decoding: bytes, as: UTF8.self)
            if let marker, text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().contains(where: { $0.hasPrefix(marker) }) {
                return .success(text)
            }
            let chunk = child.readAvailable(timeoutMilliseconds: timeoutMilliseconds)
            guard !chunk.isEmpty else {
                guard let marker else { return .success(text) }
                return .failure(Failure(description: "no \(marker.debugDescription) from cache-crash-writer; it wrote \(text.debugDescription)"))
            }
            bytes += chunk
        }
    }
}

/// The writer's child handed to the one dispatch block that reads it while the test awaits.
// `@unchecked Sendable`: the test is suspended until the block resumes it, so only one thread
// touches the child at a time.
private struct UncheckedChild: @unchecked Sendable {
    let child: ChildProcess
}
