public import Foundation

/// A folder under the system's temporary folder, removed when the value is released: for this
/// repository's tests (`_MVVMTestSupport`, not API; not MVVMTesting's public API).
public final class TemporaryFolder: Sendable {
    /// The folder.
    public let url: URL

    /// Makes a new, empty folder.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` in the folder.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
