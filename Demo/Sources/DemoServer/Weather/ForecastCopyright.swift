extension Forecast.Copyright {
    /// The copyright block of the weather API, as in the fixture.
    static let standard = Forecast.Copyright(
        title: "(C) 天気予報 API（livedoor 天気互換）",
        link: "https://weather.tsukumijima.net/",
        image: .init(
            title: "天気予報 API（livedoor 天気互換）",
            link: "https://weather.tsukumijima.net/",
            url: "https://weather.tsukumijima.net/logo.png",
            width: 120,
            height: 120
        ),
        provider: [
            .init(
                link: "https://www.jma.go.jp/jma/",
                name: "気象庁 Japan Meteorological Agency",
                note: "気象庁 HP にて配信されている天気予報を JSON データへ編集しています。"
            ),
        ]
    )
}
