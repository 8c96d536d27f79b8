import Foundation

/// Where one account's data lives in the cache folder (issue 53): `accounts/<account>/`, 0700,
/// with the users seen (`records/users.sqlite`), the writes waiting for each server (`outbox/`),
/// the screens open and the search (`shared/`) and the pictures (`pictures.sqlite`). Another
/// account's folder is another; wiping an account is removing its folder. The forecasts are
/// public, the same for every account: they stay in the cache folder itself.
enum DemoAccountFolder {
    /// What an account keeps, by name in its folder.
    static let items = ["records", "outbox", "shared", "pictures.sqlite", "pictures.sqlite-wal", "pictures.sqlite-shm", "pictures"]

    /// The folder of `account` (its login id) in `cacheFolder`.
    static func folder(for account: String, in cacheFolder: URL) -> URL {
        cacheFolder.appendingPathComponent("accounts", isDirectory: true).appendingPathComponent(key(for: account), isDirectory: true)
    }

    /// A folder name for a login id: the id in lower case when it is only letters, digits, `.`,
    /// `_`, `-` and `@` and starts with none of `.`, `_` and `-`; else `_`, those characters
    /// kept, the others as `_`, and a hash of the id. A plain name never starts with `_`, so two
    /// ids never share a folder.
    static func key(for account: String) -> String {
        let lowered = account.lowercased()
        let plain = lowered.utf8.allSatisfy(isPlain) && !lowered.isEmpty && lowered.utf8.count <= 100
            && !lowered.hasPrefix(".") && !lowered.hasPrefix("_") && !lowered.hasPrefix("-")
        if plain { return lowered }
        let kept = String(decoding: lowered.utf8.prefix(60).map { isPlain($0) ? $0 : UInt8(ascii: "_") }, as: UTF8.self)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325   // FNV-1a
        for byte in lowered.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "_\(kept)-\(String(hash, radix: 16))"
    }

    private static func isPlain(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || [UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "@")].contains(byte)
    }

    /// Makes `folder` (0700), and moves into it what a version before accounts kept in the cache
    /// folder for its one user, who was the demo account: each item the account has none of, by
    /// a rename (nothing copied, nothing lost). An item that cannot be moved stays where it was.
    /// - Returns: the folder to read and write: `folder`, or, when it cannot be made (a
    ///   read-only cache folder), the cache folder itself, whose data then still shows.
    static func adoptEarlierData(in cacheFolder: URL, into folder: URL) -> URL {
        let files = FileManager.default
        try? files.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var isFolder: ObjCBool = false
        guard files.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else { return cacheFolder }
        for item in items {
            let earlier = cacheFolder.appendingPathComponent(item)
            let now = folder.appendingPathComponent(item)
            guard files.fileExists(atPath: earlier.path), !files.fileExists(atPath: now.path) else { continue }
            try? files.moveItem(at: earlier, to: now)
        }
        return folder
    }
}
