/// The forecast JSON of the public livedoor-compatible API (`/api/forecast/city/{code}`), as
/// sent: strings where it sends strings, optionals where it sends `null`.
struct ForecastDTO: Decodable, Sendable {
    struct Description: Decodable, Sendable {
        var headlineText: String
        var bodyText: String
    }

    struct Day: Decodable, Sendable {
        var date: String
        var dateLabel: String
        var telop: String
        var temperature: Temperature
        var chanceOfRain: ChanceOfRain
    }

    struct Temperature: Decodable, Sendable {
        var min: Reading
        var max: Reading
    }

    struct Reading: Decodable, Sendable {
        var celsius: String?
    }

    /// Each value like `"30%"`, or `"--%"` when there is no data.
    struct ChanceOfRain: Decodable, Sendable {
        var T00_06: String
        var T06_12: String
        var T12_18: String
        var T18_24: String
    }

    var publicTimeFormatted: String
    var publishingOffice: String
    var title: String
    var description: Description
    var forecasts: [Day]
}
