/// A kind of weather: its telop, JMA icon code, detail text and usual chance of rain.
struct Sky: Sendable, Equatable {
    /// The short label, such as `曇時々晴`.
    let telop: String
    /// The JMA icon number, for `https://www.jma.go.jp/bosai/forecast/img/{code}.svg`.
    let iconCode: Int
    /// The longer text of `detail.weather`, such as `くもり　時々　晴れ`.
    let detail: String
    /// The phrase used in the description text, such as `曇り時々晴れ`.
    let phrase: String
    /// The usual chance of rain, in tens of percent.
    let rainTens: ClosedRange<Int>

    /// The weather as it is now, for "…となっています": `晴れ`, `曇り` or `雨`.
    var current: String {
        switch telop.first {
        case "晴": return "晴れ"
        case "曇": return "曇り"
        default: return "雨"
        }
    }

    /// Every kind of weather the generator draws from.
    static let all: [Sky] = [
        Sky(telop: "晴れ", iconCode: 100, detail: "晴れ", phrase: "晴れ", rainTens: 0...1),
        Sky(telop: "晴時々曇", iconCode: 101, detail: "晴れ　時々　くもり", phrase: "晴れ時々曇り", rainTens: 0...2),
        Sky(telop: "晴一時雨", iconCode: 102, detail: "晴れ　昼過ぎ　一時　雨", phrase: "晴れで昼過ぎは一時雨", rainTens: 3...4),
        Sky(telop: "曇り", iconCode: 200, detail: "くもり", phrase: "曇り", rainTens: 1...3),
        Sky(telop: "曇時々晴", iconCode: 201, detail: "くもり　時々　晴れ", phrase: "曇り時々晴れ", rainTens: 1...2),
        Sky(telop: "曇一時雨", iconCode: 202, detail: "くもり　所により　一時　雨", phrase: "曇りで一時雨の降る所がある", rainTens: 3...5),
        Sky(telop: "曇時々雨", iconCode: 203, detail: "くもり　時々　雨", phrase: "曇り時々雨", rainTens: 4...6),
        Sky(telop: "雨", iconCode: 300, detail: "雨", phrase: "雨", rainTens: 7...9),
        Sky(telop: "雨時々晴", iconCode: 301, detail: "雨　時々　晴れ", phrase: "雨時々晴れ", rainTens: 5...7),
        Sky(telop: "雨のち曇", iconCode: 313, detail: "雨　後　くもり", phrase: "雨のち曇り", rainTens: 5...8),
    ]
}
