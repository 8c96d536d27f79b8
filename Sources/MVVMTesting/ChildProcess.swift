#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn`, its standard output a pipe: for this package's
/// crash tests (`package`), not part of MVVMTesting's public API.
///
/// Not Foundation's `Process`: on Linux (swift-corelibs-foundation, Swift 6.3.1) `Process.run()`
/// reads past a `dirent` while it closes inherited descriptors and crashes the test process now
/// and then (swift-corelibs-foundation #5472); a suite that spawns 60 children hit it in CI.
/// The pipe's ends are close-on-exec, so no other child inherits them.
package final class ChildProcess {
    /// Why a child could not be started.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// How the child ended.
    package enum End: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// This signal ended it.
        case signalled(Int32)
    }

    /// The child's process id.
    package let pid: Int32
    /// The read end of the child's standard output.
    package let output: Int32
    private var end: End?

    /// Starts `executable` with `arguments`, in this process's environment.
    package init(executable: String, arguments: [String]) throws {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw Failure(description: "pipe: errno \(errno)") }
        // Close-on-exec, so no child inherits them (the child's standard output is a dup2 copy).
        _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child: pid_t = 0
        #if canImport(Darwin)
        let environment = _NSGetEnviron().pointee
        #else
        let environment = environ
        #endif
        let status = posix_spawn(&child, executable, &actions, nil, argv, environment)
        close(pipeEnds[1])
        guard status == 0 else {
            close(pipeEnds[0])
            throw Failure(description: "posix_spawn \(executable): error \(status)")
        }
        pid = child
        output = pipeEnds[0]
    }

    deinit {
        if end == nil { _ = kill(pid, SIGKILL) }
        _ = waitForEnd()
        close(output)
    }

    /// Whether the child still runs (it is reaped once it has ended).
    package var isRunning: Bool {
        if end != nil { return false }
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, WNOHANG)
        guard reaped == pid else { return reaped == 0 }
        end = Self.end(of: status)
        return false
    }

    /// Sends `signal` to the child, if it still runs.
    package func send(_ signal: Int32) {
        if isRunning { _ = kill(pid, signal) }
    }

    /// Waits for the child to end (blocking) and says how it ended.
    @discardableResult
    package func waitForEnd() -> End {
        if let end { return end }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let ended = Self.end(of: status)
        end = ended
        return ended
    }

    /// Everything the child wrote that is there to read now, waiting up to `timeoutMilliseconds`
    /// for the first bytes; empty at the end of the output.
    package func readAvailable(timeoutMilliseconds: Int32) -> [UInt8] {
        var request = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        var ready = poll(&request, 1, timeoutMilliseconds)
        while ready < 0 && errno == EINTR { ready = poll(&request, 1, timeoutMilliseconds) }
        guard ready > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
        return count > 0 ? Array(buffer[0..<count]) : []
    }

    private static func end(of status: Int32) -> End {
        // The wait status: the low 7 bits are the signal (0 for an exit), the next 8 the exit code.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }
}
