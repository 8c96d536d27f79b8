import DemoServer
import MVVMTestSupport
import Foundation
import GRDB
import MVVMTesting   // SplitMix64
import Testing

/// Nothing the user was shown as done is lost, and nothing is applied twice: a real app process
/// (`user-writes-crash-app`: the demo's UserRecords, FileOutboxStorage and repository, without a
/// terminal) makes writes against the real demo server over HTTP and is killed with SIGKILL at a
/// seeded random moment, 20 times on the same folder: while saving a write, while a request is
/// out, while the server's answer is recorded. A last run drains the outbox. Then every write
/// the app announced as saved has reached the server, each exactly once: one idempotent answer
/// per user written, never two.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct KilledAppTests {
    static let rounds = 20
    static let writesPerRound = 6

    @Test func writesSurviveTwentyKillsAndReachTheServerExactlyOnce() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("killed-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("server.sqlite").path
        let server = try await DemoServer.start(DemoServerConfiguration(databasePath: database, userCount: 200))
        var generator = SplitMix64(seed: 0xC0FFEE)
        var saved: [Int] = []
        var killedWhileWriting = 0

        for round in 0..<Self.rounds {
            let first = 1 + round * Self.writesPerRound
            let app = try CrashApp(folder: folder, api: server.baseURL, first: first, count: Self.writesPerRound)
            // Killed at a random moment after its first write is on disk, however long the disk
            // takes to flush: while it saves a later one, sends one, or records an answer.
            try await app.waitForFirstSave(timeout: .seconds(30))
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...100, using: &generator)))
            let output = app.killAndReap()
            let announced = output.lines.compactMap { $0.hasPrefix("saved ") ? Int($0.dropFirst(6)) : nil }
            saved += announced
            if !output.lines.contains("drained") { killedWhileWriting += 1 }
            #expect(output.killed || output.lines.contains("drained"), "round \(round): the app ended by itself: \(output.lines)")
        }

        // The last run: no new write; it delivers what is left and ends.
        let last = try CrashApp(folder: folder, api: server.baseURL, first: 0, count: 0)
        let end = try await last.waitForExit(timeout: .seconds(60))
        #expect(end.lines.contains("drained"), "the last run drained the outbox: \(end.lines)")
        await server.stop()

        #expect(saved.count >= Self.rounds, "enough writes were announced before their kill to mean something (\(saved.count))")
        #expect(killedWhileWriting >= Self.rounds / 2, "most runs were killed before they drained (\(killedWhileWriting))")
        print("KilledAppTests: \(saved.count) writes announced, \(killedWhileWriting) of \(Self.rounds) runs killed before they drained")
        let queue = try DatabaseQueue(path: database)
        let (inactive, answers) = try await queue.read { db in
            (
                try Int.fetchAll(db, sql: #"SELECT id FROM "user" WHERE isActive = 0"#),
                try String.fetchAll(db, sql: "SELECT request FROM idempotentAnswer")
            )
        }
        for userID in saved {
            #expect(inactive.contains(userID), "user \(userID)'s write reached the server")
            let applied = answers.count { $0 == "PATCH /api/users/\(userID) isActive=false" }
            #expect(applied == 1, "user \(userID)'s write was applied \(applied) times")
        }
        // Writes made but killed before they were on disk were never shown as done: at most once.
        for userID in 1...(Self.rounds * Self.writesPerRound) {
            let applied = answers.count { $0 == "PATCH /api/users/\(userID) isActive=false" }
            #expect(applied <= 1, "user \(userID)'s write was applied \(applied) times")
        }
    }
}

/// One run of `user-writes-crash-app`, started with `posix_spawn` (`ChildProcess`: Foundation's
/// `Process.run()` crashes now and then on Linux, swift-corelibs-foundation #5472). It writes a
/// few short lines, which the pipe holds until the run has ended and they are read.
final class CrashApp {
    /// How a run ended.
    struct End {
        let killed: Bool
        let lines: [String]
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let child: ChildProcess
    /// What the app wrote that was read before it ended.
    private var readEarlier: [UInt8] = []

    init(folder: URL, api: URL, first: Int, count: Int) throws {
        child = try ChildProcess(
            executable: try ChildProcess.builtProduct(named: "user-writes-crash-app"),
            arguments: [folder.path, api.absoluteString, "\(first)", "\(count)"]
        )
    }

    /// Waits until the app says its first write is saved; fails after `timeout`.
    func waitForFirstSave(timeout: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        while !String(decoding: readEarlier, as: UTF8.self).contains("saved ") {
            guard child.isRunning else { return }   // it ended: `end` says how
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "user-writes-crash-app saved nothing within \(timeout); it wrote \(String(decoding: readEarlier, as: UTF8.self).debugDescription)")
            }
            readEarlier += child.readAvailable(timeoutMilliseconds: 0)
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    /// Kills the app (SIGKILL) if it still runs, waits for it, and returns what it wrote.
    func killAndReap() -> End {
        child.send(SIGKILL)
        return end(child.waitForEnd())
    }

    /// Waits for the app to exit by itself; kills it and fails after `timeout`.
    func waitForExit(timeout: Duration) async throws -> End {
        let deadline = ContinuousClock.now + timeout
        while child.isRunning {
            guard ContinuousClock.now < deadline else {
                let end = killAndReap()
                throw Failure(description: "user-writes-crash-app did not end within \(timeout); it wrote \(end.lines)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return end(child.waitForEnd())
    }

    private func end(_ ended: ChildProcess.End) -> End {
        let bytes = readEarlier + child.readToEnd()
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        return End(killed: ended == .signalled(SIGKILL), lines: lines)
    }
}
