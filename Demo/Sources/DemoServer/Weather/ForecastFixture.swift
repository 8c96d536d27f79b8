import Foundation

/// The real forecast of 宇都宮 (090010) that ships in the bundle, served byte for byte.
enum ForecastFixture {
    /// The city whose forecast is the fixture.
    static let cityCode = "090010"
    /// The file name of the fixture in `Resources/`.
    static let fileName = "weather-forecast-090010.json"

    /// The fixture's bytes.
    static func load() throws(DemoServerError) -> Data {
        try BundledResource.data(named: "weather-forecast-090010", withExtension: "json")
    }
}
