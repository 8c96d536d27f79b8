import Foundation
import MVVMCore
import MVVMData
import MVVMTesting
import Testing

/// What a search screen keeps in its state.
private struct SearchState: Equatable {
    var text = ""
}

/// A form's draft: what survives a kill. The password is not part of it.
private struct Draft: Codable, Sendable, Equatable {
    var name = ""
    var email = ""
}

extension SharedKey<String> {
    fileprivate static let search = SharedKey("search", default: "")
}

extension SharedKey<Draft> {
    fileprivate static let draft = SharedKey("registration draft", default: Draft())
}

/// Shared values: one value for every screen that reads a key, written to its file before the
/// setter returns, read back at the next start; a damaged file or a folder that cannot be
/// written never loses the value on screen.
@Suite(.timeLimit(.minutes(1)))
@MainActor
struct SharedValuesTests {
    @Test func everyScreenThatSharesAKeySeesOneValueInTheSameTurn() throws {
        let folder = try TemporaryFolder()
        let values = SharedValues(directory: folder.url)
        let list = StateStore(SearchState()), detail = StateStore(SearchState())
        let tokens = [list.share(\.text, with: values.value(.search)), detail.share(\.text, with: values.value(.search))]
        list.update { $0.text = "zo" }
        #expect(detail.state.text == "zo", "the other screen follows at once")
        #expect(values.value(.search).value == "zo")
        values.value(.search).value = "zoë"
        #expect(list.state.text == "zoë")
        #expect(detail.state.text == "zoë")
        _ = tokens
    }

    @Test func aChangeIsInItsFileWhenTheSetterReturnsAndBackAtTheNextStart() throws {
        let folder = try TemporaryFolder()
        do {
            let store = StateStore(SearchState())
            let token = store.share(\.text, with: SharedValues(directory: folder.url).value(.search))
            store.update { $0.text = "smith" }
            // Read as another process would, before anything else runs: a kill now loses nothing.
            #expect(FileManager.default.contents(atPath: folder.path("search.json")) == Data(#""smith""#.utf8))
            _ = token
        }
        let restarted = StateStore(SearchState())
        let token = restarted.share(\.text, with: SharedValues(directory: folder.url).value(.search))
        #expect(restarted.state.text == "smith", "the next start shows what was typed")
        _ = token
    }

    @Test func aDamagedFileShowsTheDefaultAndTheNextChangeReplacesIt() throws {
        let folder = try TemporaryFolder()
        try Data([0xFF, 0x00, 0x7B]).write(to: folder.url.appending(path: "registration_draft.json"))
        let draft = SharedValues(directory: folder.url).value(.draft)
        #expect(draft.value == Draft())
        draft.value.name = "山田"
        #expect(draft.saveFailure == nil)
        #expect(SharedValues(directory: folder.url).value(.draft).value == Draft(name: "山田"))
    }

    @Test func aFolderThatCannotBeWrittenKeepsTheValueOnScreenAndSaysWhy() throws {
        let folder = try TemporaryFolder()
        // A file where the folder should be: no process, root included, can write in it.
        let blocked = folder.url.appending(path: "blocked")
        try Data().write(to: blocked)
        let search = SharedValues(directory: blocked).value(.search)
        search.value = "ann"
        #expect(search.value == "ann", "the value on screen stays")
        #expect(search.saveFailure != nil)
    }

    @Test func aKillBetweenTheWriteAndTheRenameLeavesNoTemporaryFileBehind() throws {
        let folder = try TemporaryFolder()
        // What a process killed mid-save leaves: its temporary file, under a pid no process has.
        let abandoned = folder.path(".search.json.tmp-2147483646")
        #expect(FileManager.default.createFile(atPath: abandoned, contents: Data("half".utf8)))
        let search = SharedValues(directory: folder.url).value(.search)
        #expect(search.value == "")
        #expect(!FileManager.default.fileExists(atPath: abandoned))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [])
    }

    @Test func aKeysNameNeverLeavesItsFolder() throws {
        let folder = try TemporaryFolder()
        let sneaky = SharedValues(directory: folder.url.appending(path: "shared")).value(SharedKey("../../etc/passwd", default: 0))
        sneaky.value = 1
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["shared"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("shared")) == ["_.._.._etc_passwd.json"], "a name that is a path is one file name")
    }
}
