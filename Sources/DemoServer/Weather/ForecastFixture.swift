import Foundation

/// The real forecast of 宇都宮 (090010) that ships in the bundle, served byte for byte.
enum ForecastFixture {
    /// The city whose forecast is the fixture.
    static let cityCode = "090010"
    /// The file name of the fixture in `Resources/`.
    static let fileName = "weather-forecast-090010.json"

    /// The fixture's bytes.
    static func load() throws(DemoServerError) -> Data {
        let url = Bundle.module.url(forResource: "weather-forecast-090010", withExtension: "json", subdirectory: "Resources")
            ?? Bundle.module.url(forResource: "weather-forecast-090010", withExtension: "json")
        guard let url, let data = try? Data(contentsOf: url) else {
            throw .resourceMissing(fileName)
        }
        return data
    }
}
