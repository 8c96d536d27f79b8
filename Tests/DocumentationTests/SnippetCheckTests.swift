// Every Swift code block in the documentation is either a copy of a region of compiled, tested
// code or says why it is not compiled. This test is the contract. Run with SYNC_SNIPPETS=1, it
// first rewrites the blocks from their regions:
//
//   SYNC_SNIPPETS=1 swift test --filter SnippetCheckTests
//
// In a Swift file, a region is the lines between `// snippet: NAME` and `// snippet end`.
// In Markdown, the line before a ```swift fence is one of:
//   <!-- snippet: PATH#NAME -->         PATH from the repository root; the block is the region
//   <!-- not compiled: REASON -->       e.g. RxSwift, which this package does not depend on
// SwiftUI and UIKit code is compiled, against the stand-ins in AppleStandIns/ (docs/Documentation.md).
import Foundation
import Testing

@Suite struct SnippetCheckTests {
    @Test func everySwiftBlockInTheDocsIsTheRegionItNames() throws {
        var problems: [String] = []
        var checked = 0
        let sync = ProcessInfo.processInfo.environment["SYNC_SNIPPETS"] == "1"
        for document in try DocumentationFiles.markdown() {
            if sync { _ = try SwiftBlock.sync(document) }
            for block in try SwiftBlock.all(in: document) {
                switch block.source {
                case .missing:
                    problems.append("\(block.location): a ```swift block needs `<!-- snippet: PATH#NAME -->` or `<!-- not compiled: REASON -->` on the line before it")
                case .notCompiled(let reason):
                    if reason.isEmpty { problems.append("\(block.location): `not compiled` needs a reason") }
                case .snippet(let path, let name):
                    checked += 1
                    do {
                        let region = try SnippetRegion.named(name, in: DocumentationFiles.root.appending(path: path))
                        if region != block.body {
                            problems.append("\(block.location): differs from \(path)#\(name); run SYNC_SNIPPETS=1 swift test --filter SnippetCheckTests\n\(firstDifference(block.body, region))")
                        }
                    } catch {
                        problems.append("\(block.location): \(error)")
                    }
                }
            }
        }
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
        #expect(checked > 0, "no snippet was checked: is the repository root right? \(DocumentationFiles.root.path)")
    }

    @Test func everyRegionIsClosedAndNamedOnce() throws {
        var problems: [String] = []
        for file in try DocumentationFiles.swiftFilesWithRegions() {
            do { _ = try SnippetRegion.all(in: file) } catch { problems.append("\(error)") }
        }
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
    }

    @Test func aMarkerNamesARegionOrAReason() {
        #expect(SwiftBlock.source(of: "<!-- snippet: Tests/X.swift#state -->") == .snippet(path: "Tests/X.swift", name: "state"))
        #expect(SwiftBlock.source(of: "<!-- not compiled: SwiftUI is not on Linux -->") == .notCompiled("SwiftUI is not on Linux"))
        #expect(SwiftBlock.source(of: "<!-- snippet: Tests/X.swift -->") == .missing)
        #expect(SwiftBlock.source(of: "Some prose.") == .missing)
    }

    @Test func aRegionIsItsLinesWithoutTheirCommonIndentation() throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "snippet-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: file) }
        try """
        struct A {
            // snippet: body
            func f() {
                g()
            }
            // snippet end
        }
        """.write(to: file, atomically: true, encoding: .utf8)
        #expect(try SnippetRegion.all(in: file) == ["body": "func f() {\n    g()\n}"])
    }

    @Test func anUnclosedRegionIsReported() throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "snippet-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: file) }
        try "// snippet: open\nlet x = 1\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: SnippetRegion.Problem.self) { try SnippetRegion.all(in: file) }
    }

    @Test func syncRewritesABlockFromItsRegionKeepingTheFenceIndentation() throws {
        let folder = DocumentationFiles.root.appending(path: ".build/snippet-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let swift = folder.appending(path: "Code.swift")
        let markdown = folder.appending(path: "Doc.md")
        try "// snippet: f\nfunc f() {\n\n    g()\n}\n// snippet end\n".write(to: swift, atomically: true, encoding: .utf8)
        let path = DocumentationFiles.relative(swift)
        try "- item\n  <!-- snippet: \(path)#f -->\n  ```swift\n  old()\n  ```\nafter\n".write(to: markdown, atomically: true, encoding: .utf8)

        #expect(try SwiftBlock.sync(markdown))
        #expect(try String(contentsOf: markdown, encoding: .utf8)
            == "- item\n  <!-- snippet: \(path)#f -->\n  ```swift\n  func f() {\n\n      g()\n  }\n  ```\nafter\n")
        #expect(try SwiftBlock.all(in: markdown).map(\.body) == ["func f() {\n\n    g()\n}"])
        #expect(try SwiftBlock.sync(markdown) == false)   // already in step: nothing written
    }

    private func firstDifference(_ doc: String, _ code: String) -> String {
        let a = doc.split(separator: "\n", omittingEmptySubsequences: false)
        let b = code.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, b.count) {
            let left = index < a.count ? String(a[index]) : "(end)"
            let right = index < b.count ? String(b[index]) : "(end)"
            if left != right { return "  line \(index + 1) of the block:\n    docs: \(left)\n    code: \(right)" }
        }
        return ""
    }
}
