import Foundation
import MVVMTestSupport
import MVVMTesting
import Testing

/// What the user typed comes back in messages (a URL, a folder), and a hostile argument must not
/// reach the terminal as a command: `mvvm-demo --api-url $'http://x\e]0;pwned\a'` once set the
/// terminal's title and printed in red. The real binaries run here, their output captured.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct HostileArgumentsTests {
    /// Sets the window title, then turns the text red.
    static let escapes = "\u{1B}]0;pwned\u{07}\u{1B}[31m"

    /// What a run printed and how it ended.
    struct Run: Sendable {
        var status: Int32?
        var output: String
        var parts: (Int32?, String) { (status, output) }
    }

    /// Runs `product` with `arguments` to its end (off the concurrency pool: it blocks): its exit
    /// status and everything it wrote to standard output and standard error.
    func run(_ product: String, _ arguments: [String]) async throws -> Run {
        try await offThePool {
            let child = try ChildProcess(executable: try ChildProcess.builtProduct(named: product), arguments: arguments, mergingStandardError: true)
            var output: [UInt8] = []
            while case let chunk = child.readAvailable(timeoutMilliseconds: 60_000), !chunk.isEmpty { output += chunk }
            guard case .exited(let status) = child.waitForEnd(timeoutMilliseconds: 60_000) else { return Run(status: nil, output: String(decoding: output, as: UTF8.self)) }
            return Run(status: status, output: String(decoding: output, as: UTF8.self))
        }
    }

    func expectNoTerminalControls(_ output: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let controls = output.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }
        #expect(controls.isEmpty, "control characters reached the terminal: \(controls.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
    }

    @Test func aHostileAPIURLIsQuotedNotActedOn() async throws {
        let (status, output) = try await run("mvvm-demo", ["--api-url", "http://x" + Self.escapes]).parts
        #expect(status == 1)
        #expect(output.hasPrefix("mvvm-demo: --api-url: not an http(s) URL: http://x"), "\(output)")
        #expect(output.contains("\u{FFFD}"), "the escapes are shown as �")
        expectNoTerminalControls(output)
    }

    @Test func clearingACacheFolderThatIsAFileNamesThePathAndTheProblem() async throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("cache" + Self.escapes)
        try Data("not a folder".utf8).write(to: file)
        // A dead API URL: nothing starts before the cache is cleared.
        let (status, output) = try await run("mvvm-demo", ["--api-url", "http://127.0.0.1:9", "--clear-cache", "--cache-dir", file.path]).parts
        #expect(status == 1)
        #expect(output.contains("--clear-cache"), "\(output)")
        #expect(output.contains("is a file, not a folder"), "\(output)")
        #expect(output.contains(folder.url.path + "/cache\u{FFFD}"), "the path, its escapes shown as �: \(output)")
        #expect(!output.contains("NSCocoaErrorDomain"))
        expectNoTerminalControls(output)
    }

    @Test func aHostileDatabasePathIsQuotedNotActedOn() async throws {
        let (status, output) = try await run("demo-server", ["--database", "/nonexistent" + Self.escapes + "/users.sqlite", "--users", "10"]).parts
        #expect(status == 1)
        #expect(output.hasPrefix("demo-server: "), "\(output)")
        #expect(output.contains("/nonexistent\u{FFFD}"), "\(output)")
        expectNoTerminalControls(output)
    }

    /// ArgumentParser's own messages quote what it could not parse: an unexpected argument.
    @Test func anUnexpectedArgumentIsQuotedNotActedOn() async throws {
        let (status, output) = try await run("mvvm-demo", [Self.escapes]).parts
        #expect(status == 64, "ArgumentParser's status for a usage error: \(output)")
        #expect(output.contains("Error: "), "\(output)")
        #expect(output.contains("\u{FFFD}"), "the escapes are shown as �: \(output)")
        #expect(output.contains("\nUsage: mvvm-demo"), "the usage still reads as lines: \(output)")
        expectNoTerminalControls(output)
    }

    /// And a value it could not convert: `--port` takes a number.
    @Test func aPortThatIsNotANumberIsQuotedNotActedOn() async throws {
        let (status, output) = try await run("demo-server", ["--port", "\u{1B}[32mG"]).parts
        #expect(status == 64, "\(output)")
        #expect(output.contains("--port"), "\(output)")
        #expect(output.contains("\u{FFFD}[32mG"), "the escape shown as �: \(output)")
        expectNoTerminalControls(output)
    }

    /// The help still prints whole, on standard output, with status 0.
    @Test func helpStillPrintsItsLines() async throws {
        let (status, output) = try await run("mvvm-demo", ["--help"]).parts
        #expect(status == 0)
        #expect(output.contains("USAGE: mvvm-demo"), "\(output)")
        #expect(output.contains("\n  user list   / search"), "the keys' table keeps its lines: \(output)")
        expectNoTerminalControls(output)
    }
}
