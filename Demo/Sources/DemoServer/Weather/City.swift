/// A city the forecast API knows, with what its forecast needs to look real.
struct City: Sendable, Equatable {
    /// The 6-digit city code, such as `130010`.
    let code: String
    /// The city name, such as `東京`.
    let name: String
    /// The prefecture, such as `東京都`.
    let prefecture: String
    /// The region, such as `関東`.
    let area: String
    /// The forecast district within the prefecture, such as `東京地方`.
    let district: String
    /// The office that publishes the forecast, such as `気象庁`.
    let office: String
    /// The 6-digit office area code used in the JMA link.
    let officeAreaCode: String
    /// Whether the district is on the coast, so the forecast has wave heights.
    let coastal: Bool
    /// A typical late-September high, in °C.
    let typicalHigh: Int
}
