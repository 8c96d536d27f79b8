public import Foundation
public import MVVMCore

extension SavedDataNotice {
    /// The notice as one terminal line, the same on every screen (in English here; Japanese in
    /// `CommonText`):
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
        if failure != nil { return CommonText.offlineSaved(at: when) }
        return isUpdating ? CommonText.savedUpdating(at: when) : CommonText.saved(at: when)
    }
}
