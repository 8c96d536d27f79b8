/// The body of `GET /api/forecast/cities`: `{"cities": [{"code", "name", "prefecture"}]}`.
struct CityList: Encodable, Sendable {
    struct Entry: Encodable, Sendable {
        let code: String
        let name: String
        let prefecture: String
    }

    let cities: [Entry]

    /// The known cities, in their fixed order.
    static let known = CityList(
        cities: KnownCities.all.map { Entry(code: $0.code, name: $0.name, prefecture: $0.prefecture) }
    )
}
