package import Foundation

/// A folder under the system's temporary folder, removed when the value is released: for this
/// package's tests (`package`, not MVVMTesting's public API).
package final class TemporaryFolder: Sendable {
    /// The folder.
    package let url: URL

    /// Makes a new, empty folder.
    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` in the folder.
    package func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
