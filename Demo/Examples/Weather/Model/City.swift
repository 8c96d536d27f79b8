/// A city the forecast API knows, by its six-digit code (the public livedoor-compatible API's
/// `city` parameter).
public struct City: Identifiable, Hashable, Sendable {
    /// The six-digit code, e.g. `"130010"`.
    public let id: String
    /// The city's name, e.g. `"東京"`.
    public let name: String
    /// Its prefecture, e.g. `"東京都"`.
    public let prefecture: String

    /// Creates a city.
    public init(id: String, name: String, prefecture: String) {
        self.id = id
        self.name = name
        self.prefecture = prefecture
    }

    /// Tokyo (130010): where article 002 opens, and the weather screen with it.
    public static let tokyo = City(id: "130010", name: "東京", prefecture: "東京都")

    /// The cities the app offers. The public API has no list of cities, so the app carries one.
    public static let all: [City] = [
        City(id: "016010", name: "札幌", prefecture: "北海道"),
        City(id: "090010", name: "宇都宮", prefecture: "栃木県"),
        tokyo,
        City(id: "230010", name: "名古屋", prefecture: "愛知県"),
        City(id: "260010", name: "京都", prefecture: "京都府"),
        City(id: "270000", name: "大阪", prefecture: "大阪府"),
        City(id: "400010", name: "福岡", prefecture: "福岡県"),
        City(id: "471010", name: "那覇", prefecture: "沖縄県"),
    ]
}
