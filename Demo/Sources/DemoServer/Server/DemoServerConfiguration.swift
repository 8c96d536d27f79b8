/// How ``DemoServer/start(_:logger:)`` runs the demo server.
public struct DemoServerConfiguration: Sendable, Equatable {
    /// The address to listen on.
    public var host: String
    /// The port to listen on; `0` picks a free (ephemeral) port, see ``DemoServer/port``.
    public var port: Int
    /// The SQLite file; `nil` creates a new one in a fresh temporary folder, removed on stop. An
    /// existing, already seeded file is reused as it is.
    public var databasePath: String?
    /// How many users to seed into a new database (at least 1).
    public var userCount: Int
    /// Faults injected into every `/api/` request that has no `X-Demo-Fault` header.
    public var defaultFaults: FaultPlan
    /// How long a connection may send nothing (idle between requests, or stalled mid-request,
    /// like a body shorter than its `Content-Length`) before the server closes it.
    public var idleTimeout: Duration
    /// The most connections served at once; more wait in the listen backlog.
    public var maximumConnections: Int
    /// How long a request head (request line and header fields) may take to arrive, counted from
    /// the connection's start for its first request and from the first byte of each later one. A
    /// head still incomplete then is answered 408 `request_timeout` and the connection closed,
    /// so a client sending a byte a second (slowloris) holds a connection for this long, not for
    /// the idle timeout. A connection that sends nothing at all is closed without an answer.
    public var headerReadTimeout: Duration
    /// The most connections one client (one remote IP address) may have open at once; a new one
    /// past this is closed at once, so no single client can take all ``maximumConnections``.
    public var maximumConnectionsPerClient: Int
    /// Whether the users' routes ask for an access token (`Authorization: Bearer …` from
    /// `POST /api/sessions`). Off, the API is open and a sign-in is answered for any account: what
    /// tests and scripts that want only the data use (`demo-server --no-auth`). `demo-server` turns
    /// it on unless told otherwise; this type leaves it off, as the API was before accounts.
    public var requiresSignIn: Bool
    /// How long an access token is good for (15 minutes by default; `--token-lifetime`).
    public var tokenLifetime: Duration
    /// bcrypt's cost for new passwords: 2^cost rounds (10 by default; from 4 to 16).
    public var passwordCost: Int

    /// Creates a configuration; the defaults give an ephemeral port on 127.0.0.1, a temporary
    /// database of 10,000 users and no faults.
    /// - Parameters:
    ///   - host: The address to listen on.
    ///   - port: The port, or `0` for an ephemeral one.
    ///   - databasePath: The SQLite file, or `nil` for a temporary one.
    ///   - userCount: Users to seed into a new database.
    ///   - defaultFaults: Faults for requests without an `X-Demo-Fault` header.
    ///   - idleTimeout: How long a silent connection is kept (30 s by default).
    ///   - maximumConnections: The most connections served at once (1,000 by default).
    ///   - headerReadTimeout: How long a request head may take to arrive (10 s by default).
    ///   - maximumConnectionsPerClient: The most connections open at once from one IP address
    ///     (64 by default).
    ///   - requiresSignIn: Whether the users' routes ask for an access token (off by default).
    ///   - tokenLifetime: How long an access token is good for (15 minutes by default).
    ///   - passwordCost: bcrypt's cost for new passwords (10 by default).
    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        databasePath: String? = nil,
        userCount: Int = 10_000,
        defaultFaults: FaultPlan = .none,
        idleTimeout: Duration = .seconds(30),
        maximumConnections: Int = 1_000,
        headerReadTimeout: Duration = .seconds(10),
        maximumConnectionsPerClient: Int = 64,
        requiresSignIn: Bool = false,
        tokenLifetime: Duration = .seconds(900),
        passwordCost: Int = 10
    ) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.userCount = userCount
        self.defaultFaults = defaultFaults
        self.idleTimeout = idleTimeout
        self.maximumConnections = maximumConnections
        self.headerReadTimeout = headerReadTimeout
        self.maximumConnectionsPerClient = maximumConnectionsPerClient
        self.requiresSignIn = requiresSignIn
        self.tokenLifetime = tokenLifetime
        self.passwordCost = passwordCost
    }

    /// Checks the values that must be in range before anything is started.
    func validate() throws(DemoServerError) {
        guard (0...65_535).contains(port) else {
            throw .invalidConfiguration("Port \(port) is out of range; use 0 to 65535 (0 picks a free port).")
        }
        guard userCount >= 1 else {
            throw .invalidConfiguration("The user count must be at least 1, but was \(userCount).")
        }
        guard userCount <= 1_000_000 else {
            throw .invalidConfiguration("The user count must be at most 1000000, but was \(userCount).")
        }
        guard idleTimeout > .zero else {
            throw .invalidConfiguration("The idle timeout must be positive, but was \(idleTimeout).")
        }
        guard maximumConnections >= 1 else {
            throw .invalidConfiguration("The maximum number of connections must be at least 1, but was \(maximumConnections).")
        }
        guard headerReadTimeout > .zero else {
            throw .invalidConfiguration("The header read timeout must be positive, but was \(headerReadTimeout).")
        }
        guard maximumConnectionsPerClient >= 1 else {
            throw .invalidConfiguration(
                "The maximum number of connections per client must be at least 1, but was \(maximumConnectionsPerClient)."
            )
        }
        guard tokenLifetime > .zero, tokenLifetime <= .seconds(365 * 24 * 3_600) else {
            throw .invalidConfiguration("The token lifetime must be from 1 second to 365 days, but was \(tokenLifetime).")
        }
        guard (4...16).contains(passwordCost) else {
            throw .invalidConfiguration("The password cost must be from 4 to 16, but was \(passwordCost).")
        }
        guard !host.isEmpty else {
            throw .invalidConfiguration("The host is empty; use an address such as 127.0.0.1.")
        }
    }
}
