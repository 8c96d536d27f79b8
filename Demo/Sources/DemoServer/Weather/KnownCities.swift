/// The cities of the forecast API, in the fixed order of `GET /api/forecast/cities`.
enum KnownCities {
    static let all: [City] = [
        City(code: "090010", name: "宇都宮", prefecture: "栃木県", area: "関東", district: "南部",
             office: "宇都宮地方気象台", officeAreaCode: "090000", coastal: false, typicalHigh: 27),
        City(code: "130010", name: "東京", prefecture: "東京都", area: "関東", district: "東京地方",
             office: "気象庁", officeAreaCode: "130000", coastal: true, typicalHigh: 28),
        City(code: "270000", name: "大阪", prefecture: "大阪府", area: "近畿", district: "大阪府",
             office: "大阪管区気象台", officeAreaCode: "270000", coastal: true, typicalHigh: 29),
        City(code: "016010", name: "札幌", prefecture: "北海道", area: "北海道", district: "石狩地方",
             office: "札幌管区気象台", officeAreaCode: "016000", coastal: true, typicalHigh: 21),
        City(code: "400010", name: "福岡", prefecture: "福岡県", area: "九州", district: "福岡地方",
             office: "福岡管区気象台", officeAreaCode: "400000", coastal: true, typicalHigh: 29),
        City(code: "471010", name: "那覇", prefecture: "沖縄県", area: "沖縄", district: "本島中南部",
             office: "沖縄気象台", officeAreaCode: "471000", coastal: true, typicalHigh: 31),
        City(code: "230010", name: "名古屋", prefecture: "愛知県", area: "東海", district: "西部",
             office: "名古屋地方気象台", officeAreaCode: "230000", coastal: true, typicalHigh: 29),
        City(code: "260010", name: "京都", prefecture: "京都府", area: "近畿", district: "南部",
             office: "京都地方気象台", officeAreaCode: "260000", coastal: false, typicalHigh: 29),
        City(code: "040010", name: "仙台", prefecture: "宮城県", area: "東北", district: "東部",
             office: "仙台管区気象台", officeAreaCode: "040000", coastal: true, typicalHigh: 25),
        City(code: "340010", name: "広島", prefecture: "広島県", area: "中国", district: "南部",
             office: "広島地方気象台", officeAreaCode: "340000", coastal: true, typicalHigh: 29),
    ]

    /// The city with `code`, or `nil`.
    static func city(code: String) -> City? {
        all.first { $0.code == code }
    }
}
