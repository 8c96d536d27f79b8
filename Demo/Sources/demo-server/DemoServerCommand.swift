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
            Routes (JSON in UTF-8, but avatars: image/png):
            \(DemoServer.routeSummary)

            \(DemoServer.faultSummary)

            \(DemoServer.signInSummary)

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

    @Option(help: "Seconds a request head (request line and header fields) may take to arrive; a late one is answered 408 and its connection closed. Counted from the connection's start for its first request, from the first byte for later ones.")
    var headerReadTimeout: Double = 10

    @Option(help: "The most connections one client (IP address) may have open at once; more are closed at once.")
    var maxConnectionsPerClient: Int = 64

    @Flag(help: "Serve the API open: no access token asked, and a sign-in answered for any login id (for scripts that want only the data).")
    var noAuth = false

    @Option(help: "Seconds an access token is good for (from 1 to 31536000); a short one, such as 10, shows expiry and refresh by hand.")
    var tokenLifetime: Double = 900

    @Option(help: "bcrypt's cost for new passwords (4 to 16; each step doubles the time a hash takes). A low one is for tests, never for real accounts.")
    var passwordCost: Int = 10

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
            idleTimeout: try duration(idleTimeout, option: "--idle-timeout", example: "30 or 0.5"),
            maximumConnections: maxConnections,
            headerReadTimeout: try duration(headerReadTimeout, option: "--header-read-timeout", example: "10 or 0.5"),
            maximumConnectionsPerClient: maxConnectionsPerClient,
            requiresSignIn: !noAuth,
            tokenLifetime: try duration(tokenLifetime, option: "--token-lifetime", example: "900 or 10"),
            passwordCost: passwordCost
        )
    }

    /// A number of seconds given to `option` as a duration; the server checks its range and says
    /// what is wrong.
    private func duration(_ seconds: Double, option: String, example: String) throws -> Duration {
        guard seconds.isFinite, abs(seconds) < 1e9 else {
            throw CommandLineError("\(option) must be a number of seconds, such as \(example), not \(seconds).")
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
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
