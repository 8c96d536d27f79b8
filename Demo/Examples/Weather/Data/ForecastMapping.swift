import Foundation

/// DTO → domain for forecasts.
enum ForecastMapping {
    static func forecast(from dto: ForecastDTO) throws(WeatherError) -> Forecast {
        var days: [DailyForecast] = []
        for day in dto.forecasts {
            days.append(DailyForecast(
                date: day.date,
                label: day.dateLabel,
                telop: day.telop,
                minCelsius: try celsius(day.temperature.min.celsius),
                maxCelsius: try celsius(day.temperature.max.celsius),
                chanceOfRain: [
                    RainChance(period: "00-06", percent: try percent(day.chanceOfRain.T00_06)),
                    RainChance(period: "06-12", percent: try percent(day.chanceOfRain.T06_12)),
                    RainChance(period: "12-18", percent: try percent(day.chanceOfRain.T12_18)),
                    RainChance(period: "18-24", percent: try percent(day.chanceOfRain.T18_24)),
                ]
            ))
        }
        return Forecast(
            title: dto.title,
            publishedAt: dto.publicTimeFormatted,
            publishingOffice: dto.publishingOffice,
            headline: dto.description.headlineText,
            body: dto.description.bodyText,
            days: days
        )
    }

    /// `"29"` → 29, `null` → nil; anything else is invalid data.
    static func celsius(_ text: String?) throws(WeatherError) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else { throw .invalidData }
        return value
    }

    /// `"30%"` → 30, `"--%"` → nil; anything else is invalid data.
    static func percent(_ text: String) throws(WeatherError) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "--%" || trimmed == "--" { return nil }
        guard trimmed.hasSuffix("%"), let value = Int(trimmed.dropLast()), (0...100).contains(value) else {
            throw .invalidData
        }
        return value
    }
}

