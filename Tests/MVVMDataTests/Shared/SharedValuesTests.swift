import MVVMTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif
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

    /// A ViewModel shares a field in one line and keeps nothing: the store keeps the sharing for
    /// as long as it lives, lets go of it with it, and the token ends it sooner.
    @Test func theStoreKeepsItsSharingForItsLifeAndTheTokenEndsItSooner() throws {
        let values = SharedValues(directory: nil)
        var list: StateStore<SearchState>? = StateStore(SearchState())
        weak let weakList = list
        list?.share(\.text, with: values.value(.search))   // no token kept
        values.value(.search).value = "zo"
        #expect(list?.state.text == "zo", "kept by the store: another screen's change shows")
        list = nil
        #expect(weakList == nil, "the sharing holds the store weakly: it goes")
        values.value(.search).value = "zoë"   // nothing left to follow it: no crash, no leak

        let detail = StateStore(SearchState())
        let token = detail.share(\.text, with: values.value(.search))
        token.cancel()
        values.value(.search).value = "anders"
        #expect(detail.state.text == "zoë", "cancelled: no longer follows")
        detail.update { $0.text = "chloé" }
        #expect(values.value(.search).value == "anders", "nor writes")
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

    @Test func aValueThatCannotBeSavedIsSaidUntilItsOwnSaveWorksWhateverOtherValuesDo() throws {
        let folder = try TemporaryFolder()
        let values = SharedValues(directory: folder.url)
        // A folder where the search's file should be: its save fails, the draft's works.
        let searchFile = folder.url.appending(path: "search.json")
        try FileManager.default.createDirectory(at: searchFile, withIntermediateDirectories: false)
        values.value(.search).value = "ann"
        #expect(values.saveFailure != nil)
        values.value(.draft).value.name = "山田"
        #expect(values.saveFailure != nil, "the search is still not saved")
        try FileManager.default.removeItem(at: searchFile)
        values.value(.search).value = "bob"
        #expect(values.saveFailure == nil, "every value on screen is saved")
    }

    @Test func aFolderThatCannotBeWrittenIsKnownBeforeTheFirstSaveAndUntilASaveWorks() throws {
        let folder = try TemporaryFolder()
        let blocked = folder.url.appending(path: "blocked")
        try Data().write(to: blocked)
        let values = SharedValues(directory: blocked)
        #expect(values.saveFailure != nil, "said at once, before anything is saved")
        #expect(SharedValues(directory: folder.url).saveFailure == nil)
        #expect(SharedValues(directory: nil).saveFailure == nil, "in memory: nothing to save")

        try FileManager.default.removeItem(at: blocked)   // the folder can be made again
        try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: false)
        values.value(.search).value = "ann"
        #expect(values.saveFailure == nil, "a save that works clears it")
        try FileManager.default.removeItem(at: blocked)
        try Data().write(to: blocked)
        values.value(.search).value = "bob"
        #expect(values.saveFailure != nil, "any value's failed save says it again")
    }

    @Test func aKillBetweenTheWriteAndTheRenameLeavesNoTemporaryFileBehind() throws {
        let folder = try TemporaryFolder()
        // What a process killed mid-save leaves: its temporary file, minutes old.
        let abandoned = folder.path(".search.json.tmp-12345")
        #expect(FileManager.default.createFile(atPath: abandoned, contents: Data("half".utf8)))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: abandoned)
        // Another process's save, under way now: kept.
        let underWay = folder.path(".search.json.tmp-67890")
        #expect(FileManager.default.createFile(atPath: underWay, contents: Data("hal".utf8)))
        let search = SharedValues(directory: folder.url).value(.search)
        #expect(search.value == "")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [".search.json.tmp-67890"])
    }

    @Test func anythingButASmallRegularFileShowsTheDefaultAndNeverHangs() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.path("search.json"), 0o644) == 0, "a FIFO: reading it would wait for a writer")
        #expect(SharedValues(directory: folder.url).value(.search).value == "")
        try FileManager.default.createSymbolicLink(atPath: folder.path("registration_draft-link.json"), withDestinationPath: "/dev/zero")
        #expect(SharedValues(directory: folder.url).value(SharedKey("registration_draft-link", default: Draft())).value == Draft())
        let huge = Data(#"""#.utf8) + Data(repeating: UInt8(ascii: "a"), count: 2 << 20) + Data(#"""#.utf8)
        try huge.write(to: folder.url.appending(path: "huge.json"))
        #expect(SharedValues(directory: folder.url).value(SharedKey("huge", default: "")).value == "", "larger than a setting")
    }

    @Test func aKeysNameNeverLeavesItsFolderAndTwoNamesNeverShareAFile() throws {
        let folder = try TemporaryFolder()
        let values = SharedValues(directory: folder.url.appending(path: "shared"))
        values.value(SharedKey("../../etc/passwd", default: 0)).value = 1
        values.value(SharedKey(".._.._etc_passwd", default: 0)).value = 2
        values.value(SharedKey("a/b", default: 0)).value = 3
        values.value(SharedKey("a_b", default: 0)).value = 4
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["shared"], "nothing outside the folder")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path("shared")).sorted()
        #expect(files.count == 4, "four names, four files: \(files)")
        #expect(files.contains("a_b.json"), "a plain name is its file's name")
        let again = SharedValues(directory: folder.url.appending(path: "shared"))
        let names = ["../../etc/passwd", ".._.._etc_passwd", "a/b", "a_b"]
        let read: [Int] = names.map { again.value(SharedKey($0, default: 0)).value }
        #expect(read == [1, 2, 3, 4])
    }

    @Test func aSecondScreenThatChangesTheFieldWhenItFollowsNeverLoops() throws {
        let folder = try TemporaryFolder()
        let values = SharedValues(directory: folder.url)
        let list = StateStore(SearchState()), trimming = StateStore(SearchState())
        // The second screen trims what it is given, and its trim reaches the first.
        let tokens = [
            list.share(\.text, with: values.value(.search)),
            trimming.share(\.text, with: values.value(.search)) { [trimming] text in
                trimming.update { $0.text = text.trimmingCharacters(in: .whitespaces) }
            },
        ]
        list.update { $0.text = " zo " }
        #expect(trimming.state.text == "zo")
        #expect(list.state.text == "zo", "the trim reaches every screen")
        #expect(values.value(.search).value == "zo")
        tokens[1].cancel()
        list.update { $0.text = "ann" }
        #expect(trimming.state.text == "zo", "a cancelled share follows no more")
    }
}
