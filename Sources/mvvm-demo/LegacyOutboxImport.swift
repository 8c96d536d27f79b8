import Foundation
import MVVMData
import UserListFeature

/// Moves the writes an earlier mvvm-demo left waiting, in its old outbox format (one
/// FileCacheStore entry, key "users", JSON `{"nextID", "entries": [{"id", "write", "enqueuedAt"}]}`),
/// into the journal, so that an upgrade loses none of them. The old entry is removed only once
/// every write is in the journal; a failure leaves it for the next start.
enum LegacyOutboxImport {
    private struct Saved: Decodable {
        struct Entry: Decodable {
            var write: UserWrite
        }

        var entries: [Entry]
    }

    /// Imports the old queue in `folder`, if any, into `outbox`.
    static func run(folder: URL, into outbox: Outbox<UserWrite>) async {
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
