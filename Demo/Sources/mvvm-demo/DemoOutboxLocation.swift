import Foundation
import MVVMData

/// Where the demo keeps the user writes that wait for a server: one journal per server URL, so a
/// write made for one server is only ever sent to that server (`--help`: it waits "until a
/// server at that URL answers"; issue 41, N2).
///
/// - `--api-url URL`: `<account folder>/outbox/users-<scheme>-<host>-<port>.journal`
///   (``DemoAccountFolder``), never evicted and kept by `--clear-cache`. Writes an earlier version left for whichever server
///   (`outbox/users.journal`, and the older saved queue) move into the first such journal, under
///   their own ids, so their idempotency keys stay.
/// - The embedded server: `<its temporary folder>/outbox/users.journal`. That server and its
///   database are thrown away when the demo ends, and so are the writes made for it: no other
///   server ever gets them.
struct DemoOutboxLocation {
    /// The journal's folder.
    let folder: URL
    /// The journal's name (`<name>.journal`).
    let name: String
    /// Whether writes an earlier version left for any server move into this journal.
    let takesEarlierWrites: Bool

    /// The journal of the writes for the server at `apiURL`, in the account's folder.
    static func server(_ apiURL: URL, in accountFolder: URL) -> Self {
        DemoOutboxLocation(
            folder: accountFolder.appendingPathComponent("outbox", isDirectory: true),
            name: journalName(for: apiURL),
            takesEarlierWrites: true
        )
    }

    /// The journal of `account`'s writes for the embedded server (`account`: its folder's
    /// name, ``DemoAccountFolder/key(for:)``), in the server's temporary folder.
    static func embedded(in temporaryFolder: URL, account: String) -> Self {
        DemoOutboxLocation(folder: temporaryFolder.appendingPathComponent("outbox", isDirectory: true), name: "users-\(account)", takesEarlierWrites: false)
    }

    /// `users-<scheme>-<host>-<port>`: the server's origin, in the letters a journal name may
    /// hold (others become `_`); a name too long for one ends in a hash of the origin instead.
    static func journalName(for url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "http"
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        let origin = "\(scheme)-\(url.host?.lowercased() ?? "")-\(port)"
        let safe = String(origin.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        })
        let name = "users-" + safe
        guard name.utf8.count > 90 else { return name }
        // FNV-1a, 64 bits: stable across runs and platforms (Hasher is seeded per process).
        let hash = origin.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        return String(name.prefix(70)) + "-" + String(hash, radix: 16)
    }

    /// The storage of the journal.
    func storage() -> FileOutboxStorage {
        FileOutboxStorage(directory: folder, name: name)
    }

    /// The files the journal may leave in ``folder``, for removal on a signal.
    var files: [URL] {
        [folder.appendingPathComponent("\(name).journal"), folder.appendingPathComponent("\(name).lock"), folder]
    }
}
