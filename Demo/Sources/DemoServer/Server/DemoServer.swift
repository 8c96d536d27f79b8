public import Foundation
public import Logging

/// The demo's HTTP API (users over SQLite, weather forecasts, fault injection) running in this
/// process on a real TCP port.
///
/// ```swift
/// let server = try await DemoServer.start(.init(userCount: 300))
/// defer { Task { await server.stop() } }
/// let url = server.baseURL.appendingPathComponent("api/users")
/// ```
public final class DemoServer: Sendable {
    /// The port the server listens on: the real one, also when port `0` was asked for.
    public let port: Int
    /// `http://HOST:PORT`, the base of every route.
    public let baseURL: URL
    /// The path of the SQLite file in use.
    public let databasePath: String
    /// The number of users in the database when the server started.
    public let userCount: Int
    /// The configuration the server was started with.
    public let configuration: DemoServerConfiguration

    private let runner: ServerRunner
    private let accounts: AccountStore

    /// The demo's own account, there in every database: what `mvvm-demo` signs in with when
    /// nothing else is configured, and what `--help` shows for curl.
    public static let demoAccount = (loginID: "demo", password: "mvvm-demo")

    private init(
        port: Int,
        baseURL: URL,
        databasePath: String,
        userCount: Int,
        configuration: DemoServerConfiguration,
        runner: ServerRunner,
        accounts: AccountStore
    ) {
        self.port = port
        self.baseURL = baseURL
        self.databasePath = databasePath
        self.userCount = userCount
        self.configuration = configuration
        self.runner = runner
        self.accounts = accounts
    }

    /// A logger labelled `DemoServer` that reports warnings and errors only.
    public static var defaultLogger: Logger {
        var logger = Logger(label: "DemoServer")
        logger.logLevel = .warning
        return logger
    }

    /// Opens (or creates and seeds) the database, starts the HTTP server and returns once it is
    /// listening.
    /// - Parameters:
    ///   - configuration: Host, port, database, seed size and default faults.
    ///   - logger: Where the server logs; requests are logged at debug level.
    /// - Returns: The running server; call ``stop()`` when done.
    /// - Throws: ``DemoServerError`` when the configuration is invalid, the port is busy or the
    ///   database cannot be used.
    public static func start(
        _ configuration: DemoServerConfiguration = .init(),
        logger: Logger = DemoServer.defaultLogger
    ) async throws(DemoServerError) -> DemoServer {
        try configuration.validate()
        let forecasts = try ForecastCatalog()
        let openAPIDocument = try OpenAPIDocument.load()
        let location = try DatabaseLocation.resolve(configuration.databasePath)
        do throws(DemoServerError) {
            let userCount = configuration.userCount
            let database = try await offThePool { () throws(DemoServerError) in
                try UserDatabase.open(at: location, userCount: userCount)
            }
            let users = UserStore(database: database)
            let stats: UserStats
            do {
                stats = try await users.stats()
            } catch {
                _ = try? await offThePool { try database.close() }
                throw DemoServerError.databaseUnavailable(path: location.path, reason: "\(error)")
            }
            let rejections = RejectionLog(logger: logger, configuration: configuration)
            let accounts = AccountStore(
                database: database, tokenLifetime: configuration.tokenLifetime,
                passwordCost: UInt8(configuration.passwordCost), isOpen: !configuration.requiresSignIn
            )
            let router = DemoRouter.make(
                users: users, accounts: accounts, forecasts: forecasts, openAPIDocument: openAPIDocument,
                defaultFaults: configuration.defaultFaults, rejections: rejections
            )
            let (runner, port) = try await ServerRunner.start(
                router: router,
                configuration: configuration,
                database: database,
                location: location,
                rejections: rejections,
                logger: logger
            )
            let urlHost = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
            return DemoServer(
                port: port,
                baseURL: URL(string: "http://\(urlHost):\(port)")!,
                databasePath: location.path,
                userCount: stats.total,
                configuration: configuration,
                runner: runner,
                accounts: accounts
            )
        } catch {
            location.removeOwnedFiles()
            throw error
        }
    }

    /// Every access token given so far stops working, as if its lifetime had passed; refresh
    /// tokens keep working. For tests of what a client does when its token expires, which never
    /// wait for a clock.
    public func expireAccessTokens() async {
        await accounts.expireAccessTokens()
    }

    /// Stops the server: no new connections, running requests finish, the database is closed and a
    /// temporary database is removed. Safe to call more than once; later calls return once the
    /// server has stopped.
    public func stop() async {
        await runner.stop()
    }
}
