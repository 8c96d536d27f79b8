import Foundation
import MVVMCore
import MVVMTerminal
import Testing

/// Every screen words saved data the same way.
@Suite
struct SavedDataNoticeTextTests {
    let utc = TimeZone(identifier: "UTC")!
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    /// 2023-11-14 22:13:20 UTC.
    let savedAt = Date(timeIntervalSince1970: 1_700_000_000)
    let offline = ErrorPresentation(title: "Weather", message: "Offline")

    @Test func offlineUpdatingAndPlain() {
        let sameDay = savedAt.addingTimeInterval(60)
        #expect(SavedDataNotice(savedAt: savedAt, isUpdating: false, failure: offline).terminalText(now: sameDay, timeZone: utc).resolved(in: .english) == "offline · saved 22:13")
        #expect(SavedDataNotice(savedAt: savedAt, isUpdating: true, failure: nil).terminalText(now: sameDay, timeZone: utc).resolved(in: .english) == "saved 22:13 · updating…")
        #expect(SavedDataNotice(savedAt: savedAt, isUpdating: false, failure: nil).terminalText(now: sameDay, timeZone: utc).resolved(in: .english) == "saved 22:13")
    }

    @Test func anotherDayShowsTheDateInTheGivenTimeZone() {
        let nextDay = savedAt.addingTimeInterval(86_400)
        #expect(SavedDataNotice(savedAt: savedAt, isUpdating: false, failure: offline).terminalText(now: nextDay, timeZone: utc).resolved(in: .english) == "offline · saved 2023-11-14 22:13")
        // In Tokyo it was already the 15th, at 07:13.
        #expect(SavedDataNotice(savedAt: savedAt, isUpdating: false, failure: nil).terminalText(now: savedAt, timeZone: tokyo).resolved(in: .english) == "saved 07:13")
    }

    @Test func inJapanese() {
        let sameDay = savedAt.addingTimeInterval(60)
        #expect(SavedDataNotice(savedAt: savedAt, isUpdating: false, failure: offline).terminalText(now: sameDay, timeZone: utc).resolved(in: .japanese) == "オフライン · 22:13 に保存")
        #expect(SavedDataNotice(savedAt: savedAt, isUpdating: true, failure: nil).terminalText(now: sameDay, timeZone: utc).resolved(in: .japanese) == "22:13 に保存 · 更新中…")
        #expect(SavedDataNotice(savedAt: savedAt, isUpdating: false, failure: nil).terminalText(now: sameDay, timeZone: utc).resolved(in: .japanese) == "22:13 に保存")
    }
}
