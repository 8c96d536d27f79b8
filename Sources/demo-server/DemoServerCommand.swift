import ArgumentParser
import DemoServer
import Foundation
import Logging

/// `demo-server`: runs the demo HTTP API until SIGINT or SIGTERM.
struct DemoServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo-server",
        abstract: "Runs the swift-mvvm demo HTTP API: users in SQLite, weather forecasts and fault injection.",
        discussion: """
            Routes (JSON, UTF-8):
            \(DemoServer.routeSummary)

            \(DemoServer.faultSummary)

            Stop with Ctrl-C (SIGINT) or SIGTERM.
            """
    )

    @Option(help: "The port to listen on; 0 picks a free port.")
    var port: Int = 8080

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "The SQLite file to use; an already seeded file is reused. Without it, a temporary database is made and removed on exit.")
    var database: String?

    @Option(help: "How many users to seed into a new database (at least 1).")
    var users: Int = 10_000

    @Option(help: "Faults for every /api/ request without an X-Demo-Fault header, such as \"latency=200ms\" or \"latency=100ms;status=503\".")
    var fault: String?

    @Option(help: "Seconds a silent connection (idle, or a request that stopped arriving) is kept before it is closed.")
    var idleTimeout: Double = 30

    @Option(help: "The most connections served at once; more wait until one closes.")
    var maxConnections: Int = 1_000

    @Option(help: "Log level: trace, debug (logs every request), info, notice, warning, error or critical.")
    var logLevel: String = "warning"

    mutating func run() async throws {
        try await serve()
    }

    /// Starts the server, prints the ready line, and stops the server on SIGINT or SIGTERM. A start
    /// error is printed as one line on standard error and exits with status 1.
    func serve() async throws {
        do {
            let server = try await DemoServer.start(try serverConfiguration(), logger: try logger())
            Console.writeLine(
                "demo-server listening on \(server.baseURL.absoluteString) (\(server.userCount) users, database \(server.databasePath))",
                to: .standardOutput
            )
            await ShutdownSignal.wait()
            await server.stop()
        } catch {
            Console.writeLine("demo-server: \(error)", to: .standardError)
            throw ExitCode.failure
        }
    }

    private func serverConfiguration() throws -> DemoServerConfiguration {
        DemoServerConfiguration(
            host: host,
            port: port,
            databasePath: database,
            userCount: users,
            defaultFaults: try fault.map { try FaultPlan.parse($0) } ?? .none,
            idleTimeout: try idleTimeoutDuration(),
            maximumConnections: maxConnections
        )
    }

    /// `--idle-timeout` as a duration; the server checks its range and says what is wrong.
    private func idleTimeoutDuration() throws -> Duration {
        guard idleTimeout.isFinite, abs(idleTimeout) < 1e9 else {
            throw CommandLineError("--idle-timeout must be a number of seconds, such as 30 or 0.5, not \(idleTimeout).")
        }
        return .milliseconds(Int64((idleTimeout * 1000).rounded()))
    }

    private func logger() throws -> Logger {
        guard let level = Logger.Level(rawValue: logLevel.lowercased()) else {
            throw CommandLineError("Unknown log level \"\(logLevel)\"; use trace, debug, info, notice, warning, error or critical.")
        }
        var logger = Logger(label: "demo-server")
        logger.logLevel = level
        return logger
    }
}
