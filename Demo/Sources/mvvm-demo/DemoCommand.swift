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

            Accounts: the demo signs in as the server's demo account (demo / mvvm-demo) by
            itself. The home screen names the account signed in; Sign out asks first (with
            the count of changes not yet sent), then removes that account's data. The
            sign-in screen signs any account in (POST /api/registrations, or the
            registration screen, makes one); each keeps its data in the cache folder's
            accounts/<login id>/. A session the server refuses asks the same account to
            sign in again; its writes wait until it does.

            The screens speak Japanese (the articles' words) or English, as LC_ALL,
            LC_MESSAGES or LANG say (English when none names a language): try
            LANG=ja_JP.UTF-8 mvvm-demo.

            Keys:
              anywhere    Ctrl-C quits (the terminal is restored)
                          Ctrl-Z suspends (fg resumes), Ctrl-L repaints
                          a paste is text; one whose end never comes ends
                          at Ctrl-C, Ctrl-Z or after 1 s without input
                          Alt+Enter does nothing
              home        ↑/↓ move, Enter open (Sign out: y sign out, n cancel), q/Esc quit
              sign-in     Tab/↑/↓ move, type to edit, Enter next or sign in
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

    @Option(help: "Use the API server at this URL instead of starting the embedded one (a demo-server: the app signs in as its demo account, until it signs out).")
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
            // What a person's data touches is theirs: each account's own folder (DemoAccountData;
            // the forecasts, public, stay in the cache folder).
            let secrets = DemoAccount.secrets(apiURL: base, cacheFolder: cacheFolder, embedded: server != nil)
            if clearCache {
                do {
                    try await cache.removeAll()
                    // The data of the account signed in (its writes waiting are kept).
                    if let account = await DemoAccount.keptAccount(secrets) {
                        let folder = DemoAccountFolder.folder(for: account, in: cacheFolder)
                        DemoPicturesFile.file(in: folder).remove()
                        DemoUserRecordsFile.remove(in: folder)
                        try? FileManager.default.removeItem(at: folder.appendingPathComponent("shared", isDirectory: true))
                    }
                } catch {
                    throw CommandLineError("--clear-cache: \(error)")
                }
            }
            let outcome = await Self.runApp(
                apiURL: base, weatherURL: weatherURL ?? base, cache: cache, secrets: secrets,
                accounts: { pictureSource, outbox in
                    DemoAccountData(
                        cacheFolder: cacheFolder, apiURL: base, keepUsers: keepUsers, temporaryFolder: temporaryFolder,
                        pictureSource: pictureSource, outbox: outbox, path: open
                    )
                }
            )
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
        apiURL: URL, weatherURL: URL, cache: any CacheStore, secrets: (store: any SecretStore, name: String),
        accounts makeAccounts: @MainActor (_ pictureSource: UserRemoteDataSource?, _ outbox: CurrentOutbox) -> DemoAccountData
    ) async -> Result<TerminalAppExit, TerminalSessionError> {
        // A hanging or dripping server shows an error and a retry within seconds.
        let transport = makeDemoTransport()
        // Signed as the account signed in (DemoAccount); the forecasts are public and go unsigned.
        let session = DemoAccount.session(apiURL: apiURL, transport: transport, secrets: secrets)
        let sessions = SessionRemoteDataSource(client: APIClient(baseURL: apiURL, transport: transport, deadline: requestDeadline))
        // Any answer from the server sends the waiting writes at once, not after their back-off.
        let outbox = CurrentOutbox()
        let api = APIClient(baseURL: apiURL, transport: transport, deadline: requestDeadline, onSuccess: { outbox.nudge() }, session: session)
        let userSource = UserRemoteDataSource(client: api)
        // A terminal without colour (NO_COLOR, TERM=dumb) draws initials, never a picture: none
        // is fetched (it fetched 18 for the first screen).
        let colour = ColorSupport.detect(environment: ProcessInfo.processInfo.environment) != .none
        let accounts = makeAccounts(colour ? userSource : nil, outbox)
        // Earlier versions kept every user in one cache entry, rewritten whole on each save.
        for legacy in ["records/users", "records/users.counts.users"] { try? await cache.removeEntry(for: legacy) }
        // The repositories every account's screens use, taken from `Dependencies` by what the
        // app makes; each account's own data is added when it is opened (DemoAccountData).
        let root = Dependencies.with {
            $0.users = RemoteUserRepository(dataSource: userSource)
            $0.registrations = RemoteRegistrationRepository(dataSource: RegistrationRemoteDataSource(client: api))
            $0.sessions = RemoteSessionRepository(dataSource: sessions, session: session)
            $0.weather = RemoteWeatherRepository(
                dataSource: ForecastRemoteDataSource(client: APIClient(baseURL: weatherURL, transport: transport, deadline: requestDeadline)),
                // Forecasts are saved: shown at once on the next start, and when the server is gone.
                local: LocalDataSource(store: cache, schemaVersion: 1)
            )
        } operation: {
            let made = Dependencies.current
            let account = DemoServer.demoAccount
            return AccountViewModel(
                hint: SignInText.demoAccount(loginID: account.loginID, password: account.password),
                open: { name in await Dependencies.with { $0 = made } operation: { await accounts.open(name) } },
                wipe: { name in await accounts.wipe(name) }
            )
        }
        do {
            let exit = try await TerminalApp(root: AppScreens.root(root), navigation: AppScreens.navigation(root)).run()
            // The last writes are in the outbox before the process ends.
            await root.app?.waitUntilSaved()
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
