import Foundation
import MVVMData
import Testing

/// ``FileSecretStore``: a secret only its owner can read, replaced whole, removed by `nil`, and
/// a name that is not a plain file name refused (it could reach outside the folder).
@Suite(.timeLimit(.minutes(1)))
struct FileSecretStoreTests {
    let folder = FileManager.default.temporaryDirectory.appending(path: "secrets-\(UUID().uuidString)/nested")

    private func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber).map { $0.intValue & 0o777 } ?? -1
    }

    @Test func aSecretIsReadableByItsOwnerOnlyAndReplacedWhole() async throws {
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let store = FileSecretStore(directory: folder)
        #expect(try await store.secret(named: "session") == nil)
        try await store.setSecret(Data("first, and longer".utf8), named: "session")
        try await store.setSecret(Data("second".utf8), named: "session")
        #expect(try await store.secret(named: "session") == Data("second".utf8))
        #expect(try mode(folder.appending(path: "session").path) == 0o600)
        #expect(try mode(folder.path) == 0o700)
        // Nothing left beside it: the new file was renamed over the old one.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["session"])

        try await store.setSecret(nil, named: "session")
        #expect(try await store.secret(named: "session") == nil)
        try await store.setSecret(nil, named: "never-kept")   // no error
    }

    @Test func aFolderMadeBeforeIsMadePrivateAndANewFileACrashLeftIsRemoved() async throws {
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let leftover = folder.appending(path: "session.\(UUID().uuidString).new")
        let other = folder.appending(path: "session.backup")
        try Data("half a token".utf8).write(to: leftover)
        try Data("another secret".utf8).write(to: other)
        try await FileSecretStore(directory: folder).setSecret(Data("token".utf8), named: "session")
        #expect(try mode(folder.path) == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["session", "session.backup"])
    }

    @Test(arguments: ["", "../escape", "a/b", ".hidden", "名前", String(repeating: "x", count: 201)])
    func aNameThatIsNotAPlainFileNameIsRefused(name: String) async {
        let store = FileSecretStore(directory: folder)
        await #expect(throws: CacheStoreError.self) { try await store.setSecret(Data("x".utf8), named: name) }
        await #expect(throws: CacheStoreError.self) { _ = try await store.secret(named: name) }
        #expect(!FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().path))
    }
}
