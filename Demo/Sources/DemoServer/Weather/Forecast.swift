/// A forecast in the format of the livedoor-compatible weather API (weather.tsukumijima.net):
/// the same keys, nesting and types as `Resources/weather-forecast-090010.json`. Optional values
/// are sent as `null`, never left out.
struct Forecast: Encodable, Sendable, Equatable {
    struct Description: Encodable, Sendable, Equatable {
        let publicTime: String
        let publicTimeFormatted: String
        let headlineText: String
        let bodyText: String
        let text: String
    }

    struct Day: Encodable, Sendable, Equatable {
        let date: String
        let dateLabel: String
        let telop: String
        let detail: Detail
        let temperature: Temperatures
        let chanceOfRain: ChanceOfRain
        let image: Image
    }

    struct Detail: Encodable, Sendable, Equatable {
        let weather: String
        let wind: String
        let wave: String?

        private enum CodingKeys: String, CodingKey { case weather, wind, wave }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(weather, forKey: .weather)
            try container.encode(wind, forKey: .wind)
            try container.encode(wave, forKey: .wave)
        }
    }

    struct Temperatures: Encodable, Sendable, Equatable {
        let min: Temperature
        let max: Temperature
    }

    /// A temperature as strings (`"29"`, `"84.2"`), or both `null` when not forecast.
    struct Temperature: Encodable, Sendable, Equatable {
        let celsius: String?
        let fahrenheit: String?

        private enum CodingKeys: String, CodingKey { case celsius, fahrenheit }

        /// The temperature `celsius` in both scales, or both `null`.
        init(celsius: Int?) {
            self.celsius = celsius.map(String.init)
            self.fahrenheit = celsius.map(Fahrenheit.text(fromCelsius:))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(celsius, forKey: .celsius)
            try container.encode(fahrenheit, forKey: .fahrenheit)
        }
    }

    /// Chances of rain per six hours, as `"30%"`, or `"--%"` for a period already past.
    struct ChanceOfRain: Encodable, Sendable, Equatable {
        let T00_06: String
        let T06_12: String
        let T12_18: String
        let T18_24: String
    }

    struct Image: Encodable, Sendable, Equatable {
        let title: String
        let url: String
        let width: Int
        let height: Int
    }

    struct Location: Encodable, Sendable, Equatable {
        let area: String
        let prefecture: String
        let district: String
        let city: String
    }

    struct Copyright: Encodable, Sendable, Equatable {
        struct Logo: Encodable, Sendable, Equatable {
            let title: String
            let link: String
            let url: String
            let width: Int
            let height: Int
        }

        struct Provider: Encodable, Sendable, Equatable {
            let link: String
            let name: String
            let note: String
        }

        let title: String
        let link: String
        let image: Logo
        let provider: [Provider]
    }

    let publicTime: String
    let publicTimeFormatted: String
    let publishingOffice: String
    let title: String
    let link: String
    let description: Description
    let forecasts: [Day]
    let location: Location
    let copyright: Copyright
}
