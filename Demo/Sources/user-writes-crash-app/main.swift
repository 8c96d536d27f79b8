// user-writes-crash-app: a test helper only, not a product and not a tool to ship.
//
// Usage: user-writes-crash-app <folder> <api-url> <first-user-id> <count>
//
// The demo's user writes without a terminal: the same UserRecords over a FileOutboxStorage in
// <folder>/outbox, the server's values in <folder>/cache, the same RemoteUserRepository. It
// delivers what an earlier, killed run left waiting, then deactivates users <first-user-id>
// onwards, one write at a time, announcing "saved <id>" the moment the records show it (what a
// screen draws as done, pending), which must be once it is on disk. With all its writes made
// it says "written", waits until the outbox is empty, says
// "drained" and exits 0. KilledAppTests kills it (SIGKILL) at random moments, 20 times, then
// checks that every write announced reached the server exactly once. It exits when its parent
// goes away, so a test that dies never leaves it running.
import Foundation
import MVVMData
import UserListFeature

/// Writes `line` to standard output at once (no buffer a kill would lose).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("user-writes-crash-app: \(message)\n".utf8))
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count == 5, let apiURL = URL(string: arguments[2]), let first = Int(arguments[3]), let count = Int(arguments[4]) else {
    fail("usage: user-writes-crash-app <folder> <api-url> <first-user-id> <count>")
}
let folder = URL(fileURLWithPath: arguments[1])
let parent = getppid()

let outbox = Outbox<UserWrite>(
    storage: FileOutboxStorage(directory: folder.appendingPathComponent("outbox"), name: "users"),
    clock: ContinuousClock(), backOff: RetryPolicy(initialDelay: .milliseconds(20), maxDelay: .milliseconds(200))
)
let saved = FileRecordStorage(directory: folder.appendingPathComponent("cache"), name: "users")
let client = APIClient(baseURL: apiURL, retryPolicy: .none, timeout: .seconds(5), onSuccess: { outbox.nudge() })
let repository = RemoteUserRepository(dataSource: UserRemoteDataSource(client: client))
let records = UserRecords(outbox: outbox, storage: saved, search: .users)

let delivery = Task { @MainActor in
    await records.deliver(isRetryable: UserWrite.isRetryable) { write, idempotencyKey in
        try await repository.send(write, idempotencyKey: idempotencyKey)
    }
}
await records.restore()
// Announced as a screen shows it: when the records first show the user inactive after its
// write was made (issue 41, N5: the demo drew a write ~5 ms before it was on disk).
var made = Set<Int>()
var announced = Set<Int>()
let shown = records.observe { change in
    for userID in change.ids.sorted() where made.contains(userID) && !announced.contains(userID) {
        guard records.value(for: userID)?.isActive == false else { continue }
        announced.insert(userID)
        say("saved \(userID)")
    }
}
for userID in first..<(first + count) where getppid() == parent {
    made.insert(userID)
    records.write(.setActive(false, userID: userID))
    await records.waitUntilSaved()
    try? await Task.sleep(for: .milliseconds(Int.random(in: 5...25)))
}
say("written")
while getppid() == parent {
    if (try? await outbox.pending.isEmpty) == true, records.pendingIDs.isEmpty { break }
    try? await Task.sleep(for: .milliseconds(10))
}
await records.waitUntilSaved()
say("drained")
withExtendedLifetime(shown) {}
delivery.cancel()
exit(0)
