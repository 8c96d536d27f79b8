public import Foundation
public import MVVMCore

extension SavedDataNotice {
    /// The notice as one terminal line, the same on every screen (in English here; Japanese in
    /// its table, `SavedDataNoticeText`):
    ///
    /// - `offline · saved 10:42` when fresh data failed to come;
    /// - `saved 10:42 · updating…` while it is on its way;
    /// - `saved 10:42` otherwise;
    ///
    /// with the date before the time (`saved 2026-11-23 10:42`) when it was saved on another day
    /// than `now`.
    public func terminalText(now: Date = Date(), timeZone: TimeZone = .current) -> LocalizedText {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let saved = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: savedAt)
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "--" }
        var when = "\(two(saved.hour)):\(two(saved.minute))"
        if (saved.year, saved.month, saved.day) != (today.year, today.month, today.day) {
            when = "\(saved.year.map(String.init) ?? "----")-\(two(saved.month))-\(two(saved.day)) " + when
        }
        if failure != nil { return SavedDataNoticeText.offlineSaved(at: when) }
        return isUpdating ? SavedDataNoticeText.savedUpdating(at: when) : SavedDataNoticeText.saved(at: when)
    }
}

/// The notice's words, per language.
enum SavedDataNoticeText {
    /// Rows saved on the device are shown, and the server could not answer: `offline · saved
    /// 10:42` (`when` is the time, or the date and time).
    static func offlineSaved(at when: String) -> LocalizedText {
        LocalizedText([.japanese: "オフライン · \(when) に保存", .english: "offline · saved \(when)"])
    }
    /// Rows saved on the device are shown while the server is asked.
    static func savedUpdating(at when: String) -> LocalizedText {
        LocalizedText([.japanese: "\(when) に保存 · 更新中…", .english: "saved \(when) · updating…"])
    }
    /// Rows saved on the device are shown.
    static func saved(at when: String) -> LocalizedText {
        LocalizedText([.japanese: "\(when) に保存", .english: "saved \(when)"])
    }
}
