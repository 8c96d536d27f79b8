public import Foundation
import MVVMCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``SecretStore`` of files: each secret in a file of its name, readable and writable by its
/// owner only (mode 0600), in a folder only its owner can open (0700).
///
/// A secret is written to a new file, flushed, then renamed over the old one, and the folder
/// flushed: a crash leaves the old secret or the new one, never a mix. The code runs on a thread
/// of its own, never on the Swift pool (a slow flush holds no pool thread). For Linux and
/// command-line tools; an iOS app gives the Keychain instead.
public struct FileSecretStore: SecretStore {
    /// The folder; made (0700) when the first secret is kept.
    package let directory: URL
    private let io = BlockingIOExecutor(label: "mvvm.file-secret-store")

    /// A store in `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The secret kept under `name` (letters, digits, `.`, `_` and `-`, not starting with `.`),
    /// or `nil` when there is none.
    public func secret(named name: String) async throws(CacheStoreError) -> Data? {
        let path = try self.path(of: name)
        return try await io.run { () throws(CacheStoreError) -> Data? in
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                if errno == ENOENT { return nil }
                throw .io("reading the secret \(name): \(DurableFile.errnoText())")
            }
            defer { close(descriptor) }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4_096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw .io("reading the secret \(name): \(DurableFile.errnoText())")
                }
                if count == 0 { break }
                bytes += buffer[0..<count]
                // A secret is a few hundred bytes: a file far larger is not one of ours.
                guard bytes.count <= 1 << 20 else { throw .corrupted("the secret \(name) is over 1 MiB") }
            }
            return Data(bytes)
        }
    }

    /// Keeps `secret` under `name` (0600), replacing the one kept; `nil` removes its file.
    public func setSecret(_ secret: Data?, named name: String) async throws(CacheStoreError) {
        let path = try self.path(of: name)
        let folder = directory.path
        try await io.run { () throws(CacheStoreError) in
            guard let secret else {
                guard unlink(path) == 0 || errno == ENOENT else { throw .io("removing the secret \(name): \(DurableFile.errnoText())") }
                DurableFile.syncDirectory(folder)
                return
            }
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .io("making \(folder): \(error.localizedDescription)")
            }
            // A folder made before (by hand, or another version) is made private too.
            guard chmod(folder, 0o700) == 0 else { throw .io("making \(folder) private: \(DurableFile.errnoText())") }
            // New files a crash left before their rename (`<name>.<UUID>.new`) hold secrets too.
            for leftover in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            where leftover.hasPrefix("\(name).") && leftover.hasSuffix(".new") && leftover.utf8.count == name.utf8.count + 41
                && UUID(uuidString: String(leftover.dropFirst(name.count + 1).dropLast(4))) != nil {
                unlink("\(folder)/\(leftover)")
            }
            let temporary = "\(path).\(UUID().uuidString).new"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw .io("writing the secret \(name): \(DurableFile.errnoText())") }
            var failure: CacheStoreError?
            do throws(CacheStoreError) {
                try DurableFile.writeAll(Array(secret), to: descriptor)
                if fsync(descriptor) != 0 { failure = .io("flushing the secret \(name): \(DurableFile.errnoText())") }
            } catch {
                failure = error
            }
            close(descriptor)   // once, whatever happened
            if failure == nil, rename(temporary, path) != 0 { failure = .io("writing the secret \(name): \(DurableFile.errnoText())") }
            if let failure {
                unlink(temporary)
                throw failure
            }
            DurableFile.syncDirectory(folder)
        }
    }

    /// The file of `name`; a name that is not a plain file name is refused.
    private func path(of name: String) throws(CacheStoreError) -> String {
        let allowed = name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-")
        }
        guard !name.isEmpty, name.utf8.count <= 200, allowed, !name.hasPrefix(".") else {
            throw .io("\"\(name)\" is not a secret's name: use letters, digits, '.', '_' and '-' (up to 200), not starting with '.'")
        }
        return directory.appendingPathComponent(name).path
    }
}
