import Foundation
@testable import MVVMData
import Testing

/// The outbox's memory of what it answered itself is bounded: the newest `limit` ids.
struct AnsweredIDsTests {
    @Test func theNewestLimitAreKeptAndTheOldestForgotten() {
        var answered = AnsweredIDs(limit: 2)
        let ids = (0..<5).map { _ in UUID() }
        for id in ids { answered.insert(id) }
        #expect(ids.map(answered.contains) == [false, false, false, true, true])
        answered.insert(ids[4])   // again: nothing moves
        #expect(answered.contains(ids[3]) && answered.contains(ids[4]))
    }
}
