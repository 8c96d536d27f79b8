// A test helper only, not a product: one screen in a real terminal (the pseudo-terminal
// TerminalSessionTests open), run as mvvm-demo runs its screens, so that signals, crashes and
// suspending can be tried on a real session.
//
//   terminal-session-probe <file>
//
// Makes <file> and registers it with SignalCleanup (as mvvm-demo registers its temporary
// database); removes it on a normal exit. Keys: q quits, ! crashes (a Swift trap).
import Foundation
import MVVMTerminal

SignalCleanup.install()
let path = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ""
if !path.isEmpty {
    _ = FileManager.default.createFile(atPath: path, contents: Data("probe".utf8))
    SignalCleanup.removeOnAbnormalExit([path])
}

/// Says it is ready.
@MainActor
final class ProbeScreen: Screen {

    func render(into frame: inout Frame) {
        frame.put("probe ready", at: Position(row: 0, column: 0))
    }

    func handle(_ key: Key) -> ScreenAction? {
        switch key {
        case .character("q"): return .quit
        case .character("!"): fatalError("the probe crashes on purpose")
        default: return nil
        }
    }
}

let exitCode: Int32
do {
    exitCode = try await TerminalApp(root: ProbeScreen()).run().status
} catch {
    FileHandle.standardError.write(Data("terminal-session-probe: \(error)\n".utf8))
    exitCode = 1
}
if !path.isEmpty {
    try? FileManager.default.removeItem(atPath: path)
    SignalCleanup.removeOnAbnormalExit([])
}
exit(exitCode)
