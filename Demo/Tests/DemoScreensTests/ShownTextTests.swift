import Foundation
import Testing

/// Every text a screen shows comes from a feature's table (`UserListText`, `RegistrationText`,
/// `WeatherText`, `AppText`, the library's `CommonText`), in Japanese and English: a string
/// literal holding words anywhere else in the screens, ViewModels and models is a text that
/// would show in one language only. Data is not text of ours (the API's city names in
/// `City.swift`); neither are keys (`.character("t")`, a work's name), which are single
/// identifiers, or a line marked `// not shown: <why>`.
struct ShownTextTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func sources() -> [URL] {
        let folders = ["Sources/DemoScreens", "Examples/App", "Examples/UserList/ViewModel", "Examples/UserList/Detail",
                       "Examples/UserList/Model", "Examples/Registration/ViewModel", "Examples/Registration/Model",
                       "Examples/Weather/ViewModel", "Examples/Weather/Detail", "Examples/Weather/Model"]
        return folders.flatMap { folder -> [URL] in
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            return (enumerator?.allObjects as? [URL] ?? []).filter {
                $0.pathExtension == "swift" && !$0.lastPathComponent.hasSuffix("Text.swift") && $0.lastPathComponent != "City.swift"
            }
        }
    }

    /// The literals of `line` that hold words: Japanese, or two Latin letters in a row, outside
    /// interpolations.
    static func wordyLiterals(in line: String) -> [String] {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("//") || line.contains("// not shown:") { return [] }
        var found: [String] = []
        var rest = Substring(line)
        while let open = rest.firstIndex(of: "\"") {
            let before = rest[..<open]
            var index = rest.index(after: open)
            var literal = ""
            var depth = 0
            while index < rest.endIndex {
                let character = rest[index]
                if character == "\\", rest.index(after: index) < rest.endIndex {
                    let next = rest[rest.index(after: index)]
                    if next == "(" { depth += 1 }
                    index = rest.index(index, offsetBy: 2)
                    continue
                }
                if depth > 0 {
                    if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
                } else if character == "\"" {
                    break
                } else {
                    literal.append(character)
                }
                index = rest.index(after: index)
            }
            let isKey = before.hasSuffix(".character(") || before.hasSuffix(".control(")
                || literal.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            let hasJapanese = literal.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) }
            let hasWord = literal.split { !($0.isASCII && $0.isLetter) }.contains { $0.count >= 2 }
            if !isKey, hasJapanese || hasWord { found.append(literal) }
            rest = index < rest.endIndex ? rest[rest.index(after: index)...] : ""
        }
        return found
    }

    @Test func noScreenShowsTextFromOutsideTheTables() throws {
        let files = Self.sources()
        #expect(files.count > 30, "the screens and features were found")
        var outside: [String] = []
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                for literal in Self.wordyLiterals(in: String(line)) {
                    outside.append("\(file.path.replacingOccurrences(of: Self.root.path + "/", with: "")):\(number + 1): \"\(literal)\"")
                }
            }
        }
        #expect(outside.isEmpty, "text outside the tables:\n\(outside.joined(separator: "\n"))")
    }

    @Test func theCheckFindsWordsAndLeavesKeysAndData() {
        #expect(Self.wordyLiterals(in: #"frame.put("Loading…", at: p)"#) == ["Loading…"])
        #expect(Self.wordyLiterals(in: #"frame.put("読み込み中", at: p)"#) == ["読み込み中"])
        #expect(Self.wordyLiterals(in: #"let x = "\(a.name)  <\(a.email)>""#).isEmpty, "interpolations only")
        #expect(Self.wordyLiterals(in: #"case .character("t"): toggle()"#).isEmpty)
        #expect(Self.wordyLiterals(in: #"store.run("users") {"#).isEmpty, "a key")
        #expect(Self.wordyLiterals(in: #"run("user writes") // not shown: a work key"#).isEmpty)
        #expect(Self.wordyLiterals(in: #"label: "\(count) users""#) == [" users"])
    }
}
