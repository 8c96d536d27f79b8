#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pseudo-terminal for this repository's process tests (`_MVVMTestSupport`, not MVVMTesting's public
/// API): a program started on it (``ChildProcess``'s `terminal:`) sees a real terminal, and the
/// test reads what it draws, types keys and reads the terminal's settings.
public final class PseudoTerminal {
    /// The test's side: what the program writes is read here, and keys are written here.
    public let primary: Int32
    /// The program's side: its standard input, output and error.
    public let replica: Int32
    /// Everything read from the program so far.
    public private(set) var transcript: [UInt8] = []

    /// Why a pseudo-terminal could not be made.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Opens a pseudo-terminal of `columns` × `rows`.
    public init(columns: UInt16 = 80, rows: UInt16 = 24) throws {
        #if canImport(Glibc)
        // posix_openpt, grantpt and unlockpt are not in Swift's Glibc module: their ioctls on
        // Linux (TIOCSPTLCK, TIOCGPTN; function-like macros, so not imported either).
        primary = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlocked: Int32 = 0
        var number: UInt32 = 0
        guard primary >= 0, ioctl(primary, 0x4004_5431, &unlocked) == 0, ioctl(primary, 0x8004_5430, &number) == 0 else {
            throw Failure(description: "opening a pseudo-terminal (/dev/ptmx): errno \(errno)")
        }
        let name = "/dev/pts/\(number)"
        #else
        primary = posix_openpt(O_RDWR | O_NOCTTY)
        guard primary >= 0, grantpt(primary) == 0, unlockpt(primary) == 0, let cName = ptsname(primary) else {
            throw Failure(description: "posix_openpt: errno \(errno)")
        }
        let name = String(cString: cName)
        #endif
        replica = open(name, O_RDWR | O_NOCTTY)
        guard replica >= 0 else { throw Failure(description: "open \(name): errno \(errno)") }
        for end in [primary, replica] { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(replica, UInt(TIOCSWINSZ), &size)
    }

    deinit {
        close(primary)
        close(replica)
    }

    /// Reads what the program writes until the transcript, from `offset` on, contains `text`, or
    /// `timeoutMilliseconds` pass with nothing new (a wall-clock bound: another process).
    /// - Returns: whether it does.
    @discardableResult
    public func read(until text: String, from offset: Int = 0, timeoutMilliseconds: Int32 = 30_000) -> Bool {
        let wanted = Array(text.utf8)
        while true {
            if transcript.count >= offset, Self.contains(transcript[offset...], wanted) { return true }
            var request = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, timeoutMilliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return false }
            var buffer = [UInt8](repeating: 0, count: 4_096)
            #if canImport(Glibc)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(primary, $0.baseAddress, $0.count) }
            #else
            let count = buffer.withUnsafeMutableBytes { Darwin.read(primary, $0.baseAddress, $0.count) }
            #endif
            guard count > 0 else { return false }
            transcript += buffer[0..<count]
        }
    }

    /// Types `text`, as a user's keys.
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
    }

    /// The terminal's settings now (as the program left them).
    private var settings: termios {
        var settings = termios()
        _ = tcgetattr(replica, &settings)
        return settings
    }

    /// Whether the terminal is in raw mode (no line editing, no echo), as a full-screen program
    /// sets it.
    public var isRaw: Bool {
        settings.c_lflag & tcflag_t(ICANON | ECHO) == 0
    }

    private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count else { return false }
        var start = haystack.startIndex
        while start <= haystack.endIndex - needle.count {
            if haystack[start..<start + needle.count].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }
}
