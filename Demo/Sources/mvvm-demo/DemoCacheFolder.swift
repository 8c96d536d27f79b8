import Foundation

/// Where mvvm-demo keeps its saved data (forecasts, the users seen), so that a second start shows
/// forecasts at once and both stay on screen when the server cannot be reached.
enum DemoCacheFolder {
    /// `--cache-dir` when given; else `$XDG_CACHE_HOME/mvvm-demo` (the XDG base directory
    /// specification: an absolute path only); else `~/.cache/mvvm-demo`; else a folder under the
    /// system's temporary folder.
    static func resolve(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let option, !option.isEmpty {
            return URL(fileURLWithPath: option, isDirectory: true)
        }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("mvvm-demo", isDirectory: true)
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache/mvvm-demo", isDirectory: true)
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-demo-cache", isDirectory: true)
    }
}
