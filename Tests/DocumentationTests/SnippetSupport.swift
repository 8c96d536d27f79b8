// Reading documentation blocks and code regions for SnippetCheckTests.
import Foundation

enum DocumentationFiles {
    /// The repository root: this file is Tests/DocumentationTests/SnippetSupport.swift.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// README.md, Demo/README.md, Demo/Examples/README.md, docs/*.md and every Markdown file in
    /// a DocC catalog.
    static func markdown() throws -> [URL] {
        var files = ["README.md", "Demo/README.md", "Demo/Examples/README.md"].map { root.appending(path: $0) }
        files += try markdownFiles(under: root.appending(path: "docs"))
        for module in try contents(of: root.appending(path: "Sources")) {
            for entry in try contents(of: module) where entry.pathExtension == "docc" {
                files += try markdownFiles(under: entry)
            }
        }
        return files.filter { FileManager.default.fileExists(atPath: $0.path) }.sorted { $0.path < $1.path }
    }

    /// Swift files of the library's and the demo's sources and tests that mark a region (never
    /// a build folder's checkouts).
    static func swiftFilesWithRegions() throws -> [URL] {
        var found: [URL] = []
        for folder in ["Tests", "Sources", "Demo/Examples", "Demo/Sources", "Demo/Tests"] {
            let base = root.appending(path: folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "swift" {
                let text = try String(contentsOf: url, encoding: .utf8)
                if text.contains(SnippetRegion.opener) { found.append(url) }
            }
        }
        return found
    }

    private static func contents(of folder: URL) throws -> [URL] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
    }

    private static func markdownFiles(under folder: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "md" }
    }

    static func relative(_ url: URL) -> String {
        String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
    }
}

/// A fenced ```swift block of a Markdown file, and what the line before it says about it.
struct SwiftBlock {
    enum Source: Equatable { case snippet(path: String, name: String), notCompiled(String), missing }

    let location: String
    let source: Source
    /// The block's lines, without the fence's own indentation, joined by newlines.
    let body: String
    /// Where the body's lines are in the file (0-based), and the fence's indentation.
    let bodyLines: Range<Int>
    let indent: Int

    static func all(in file: URL) throws -> [SwiftBlock] {
        let lines = try String(contentsOf: file, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [SwiftBlock] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("```") else { index += 1; continue }
            let indent = line.count - trimmed.count
            let isSwift = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces) == "swift"
            var end = index + 1
            while end < lines.count, !lines[end].drop(while: { $0 == " " }).hasPrefix("```") { end += 1 }
            if isSwift {
                let bodyLines = (index + 1)..<min(end, lines.count)
                let body = lines[bodyLines]
                    .map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
                    .map { $0.trimmingCharacters(in: .whitespaces).isEmpty ? "" : $0 }
                    .joined(separator: "\n")
                let marker = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
                blocks.append(SwiftBlock(
                    location: "\(DocumentationFiles.relative(file)):\(index + 1)",
                    source: source(of: marker),
                    body: body,
                    bodyLines: bodyLines,
                    indent: indent))
            }
            index = end + 1
        }
        return blocks
    }

    /// Rewrites every snippet block of `file` from its region, keeping the fence's indentation.
    /// A block whose region cannot be read is left as it is (the check reports it).
    /// - Returns: whether the file changed.
    static func sync(_ file: URL) throws -> Bool {
        let text = try String(contentsOf: file, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for block in try all(in: file).reversed() {
            guard case .snippet(let path, let name) = block.source,
                  let region = try? SnippetRegion.named(name, in: DocumentationFiles.root.appending(path: path)),
                  region != block.body
            else { continue }
            let pad = String(repeating: " ", count: block.indent)
            lines.replaceSubrange(block.bodyLines, with: region.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : pad + $0 })
        }
        let synced = lines.joined(separator: "\n")
        guard synced != text else { return false }
        try synced.write(to: file, atomically: true, encoding: .utf8)
        return true
    }

    static func source(of marker: String) -> Source {
        guard marker.hasPrefix("<!--"), marker.hasSuffix("-->") else { return .missing }
        let inner = marker.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        if inner.hasPrefix("snippet:") {
            let reference = inner.dropFirst("snippet:".count).trimmingCharacters(in: .whitespaces)
            let parts = reference.split(separator: "#", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return .missing }
            return .snippet(path: parts[0], name: parts[1])
        }
        if inner.hasPrefix("not compiled:") {
            return .notCompiled(inner.dropFirst("not compiled:".count).trimmingCharacters(in: .whitespaces))
        }
        return .missing
    }
}

/// The lines of a Swift file between `// snippet: NAME` and `// snippet end`, without their
/// common indentation.
enum SnippetRegion {
    static let opener = "// snippet: "
    static let closer = "// snippet end"

    struct Problem: Error, CustomStringConvertible { let description: String }

    static func named(_ name: String, in file: URL) throws -> String {
        guard let region = try all(in: file)[name] else {
            throw Problem(description: "\(DocumentationFiles.relative(file)) has no region `\(opener)\(name)`")
        }
        return region
    }

    static func all(in file: URL) throws -> [String: String] {
        let where_ = DocumentationFiles.relative(file)
        let lines = try String(contentsOf: file, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var regions: [String: String] = [:]
        var open: (name: String, line: Int, body: [String])?
        for (number, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix(opener) {
                if let open { throw Problem(description: "\(where_):\(number + 1): region opened inside `\(open.name)` (line \(open.line))") }
                open = (String(trimmed.dropFirst(opener.count)), number + 1, [])
            } else if trimmed == closer {
                guard let finished = open else { throw Problem(description: "\(where_):\(number + 1): `\(closer)` without a region") }
                if regions[finished.name] != nil { throw Problem(description: "\(where_):\(finished.line): a second region `\(finished.name)`") }
                regions[finished.name] = dedented(finished.body)
                open = nil
            } else {
                open?.body.append(line)
            }
        }
        if let open { throw Problem(description: "\(where_):\(open.line): region `\(open.name)` is never closed") }
        return regions
    }

    private static func dedented(_ lines: [String]) -> String {
        let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
            .map { $0.trimmingCharacters(in: .whitespaces).isEmpty ? "" : $0 }
            .joined(separator: "\n")
    }
}
