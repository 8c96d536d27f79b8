import ArgumentParser

// Entry point of `demo-server`: parses the command line, then serves until SIGINT or SIGTERM.
// `--help` and bad arguments leave through `exitSafely(withError:)`, which prints the help or the
// error, made safe for a terminal.
// (`serve()` is called by name: calling `run()` here would pick ParsableCommand's synchronous default.)
let command: DemoServerCommand
do {
    command = try DemoServerCommand.parse()
} catch {
    DemoServerCommand.exitSafely(withError: error)
}
do {
    try await command.serve()
} catch {
    DemoServerCommand.exitSafely(withError: error)
}
