// cache-crash-writer: a test helper only, not a product and not a tool to ship.
//
// Usage: cache-crash-writer <file|sqlite> <path>
//
// Opens a FileCacheStore (folder at <path>) or an SQLiteCacheStore (database file at <path>) and
// saves under the key "k", forever, two entries in turn: A (schema version 1) and B (schema
// version 2), each 512 KiB of a pattern (CrashWriterEntries). Save n (from 0, A when n is even) is
// announced by "saving n" before it starts and "saved n" once it returned; "ready <ms>" follows
// "saved 0", with how long save 0 took in milliseconds. CrashSafetyTests kills it with SIGKILL
// at a random moment within about two saves, then checks that the store reads exactly A or
// exactly B. It exits when its parent goes away, so a test that
// dies never leaves it writing.
import Foundation
import MVVMData
import MVVMGRDB

/// Writes `line` to standard output at once (no buffer a kill would lose).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("cache-crash-writer: \(message)\n".utf8))
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fail("usage: cache-crash-writer <file|sqlite> <path>") }
let path = arguments[2]
let store: any CacheStore
switch arguments[1] {
case "file":
    store = FileCacheStore(directory: URL(fileURLWithPath: path))
case "sqlite":
    do {
        store = try SQLiteCacheStore(path: path)
    } catch {
        fail("opening \(path): \(error)")
    }
default:
    fail("unknown store kind \(arguments[1]); expected file or sqlite")
}

let parent = getppid()
let entries = [CrashWriterEntries.a, CrashWriterEntries.b]
var saves = 0
let clock = ContinuousClock()
while getppid() == parent {
    // Each line is written (unbuffered) before the next step, so that the last line a killed
    // writer left tells the test which entries the store may hold.
    say("saving \(saves)")
    let start = clock.now
    do {
        try await store.save(entries[saves % 2], for: CrashWriterEntries.key)
    } catch {
        fail("save \(saves): \(error)")
    }
    say("saved \(saves)")
    if saves == 0 {
        let elapsed = start.duration(to: clock.now).components
        say("ready \(elapsed.seconds * 1_000 + elapsed.attoseconds / 1_000_000_000_000_000)")
    }
    saves += 1
}
