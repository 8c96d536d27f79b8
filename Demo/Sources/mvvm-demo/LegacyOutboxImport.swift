import Foundation
import MVVMData
import UserListFeature

/// Moves the writes an earlier mvvm-demo left waiting for whichever server into this server's
/// journal (``DemoOutboxLocation``), so that an upgrade loses none of them:
///
/// - the journal of every server, `users.journal` (before a journal per server URL): each write
///   is appended under its own id, so its idempotency key stays, then marked done there;
/// - the older format, one FileCacheStore entry, key "users", JSON
///   `{"nextID", "entries": [{"id", "write", "enqueuedAt"}]}`: removed only once every write is
///   in the journal.
///
/// A failure leaves what was not moved for the next start.
enum LegacyOutboxImport {
    private struct Saved: Decodable {
        struct Entry: Decodable {
            var write: UserWrite
        }

        var entries: [Entry]
    }

    /// Imports the old queues in `folder`, if any, into `outbox`, whose journal is `storage`.
    static func run(folder: URL, into outbox: Outbox<UserWrite>, storage: FileOutboxStorage) async {
        await moveSharedJournal(in: folder, to: storage)
        await importSavedQueue(in: folder, into: outbox)
    }

    /// The journal every server shared, `users.journal`, into `storage`, oldest first.
    private static func moveSharedJournal(in folder: URL, to storage: FileOutboxStorage) async {
        guard storage.name != "users",
              FileManager.default.fileExists(atPath: folder.appendingPathComponent("users.journal").path) else { return }
        let shared = FileOutboxStorage(directory: folder, name: "users")
        guard let records = try? await shared.all(), !records.isEmpty else { return }
        let already = Set((try? await storage.all())?.map(\.id) ?? [])
        for record in records {
            do {
                if !already.contains(record.id) { try await storage.append(record) }
                try await shared.markDone(record.id)
            } catch {
                return   // kept where it is for the next start
            }
        }
    }

    private static func importSavedQueue(in folder: URL, into outbox: Outbox<UserWrite>) async {
        let store = FileCacheStore(directory: folder)
        let local = LocalDataSource(store: store, schemaVersion: 1)
        guard let saved = try? await local.saved(Saved.self, for: "users") else { return }
        do {
            for entry in saved.value.entries { try await outbox.enqueue(entry.write) }
            try await local.remove(for: "users")
        } catch {
            // Kept for the next start; a write enqueued twice is sent under two keys, and both
            // writes set the same value.
        }
    }
}
