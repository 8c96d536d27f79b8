import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn`, its standard output a pipe: for this repository's
/// crash tests (the `_MVVMTestSupport` product, not API), not part of MVVMTesting's.
///
/// Not Foundation's `Process`: on Linux (swift-corelibs-foundation, Swift 6.3.1) `Process.run()`
/// reads past a `dirent` while it closes inherited descriptors and crashes the test process now
/// and then (swift-corelibs-foundation #5472); a suite that spawns 60 children hit it in CI.
/// The child gets standard input, output (the pipe) and error, and no other descriptor of this
/// process.
public final class ChildProcess {
    /// Why a child could not be started.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// How the child ended.
    public enum End: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// This signal ended it.
        case signalled(Int32)
    }

    /// The child's process id.
    public let pid: Int32
    /// The read end of the child's standard output.
    public let output: Int32
    private var end: End?

    /// Starts `executable` with `arguments`, in this process's environment; with
    /// `mergingStandardError`, its standard error goes to ``output`` too. With `terminal` (a
    /// ``PseudoTerminal``'s), its standard input, output and error are that terminal instead, and
    /// it runs in a process group of its own, as a shell runs a job.
    /// `environment` is added to this process's environment for the child.
    public init(
        executable: String,
        arguments: [String],
        environment: [String: String] = [:],
        mergingStandardError: Bool = false,
        terminal: PseudoTerminal? = nil
    ) throws {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw Failure(description: "pipe: errno \(errno)") }
        // Close-on-exec, so no child inherits them (the child's standard output is a dup2 copy).
        _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let terminal {
            for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
                posix_spawn_file_actions_adddup2(&actions, terminal.replica, descriptor)
            }
        } else {
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
            if mergingStandardError { posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDERR_FILENO) }
        }
        // Nothing else of this process reaches the child: a socket it held open would keep a
        // connection alive that a server of this process closed.
        #if canImport(Darwin)
        var attributes = posix_spawnattr_t(nil as OpaquePointer?)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT | (terminal == nil ? 0 : POSIX_SPAWN_SETPGROUP)))
        posix_spawnattr_setpgroup(&attributes, 0)
        if !mergingStandardError { posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDERR_FILENO) }
        posix_spawn_file_actions_adddup2(&actions, STDIN_FILENO, STDIN_FILENO)
        #else
        guard Self.closeFrom3(&actions) else { throw Failure(description: "posix_spawn_file_actions_addclosefrom_np is missing (glibc 2.34 or later)") }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts as a shell starts a program: no signal blocked, every action the
        // default. Started from a Dispatch thread, it would inherit that thread's mask, which
        // blocks most signals (SIGTSTP never reached a terminal session started that way), and
        // this process's ignored signals (SwiftNIO ignores SIGPIPE).
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if terminal != nil {
            // A group of its own whose parent (this process) is in the same session: not
            // orphaned, so SIGTSTP stops it as it stops a shell's job.
            flags |= POSIX_SPAWN_SETPGROUP
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        #endif
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child: pid_t = 0
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for variable in envp { free(variable) } }
        #if canImport(Darwin)
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        #else
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        #endif
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

    /// The path of `name`, an executable this package builds, in the build products folder next
    /// to the running test bundle (`swift build --build-tests` builds it when a test target
    /// depends on it).
    public static func builtProduct(named name: String) throws -> String {
        var folders = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        folders += Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }.map { $0.bundleURL.deletingLastPathComponent() }
        folders.append(Bundle.main.bundleURL)
        for folder in folders {
            let url = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url.path }
        }
        throw Failure(description: "\(name) is not in \(folders.map(\.path)); build it (swift build --build-tests)")
    }

    /// Whether the child still runs (it is reaped once it has ended).
    public var isRunning: Bool {
        if end != nil { return false }
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, WNOHANG)
        guard reaped == pid else { return reaped == 0 }
        end = Self.end(of: status)
        return false
    }

    /// Sends `signal` to the child, if it still runs.
    public func send(_ signal: Int32) {
        if isRunning { _ = kill(pid, signal) }
    }

    /// Waits, polling up to `timeoutMilliseconds`, until the child is stopped (`SIGTSTP`,
    /// `SIGSTOP`); `false` when it was not (it runs, or ended: then ``waitForEnd()`` says how).
    public func waitUntilStopped(timeoutMilliseconds: Int) -> Bool {
        for _ in 0..<max(1, timeoutMilliseconds / 10) {
            guard end == nil else { return false }
            var status: Int32 = 0
            let result = waitpid(pid, &status, WUNTRACED | WNOHANG)
            if result == pid {
                if status & 0xFF == 0x7F { return true }   // WIFSTOPPED
                end = Self.end(of: status)
                return false
            }
            usleep(10_000)
        }
        return false
    }

    /// Waits, polling up to `timeoutMilliseconds`, for the child to end and says how it ended;
    /// `nil` if it still runs (the deinit kills it).
    public func waitForEnd(timeoutMilliseconds: Int) -> End? {
        for _ in 0..<max(1, timeoutMilliseconds / 10) {
            if let end { return end }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid, status & 0x7F != 0x7F {
                end = Self.end(of: status)
                return end
            }
            usleep(10_000)
        }
        return end
    }

    /// Waits for the child to end (blocking) and says how it ended.
    @discardableResult
    public func waitForEnd() -> End {
        if let end { return end }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let ended = Self.end(of: status)
        end = ended
        return ended
    }

    /// Everything the child wrote that is there to read now, waiting up to `timeoutMilliseconds`
    /// for the first bytes; empty at the end of the output.
    public func readAvailable(timeoutMilliseconds: Int32) -> [UInt8] {
        var request = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        var ready = poll(&request, 1, timeoutMilliseconds)
        while ready < 0 && errno == EINTR { ready = poll(&request, 1, timeoutMilliseconds) }
        guard ready > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
        return count > 0 ? Array(buffer[0..<count]) : []
    }

    /// Everything the child wrote that is still to be read, once it has ended (its end of the
    /// pipe is closed, so this returns at the end of the output).
    public func readToEnd() -> [UInt8] {
        var bytes: [UInt8] = []
        while case let chunk = readAvailable(timeoutMilliseconds: 0), !chunk.isEmpty { bytes += chunk }
        return bytes
    }

    #if !canImport(Darwin)
    /// Adds glibc's "close every descriptor from 3 up" action (2.34 and later). Swift's Glibc
    /// module does not declare it (it is a GNU extension), so it is looked up by name: the
    /// symbol has this C signature, `int (posix_spawn_file_actions_t *, int)`.
    private static func closeFrom3(_ actions: inout posix_spawn_file_actions_t) -> Bool {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return false }
        let addCloseFrom = unsafeBitCast(symbol, to: AddCloseFrom.self)
        return addCloseFrom(&actions, 3) == 0
    }
    #endif

    private static func end(of status: Int32) -> End {
        // The wait status: the low 7 bits are the signal (0 for an exit), the next 8 the exit code.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }
}
