import MVVMData
import MVVMTesting
import Testing
@testable import UserListFeature

/// The incremental rows are always what mapping every row through the records gives.
@Suite
@MainActor
struct ShownRowsTests {
    @Test(arguments: [1, 2, 3, 4, 5])
    func randomChangesGiveWhatAFullMapGives(seed: UInt64) async {
        var generator = SplitMix64(seed: seed)
        let records = UserRecords(outbox: Outbox(storage: InMemoryOutboxStorage(), clock: TestClock()), key: "records/users")
        let cache = ShownRows()
        let token = records.observe { cache.recordsChanged($0.ids) }
        var items = sampleUsers(200)
        records.merge(Array(items.prefix(100)), readAt: records.beginRead())
        for step in 0..<300 {
            let id = Int.random(in: 1...220, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: records.write(.setActive(Bool.random(using: &generator), userID: id))
            case 1: records.write(.delete(userID: id))
            case 2: records.merge([User(id: id, name: "Renamed \(step)", email: "r@example.com", isActive: true)], readAt: records.beginRead())
            case 3: records.merge([], gone: [id], readAt: records.beginRead())
            case 4: items.append(User(id: 1000 + step, name: "New \(step)", email: "n@example.com", isActive: false))
            default: items.removeAll { $0.id == id }
            }
            #expect(cache.rows(of: items, through: records) == items.compactMap(records.shown), "step \(step)")
            if step.isMultiple(of: 3) {
                // The writes made so far reach the disk: they show, still pending.
                await records.waitUntilSaved()
                #expect(cache.rows(of: items, through: records) == items.compactMap(records.shown), "step \(step), saved")
            }
        }
        withExtendedLifetime(token) {}
    }
}
