import Foundation

/// The JSON of every known city's forecast, made once at start: the fixture for 090010 and a
/// generated forecast for the others.
struct ForecastCatalog: Sendable {
    private let forecasts: [String: Data]

    /// Loads the fixture and generates the other cities' forecasts.
    init() throws(DemoServerError) {
        let fixture = try ForecastFixture.load()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var forecasts: [String: Data] = [:]
        for city in KnownCities.all {
            if city.code == ForecastFixture.cityCode {
                forecasts[city.code] = fixture
                continue
            }
            do {
                forecasts[city.code] = try encoder.encode(ForecastGenerator.forecast(for: city))
            } catch {
                // The forecast holds only strings and integers, so encoding cannot fail.
                throw .invalidConfiguration("The forecast of \(city.code) could not be encoded: \(error).")
            }
        }
        self.forecasts = forecasts
    }

    /// The forecast JSON of the city with `code`, throwing `invalid_parameter` for a malformed code
    /// and `not_found` for an unknown one.
    func json(for code: String?, parameter: String) throws(APIError) -> Data {
        guard let code else {
            throw .invalidParameter(
                "The \(parameter) is required: a 6-digit city code such as 130010; GET /api/forecast/cities lists them."
            )
        }
        guard code.utf8.count == 6, Int(digitsOnly: code[...]) != nil else {
            throw .invalidParameter("The \(parameter) must be exactly 6 digits, such as 130010, but was \"\(QuotedValue.excerpt(code))\".")
        }
        guard let data = forecasts[code] else {
            throw .notFound("No forecast for city code \(code); GET /api/forecast/cities lists the known codes.")
        }
        return data
    }
}
