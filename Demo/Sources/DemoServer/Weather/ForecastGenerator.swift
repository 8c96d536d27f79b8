/// Makes a believable forecast for a known city. The same city always gives the same forecast:
/// everything is drawn from a generator seeded by the city code, and the dates and publication time
/// are those of the bundled 090010 forecast, never the clock's.
enum ForecastGenerator {
    /// The publication time of every forecast, as in the fixture.
    static let publicTime = "2024-09-28T11:00:00+09:00"
    static let publicTimeFormatted = "2024/09/28 11:00:00"
    static let descriptionTime = "2024-09-28T10:34:00+09:00"
    static let descriptionTimeFormatted = "2024/09/28 10:34:00"
    /// The three days and their labels.
    static let days: [(date: String, label: String, dayOfMonth: String)] = [
        ("2024-09-28", "今日", "２８日"), ("2024-09-29", "明日", "２９日"), ("2024-09-30", "明後日", "３０日"),
    ]

    static let winds = [
        "北の風", "北の風　後　東の風", "南の風", "南東の風", "東の風　やや強く", "西の風", "北西の風　やや強く", "南西の風",
    ]
    static let waves = ["０．５メートル", "１メートル", "０．５メートル　後　１メートル", "１．５メートル", "２メートル　後　１．５メートル"]
    static let situations = [
        "日本付近は、高気圧に覆われています。",
        "前線が、日本の南岸に停滞しています。",
        "気圧の谷が、日本付近を東へ進んでいます。",
        "湿った空気が、日本付近に流れ込んでいます。",
    ]

    /// The forecast of `city`.
    static func forecast(for city: City) -> Forecast {
        var generator = SplitMix64(seed: seed(for: city.code))
        var forecastDays: [Forecast.Day] = []
        var skies: [Sky] = []
        for (index, day) in days.enumerated() {
            let sky = generator.pick(Sky.all)
            skies.append(sky)
            let high = city.typicalHigh + generator.below(5) - 2
            let low = high - 5 - generator.below(5)
            forecastDays.append(
                Forecast.Day(
                    date: day.date,
                    dateLabel: day.label,
                    telop: sky.telop,
                    detail: .init(
                        weather: sky.detail,
                        wind: generator.pick(winds),
                        wave: city.coastal ? generator.pick(waves) : nil
                    ),
                    // Published at 11:00, today's low is already past: `null`, as in the real API.
                    temperature: .init(min: .init(celsius: index == 0 ? nil : low), max: .init(celsius: high)),
                    chanceOfRain: chanceOfRain(for: sky, today: index == 0, using: &generator),
                    image: .init(
                        title: sky.telop,
                        url: "https://www.jma.go.jp/bosai/forecast/img/\(sky.iconCode).svg",
                        width: 80,
                        height: 60
                    )
                )
            )
        }
        let text = descriptionText(for: city, skies: skies, situation: generator.pick(situations))
        return Forecast(
            publicTime: publicTime,
            publicTimeFormatted: publicTimeFormatted,
            publishingOffice: city.office,
            title: "\(city.prefecture) \(city.name) の天気",
            link: "https://www.jma.go.jp/bosai/forecast/#area_type=offices&area_code=\(city.officeAreaCode)",
            description: .init(
                publicTime: descriptionTime,
                publicTimeFormatted: descriptionTimeFormatted,
                headlineText: "",
                bodyText: text,
                text: text
            ),
            forecasts: forecastDays,
            location: .init(area: city.area, prefecture: city.prefecture, district: city.district, city: city.name),
            copyright: .standard
        )
    }

    /// A seed from the city code's digits.
    static func seed(for code: String) -> UInt64 {
        code.utf8.reduce(0xF0_4E_CA_57) { ($0 &* 31) &+ UInt64($1) }
    }

    /// Today's first two periods are past (`--%`); the others follow the sky.
    private static func chanceOfRain(for sky: Sky, today: Bool, using generator: inout SplitMix64) -> Forecast.ChanceOfRain {
        func chance() -> String {
            let tens = sky.rainTens.lowerBound + generator.below(sky.rainTens.count)
            return "\(tens * 10)%"
        }
        let early = today ? "--%" : chance()
        let morning = today ? "--%" : chance()
        return .init(T00_06: early, T06_12: morning, T12_18: chance(), T18_24: chance())
    }

    private static func descriptionText(for city: City, skies: [Sky], situation: String) -> String {
        [
            "　" + situation,
            "　\(city.prefecture)は、\(skies[0].current)となっています。",
            "　\(days[0].dayOfMonth)は、\(skies[0].phrase)でしょう。",
            "　\(days[1].dayOfMonth)は、\(skies[1].phrase)でしょう。",
        ].joined(separator: "\n\n")
    }
}
