import Foundation
import GRDB
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// Runs the Hummingbird application in a task and shuts it down once, however often `stop` is called.
actor ServerRunner {
    private let serviceGroup: ServiceGroup
    private let runTask: Task<(any Error)?, Never>
    private let database: DatabasePool
    private let location: DatabaseLocation
    private let logger: Logger
    private var stopTask: Task<Void, Never>?

    private init(
        serviceGroup: ServiceGroup,
        runTask: Task<(any Error)?, Never>,
        database: DatabasePool,
        location: DatabaseLocation,
        logger: Logger
    ) {
        self.serviceGroup = serviceGroup
        self.runTask = runTask
        self.database = database
        self.location = location
        self.logger = logger
    }

    /// Starts `router` on `host`:`port` and returns once it listens, with the bound port.
    ///
    /// On failure the service is stopped and `database` closed before the error is thrown; the
    /// caller still owns `location`.
    static func start(
        router: Router<DemoRequestContext>,
        configuration serverConfiguration: DemoServerConfiguration,
        database: DatabasePool,
        location: DatabaseLocation,
        rejections: RejectionLog,
        logger: Logger
    ) async throws(DemoServerError) -> (ServerRunner, port: Int) {
        let (host, port) = (serverConfiguration.host, serverConfiguration.port)
        let (boundPorts, boundPortContinuation) = AsyncStream<Int>.makeStream()
        // NIO's process-wide event loops, never shut down. A group of the server's own cannot be
        // shut down safely: Hummingbird finishes its graceful shutdown in an unstructured task
        // that can outlive `run()`, and its last step (releasing NIOExtras' quiescing helper)
        // schedules work on the loop. On a stopped loop that printed "Cannot schedule tasks on an
        // EventLoop that has already shut down" (1 quit in 5; a crash under SWIFTNIO_STRICT=1
        // and in future NIO versions). Demo/Tests/e2e/demo-tmux.sh quits under SWIFTNIO_STRICT=1.
        let eventLoopGroup = MultiThreadedEventLoopGroup.singleton
        // A silent connection (idle, or stalled mid-request) is closed after the idle timeout, a
        // request head that is late after the header read timeout (RequestHeadGuard, which also
        // answers a head the decoder refuses); past the connection cap, new ones wait in the
        // backlog (and the connection that has waited longest on its client is closed to make
        // room: WaitingConnections), and past a client's own cap they are closed. Each is
        // logged once.
        let idleTimeout = TimeAmount(serverConfiguration.idleTimeout)
        let clientCounts = ClientConnectionCounts(maximum: serverConfiguration.maximumConnectionsPerClient)
        let headLimit = RequestHeadGuard.maximumHeadSize
        let waiting = WaitingConnections(headerReadTimeout: serverConfiguration.headerReadTimeout, rejections: rejections)
        let application = Application(
            router: router,
            server: .http1(configuration: .init(
                // Created for each connection. IdleCloseWatcher stays last, next to Hummingbird's
                // handler whose idle closes it watches.
                additionalChannelHandlers: [
                    ClientConnectionCap(counts: clientCounts, rejections: rejections),
                    RequestHeadGuard(timeout: serverConfiguration.headerReadTimeout, rejections: rejections, waiting: waiting),
                    IdleCloseWatcher(idleTimeout: serverConfiguration.idleTimeout, rejections: rejections),
                ],
                idleTimeout: idleTimeout,
                httpDecoderConfiguration: .init(
                    maxHeaderFieldSize: headLimit, maxHeaderListSize: headLimit,
                    maxHeaderFieldCount: RequestHeadGuard.maximumHeaderFieldCount
                )
            )),
            configuration: .init(
                address: .hostname(host, port: port),
                serverName: "demo-server",
                availableConnectionsDelegate: ConnectionCap(
                    maximum: serverConfiguration.maximumConnections, rejections: rejections, waiting: waiting
                )
            ),
            onServerRunning: { channel in
                boundPortContinuation.yield(channel.localAddress?.port ?? port)
                boundPortContinuation.finish()
            },
            eventLoopGroupProvider: .shared(eventLoopGroup),
            logger: logger
        )
        var groupConfiguration = ServiceGroupConfiguration(services: [application], gracefulShutdownSignals: [], logger: logger)
        // Requests still running this long after `stop()` are cancelled.
        groupConfiguration.maximumGracefulShutdownDuration = .seconds(5)
        let serviceGroup = ServiceGroup(configuration: groupConfiguration)
        let runTask = Task<(any Error)?, Never> {
            defer { boundPortContinuation.finish() }
            do {
                try await serviceGroup.run()
                return nil
            } catch {
                return error
            }
        }
        var ports = boundPorts.makeAsyncIterator()
        if let boundPort = await ports.next() {
            let runner = ServerRunner(
                serviceGroup: serviceGroup, runTask: runTask,
                database: database, location: location, logger: logger
            )
            return (runner, boundPort)
        }
        // The stream ended without a port: the server failed, or this task was cancelled.
        if Task.isCancelled {
            await serviceGroup.triggerGracefulShutdown()
        }
        let failure = await runTask.value
        _ = try? await offThePool { try database.close() }
        if Task.isCancelled { throw .cancelled }
        throw listenError(failure, host: host, port: port)
    }

    /// Stops accepting connections, lets running requests finish, closes the database and removes
    /// the temporary database folder if the server created it. Later calls wait for the first.
    func stop() async {
        if let stopTask {
            await stopTask.value
            return
        }
        let task = Task { [serviceGroup, runTask, database, location, logger] in
            await serviceGroup.triggerGracefulShutdown()
            if let error = await runTask.value {
                logger.warning("The demo server stopped with an error", metadata: ["error": "\(error)"])
            }
            do {
                try await offThePool { try database.close() }
            } catch {
                logger.warning("The demo database did not close cleanly", metadata: ["error": "\(error)"])
            }
            location.removeOwnedFiles()
        }
        stopTask = task
        await task.value
    }

    /// A clear error for a server that could not listen.
    private static func listenError(_ error: (any Error)?, host: String, port: Int) -> DemoServerError {
        if let error = error as? IOError {
            if error.errnoCode == EADDRINUSE {
                return .portInUse(host: host, port: port)
            }
            if error.errnoCode == EACCES {
                return .cannotListen(host: host, port: port, reason: "permission denied (ports below 1024 need privileges)")
            }
            if error.errnoCode == EADDRNOTAVAIL {
                return .cannotListen(host: host, port: port, reason: "\(host) is not an address of this machine")
            }
        }
        if error is SocketAddressError {
            return .cannotListen(host: host, port: port, reason: "the host \(host) could not be resolved")
        }
        return .cannotListen(host: host, port: port, reason: error.map { "\($0)" } ?? "the server stopped before it was listening")
    }
}
