import ArgumentParser
import DemoScreens
import DemoServer
import Foundation
import Logging
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

            Keys:
              anywhere    Ctrl-C quits (the terminal is restored)
              home        ↑/↓ move, Enter open, q/Esc quit
              user list   / search: type, Backspace, Enter/Esc done
                          ↑/↓ PgUp/PgDn Home/End move
                          f/Tab, Shift-Tab filter all/active/inactive
                          r refresh (retry after a failure)
                          t toggle active, d delete (y confirm, n cancel)
                          Enter detail, q/Esc back
              registration
                          Tab/↑/↓ move, type to edit, Enter next or submit
                          r retry (in an alert), Esc back
              weather     ↑/↓ city, r retry, q/Esc back
            """
    )

    @Option(help: "Use the API server at this URL instead of starting the embedded one.")
    var apiURL: String?

    @Option(help: "The server speaking the public forecast API's format (default: the API server).")
    var weatherURL: String?

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
                server = try await DemoServer.start(DemoServerConfiguration(host: "127.0.0.1", port: 0, databasePath: folder.databasePath))
            }
            guard let base = apiURL ?? server?.baseURL else { throw CommandLineError("no API URL") }
            let outcome = await Self.runApp(apiURL: base, weatherURL: weatherURL ?? base)
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
            FileHandle.standardError.write(Data("mvvm-demo: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }

    /// The longest a request may take, retries included, before the screen shows an error.
    static let requestDeadline: Duration = .seconds(10)

    /// Runs the screens until the user quits or a signal ends them; returns why they ended, or
    /// why they could not start.
    @MainActor
    static func runApp(apiURL: URL, weatherURL: URL) async -> Result<TerminalAppExit, TerminalSessionError> {
        // A hanging or dripping server shows an error and a retry within seconds.
        let transport = makeDemoTransport()
        let api = APIClient(baseURL: apiURL, transport: transport, deadline: requestDeadline)
        let users = RemoteUserRepository(dataSource: UserRemoteDataSource(client: api))
        let registrations = RemoteRegistrationRepository(dataSource: RegistrationRemoteDataSource(client: api))
        let weather = RemoteWeatherRepository(dataSource: ForecastRemoteDataSource(client: APIClient(baseURL: weatherURL, transport: transport, deadline: requestDeadline)))
        let home = HomeScreen(items: [
            .init(title: "User list") { UserListScreen(viewModel: UserListViewModel(repository: users)) },
            .init(title: "Registration") { RegistrationScreen(viewModel: RegistrationViewModel(repository: registrations)) },
            .init(title: "Weather") { WeatherScreen(viewModel: WeatherViewModel(repository: weather)) },
            .init(title: "Quit", open: nil),
        ])
        do {
            return .success(try await TerminalApp(root: home).run())
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
