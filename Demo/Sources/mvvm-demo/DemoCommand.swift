import AppFeature
import ArgumentParser
import DemoScreens
import DemoServer
import Foundation
import Logging
import MVVMCore
import MVVMData
import MVVMTerminal
import RegistrationFeature
import UserListFeature
import WeatherFeature

/// `mvvm-demo`: the reference features in the terminal, against the embedded demo server or
/// an existing one.
@main
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mvvm-demo",
        abstract: "The swift-mvvm reference features (user list, registration, weather) in the terminal.",
        discussion: """
            Without options, starts the embedded demo server on 127.0.0.1 (a free port, a
            temporary SQLite database seeded with 10,000 users) and stops it on exit.

            --open starts on the screen a path names, with the screens below it (q goes
            back to them): users, users/<id> (a user's detail), registration, weather,
            weather/<city code> (130010 Tokyo, 270000 Osaka, 471010 Naha, 016010 Sapporo,
            090010 Utsunomiya, 230010 Nagoya, 260010 Kyoto, 400010 Fukuoka). Without it,
            the demo starts where the last run ended (after a kill or Ctrl-C: the screens
            open, the list's search, the registration's login id; never a password).

            Forecasts and every user seen are saved in the cache folder (--cache-dir;
            --clear-cache empties it; users in records/users.sqlite, at most --keep-users
            of them, the least recently seen forgotten first; pictures in
            pictures.sqlite, at most 8 MiB): the
            next start shows them at once, then the server's. With the server gone (try
            --api-url http://127.0.0.1:9), saved forecasts and users stay on screen with
            "offline · saved HH:MM", a search finds any user seen on any page, and a
            toggle or delete waits, pending (…), in the folder's outbox/ (a journal per
            server URL, kept by --clear-cache and across restarts) until a server at that
            URL answers; no other server is sent it. The embedded server's writes end with
            it.

            The screens speak Japanese (the articles' words) or English, as LC_ALL,
            LC_MESSAGES or LANG say (English when none names a language): try
            LANG=ja_JP.UTF-8 mvvm-demo.

            Keys:
              anywhere    Ctrl-C quits (the terminal is restored)
                          Ctrl-Z suspends (fg resumes), Ctrl-L repaints
                          a paste is text; one whose end never comes ends
                          at Ctrl-C, Ctrl-Z or after 1 s without input
                          Alt+Enter does nothing
              home        ↑/↓ move, Enter open, q/Esc quit
              user list   / search: type, Backspace, Enter/Esc done
                          ↑/↓ PgUp/PgDn Home/End move
                          f the filter sheet (1-3 choose, n/Esc cancel)
                          r refresh (retry after a failure)
                          t toggle active, d delete (y confirm, n cancel)
                          Enter the user's detail, q/Esc back
              user detail t toggle active, d delete (y confirm, n cancel)
                          r retry, q/Esc back
              registration
                          Tab/↑/↓ move, type to edit, Enter next or submit
                          r retry (in an alert), Esc back
              weather     ↑/↓ city, Enter the city's forecast, r retry, q/Esc back
              forecast    ↑/↓ scroll the text, r retry, q/Esc back
            """
    )

    @Option(help: "Use the API server at this URL instead of starting the embedded one (a demo-server: the app signs in as its demo account).")
    var apiURL: String?

    @Option(help: "The server speaking the public forecast API's format (default: the API server).")
    var weatherURL: String?

    @Option(help: ArgumentHelp(
        "Keep saved data (forecasts, users seen in records/; writes made offline in outbox/) in this folder. Default: $XDG_CACHE_HOME/mvvm-demo, or ~/.cache/mvvm-demo.",
        valueName: "folder"
    ))
    var cacheDir: String?

    @Flag(help: "Remove the saved data before starting.")
    var clearCache = false

    @Option(help: ArgumentHelp("Keep at most this many users on the device; the least recently seen are forgotten first, never one with a write waiting or on screen.", valueName: "count"))
    var keepUsers = 100_000

    @Option(help: ArgumentHelp("Start on the screen this path names, e.g. users/42 or weather/130010. Default: the screens open when the last run was killed, else the home menu.", valueName: "path"))
    var open: String?

    /// Parses the arguments and runs; `--help` and bad arguments leave through
    /// `exitSafely(withError:)`, so that what the user typed never reaches the terminal raw.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            exitSafely(withError: error)
        }
    }

    func validate() throws {
        guard keepUsers >= 1 else { throw ValidationError("--keep-users: \(keepUsers) is not a count of users (1 or more)") }
        do {
            if let open { _ = try Navigation<AppDestination, Never>(path: open) }
        } catch {
            throw ValidationError("--open: \(TerminalText.sanitize(error.description))")
        }
    }

    mutating func run() async throws {
        LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
        // First: a signal from now on (even while the database seeds) removes the temporary
        // files and puts the terminal back.
        SignalCleanup.install()
        var temporaryFolder: TemporaryDatabaseFolder?
        defer { temporaryFolder?.remove() }
        do {
            let apiURL = try apiURL.map { try Self.parseURL($0, option: "--api-url") }
            let weatherURL = try weatherURL.map { try Self.parseURL($0, option: "--weather-url") }
            var server: DemoServer?
            if apiURL == nil {
                let folder = try TemporaryDatabaseFolder()
                temporaryFolder = folder
                // It asks for a token, as a real server does: the app signs in as its demo account.
                server = try await DemoServer.start(DemoServerConfiguration(host: "127.0.0.1", port: 0, databasePath: folder.databasePath, requiresSignIn: true))
            }
            guard let base = apiURL ?? server?.baseURL else { throw CommandLineError("no API URL") }
            let cacheFolder = DemoCacheFolder.resolve(option: cacheDir)
            let cache = FileCacheStore(directory: cacheFolder, maxBytes: 16 << 20)
            // What a person's data touches is theirs: the account's own folder (the forecasts,
            // public, stay in the cache folder). Data of a version before accounts becomes the
            // demo account's, the one it used.
            let account = DemoAccount.secrets(apiURL: base, cacheFolder: cacheFolder, embedded: server != nil)
            let accountFolder = DemoAccountFolder.adoptEarlierData(
                in: cacheFolder, into: DemoAccountFolder.folder(for: await DemoAccount.keptAccount(account), in: cacheFolder)
            )
            // Pictures have a budget of their own: they never evict the saved pages and counts.
            let pictures = await DemoPicturesFile.open(in: accountFolder)
            // Writes wait for the server they were made for: a journal per server URL in a
            // folder of its own, never evicted for space and kept by --clear-cache (it removes
            // only the folder's own entries); the embedded server's go with its temporary folder.
            let outbox: DemoOutboxLocation = if let temporaryFolder {
                .embedded(in: temporaryFolder.folder)
            } else {
                .server(base, in: accountFolder)
            }
            temporaryFolder?.alsoRemoveOnAbnormalExit(outbox.files)
            if clearCache {
                do {
                    try await cache.removeAll()
                    try await pictures.removeAll()
                    DemoUserRecordsFile.remove(in: accountFolder)
                    try? FileManager.default.removeItem(at: accountFolder.appendingPathComponent("shared", isDirectory: true))
                } catch {
                    throw CommandLineError("--clear-cache: \(error)")
                }
            }
            let outcome = await Self.runApp(apiURL: base, weatherURL: weatherURL ?? base, cache: cache, pictures: pictures, records: DemoUserRecordsFile.open(in: accountFolder), keepUsers: keepUsers, outbox: outbox,
                account: account, shared: SharedValues(directory: accountFolder.appendingPathComponent("shared", isDirectory: true)), path: open)
            // Also after a signal: the server stops, then the temporary database is removed.
            await server?.stop()
            switch outcome {
            case .success(.finished): return
            case .success(let exit): throw ExitCode(exit.status)
            case .failure(let error): throw error
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            // What an error quotes (a path, a URL) may hold escape sequences: shown, never acted on.
            FileHandle.standardError.write(Data("mvvm-demo: \(TerminalText.sanitize("\(error)"))\n".utf8))
            throw ExitCode.failure
        }
    }

    /// The longest a request may take, retries included, before the screen shows an error.
    static let requestDeadline: Duration = .seconds(10)

    /// Runs the screens until the user quits or a signal ends them; returns why they ended, or
    /// why they could not start.
    @MainActor
    static func runApp(
        apiURL: URL, weatherURL: URL, cache: any CacheStore, pictures: any CacheStore, records: (any RecordStorage)?, keepUsers: Int,
        outbox: DemoOutboxLocation, account: (store: any SecretStore, name: String), shared: SharedValues, path: String?
    ) async -> Result<TerminalAppExit, TerminalSessionError> {
        // What the screens share and what survives a kill (the screens open, the search, the
        // registration's login id), for everything the app makes while it runs.
        await Dependencies.with { $0.sharedValues = shared } operation: {
            await runScreens(apiURL: apiURL, weatherURL: weatherURL, cache: cache, pictures: pictures, records: records, keepUsers: keepUsers, outbox: outbox, account: account, path: path)
        }
    }

    @MainActor
    private static func runScreens(
        apiURL: URL, weatherURL: URL, cache: any CacheStore, pictures: any CacheStore, records: (any RecordStorage)?, keepUsers: Int,
        outbox: DemoOutboxLocation, account: (store: any SecretStore, name: String), path: String?
    ) async -> Result<TerminalAppExit, TerminalSessionError> {
        // Every toggle and delete is saved here before it is sent, and sent until the server
        // answers: retried every 1 s, then 2 s, up to every 5 s. Shared safely by two demos on
        // one cache folder.
        let storage = outbox.storage()
        let userWrites = Outbox<UserWrite>(
            storage: storage,
            clock: ContinuousClock(), backOff: RetryPolicy(initialDelay: .seconds(1), maxDelay: .seconds(5))
        )
        if outbox.takesEarlierWrites { await LegacyOutboxImport.run(folder: outbox.folder, into: userWrites, storage: storage) }
        // A hanging or dripping server shows an error and a retry within seconds.
        let transport = makeDemoTransport()
        // Any answer from the server sends the waiting writes at once, not after their back-off.
        // Signed as the demo account (DemoAccount); the forecasts are public and go unsigned.
        let session = DemoAccount.session(apiURL: apiURL, transport: transport, secrets: account)
        let api = APIClient(baseURL: apiURL, transport: transport, deadline: requestDeadline, onSuccess: { userWrites.nudge() }, session: session)
        let local = LocalDataSource(store: cache, schemaVersion: 1)
        // Every user the screens show, kept with the writes the server has not answered.
        // Saved user by user in SQLite: a write saves that user alone.
        let userRecords = UserRecords(outbox: userWrites, storage: records, search: .users, retention: RecordRetention(maxCount: keepUsers))
        // Earlier versions kept every user in one cache entry, rewritten whole on each save.
        for legacy in ["records/users", "records/users.counts.users"] { try? await cache.removeEntry(for: legacy) }
        // Not restored here: the first frame never waits for the saved users (a file another
        // process holds locked made it wait 5 s, issue 54, M7). The app's delivery restores them
        // first thing, and the screens show them as they come.
        let userSource = UserRemoteDataSource(client: api)
        // The repositories of every screen, taken from `Dependencies` by what the app makes.
        let app = Dependencies.with {
            $0.users = RemoteUserRepository(dataSource: userSource)
            $0.registrations = RemoteRegistrationRepository(dataSource: RegistrationRemoteDataSource(client: api))
            $0.weather = RemoteWeatherRepository(
                dataSource: ForecastRemoteDataSource(client: APIClient(baseURL: weatherURL, transport: transport, deadline: requestDeadline)),
                // Forecasts are saved: shown at once on the next start, and when the server is gone.
                local: local
            )
            $0.userRecords = userRecords
            // Pictures are saved too: a second start draws them without the network. A terminal
            // without colour (NO_COLOR, TERM=dumb) draws initials, never a picture: none is
            // fetched (it fetched 18 for the first screen).
            $0.avatars = ColorSupport.detect(environment: ProcessInfo.processInfo.environment) == .none
                ? nil
                : AvatarLoading.loader(repository: AvatarRepository(dataSource: userSource, local: LocalDataSource(store: pictures, schemaVersion: 1)))
        } operation: {
            try? AppViewModel(path: path)   // `validate()` checked the path: it opens
        }
        guard let app else { return .success(.finished) }
        do {
            let exit = try await TerminalApp(root: AppScreens.root(app), navigation: AppScreens.navigation(app)).run()
            await userRecords.waitUntilSaved()   // the last writes are in the outbox before the process ends
            return .success(exit)
        } catch {
            return .failure(error)
        }
    }

    static func parseURL(_ text: String, option: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw CommandLineError("\(option): not an http(s) URL: \(text)")
        }
        return url
    }
}
