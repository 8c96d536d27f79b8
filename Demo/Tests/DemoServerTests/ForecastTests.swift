import Foundation
import Testing

@Suite("Weather forecasts", .timeLimit(.minutes(2)))
struct ForecastTests {
    /// The fixture, read from the source tree (not through the server's bundle).
    static func fixture() throws -> Data {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/DemoServer/Resources/weather-forecast-090010.json")
        return try Data(contentsOf: url)
    }

    static let requiredCities: [(code: String, name: String, prefecture: String)] = [
        ("090010", "宇都宮", "栃木県"), ("130010", "東京", "東京都"), ("270000", "大阪", "大阪府"),
        ("016010", "札幌", "北海道"), ("400010", "福岡", "福岡県"), ("471010", "那覇", "沖縄県"),
        ("230010", "名古屋", "愛知県"), ("260010", "京都", "京都府"),
    ]

    @Test("090010 is the fixture, byte for byte, on both routes")
    func fixtureIsServedVerbatim() async throws {
        let fixture = try Self.fixture()
        try await withServer { _, client in
            let byPath = try await client.get("/api/forecast/city/090010")
            #expect(byPath.status == 200)
            #expect(byPath.header("Content-Type") == "application/json")
            #expect(byPath.body == fixture)
            let byQuery = try await client.get("/api/forecast?city=090010")
            #expect(byQuery.body == fixture)
            #expect(byQuery.text.contains(#""T00_06": "--%""#))
            #expect(byQuery.text.contains(#""celsius": null"#))
        }
    }

    @Test("The cities list is fixed and has the required cities")
    func citiesList() async throws {
        try await withServer { _, client in
            let result = try await client.get("/api/forecast/cities")
            #expect(result.status == 200)
            let cities = try result.decode(CitiesDTO.self).cities
            #expect(cities.count >= 8)
            #expect(Set(cities.map(\.code)).count == cities.count)
            #expect(cities.first == CitiesDTO.City(code: "090010", name: "宇都宮", prefecture: "栃木県"))
            for required in Self.requiredCities {
                #expect(cities.contains(CitiesDTO.City(code: required.code, name: required.name, prefecture: required.prefecture)))
            }
            let again = try await client.get("/api/forecast/cities")
            #expect(again.body == result.body)
        }
    }

    @Test("Every known city's forecast has the fixture's shape and is the same on every call and server")
    func generatedForecasts() async throws {
        let fixtureShape = try JSONShape(json: Self.fixture())
        let first = try await withServer { _, client in
            let cities = try await client.get("/api/forecast/cities").decode(CitiesDTO.self).cities
            var bodies: [String: Data] = [:]
            for city in cities {
                let byPath = try await client.get("/api/forecast/city/\(city.code)")
                let byQuery = try await client.get("/api/forecast?city=\(city.code)")
                #expect(byPath.status == 200)
                #expect(byPath.body == byQuery.body)
                let shape = try JSONShape(json: byPath.body)
                #expect(shape.matches(fixtureShape), "\(city.code): \(shape)")
                try Self.checkValues(byPath.body, city: city)
                bodies[city.code] = byPath.body
            }
            return bodies
        }
        let second = try await withServer { _, client in
            var bodies: [String: Data] = [:]
            for code in first.keys {
                bodies[code] = try await client.get("/api/forecast/city/\(code)").body
            }
            return bodies
        }
        #expect(first == second)
        #expect(Set(first.values).count == first.count, "each city has its own forecast")
    }

    /// Checks the values a client relies on: labels, temperatures as strings or null, chances of
    /// rain like "30%" or "--%", the city's own location.
    static func checkValues(_ data: Data, city: CitiesDTO.City) throws {
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let location = try #require(root["location"] as? [String: Any])
        #expect(location["city"] as? String == city.name)
        #expect(location["prefecture"] as? String == city.prefecture)
        #expect(root["title"] as? String == "\(city.prefecture) \(city.name) の天気")
        let days = try #require(root["forecasts"] as? [[String: Any]])
        #expect(days.map { $0["dateLabel"] as? String } == ["今日", "明日", "明後日"])
        #expect(days.map { $0["date"] as? String } == ["2024-09-28", "2024-09-29", "2024-09-30"])
        for (index, day) in days.enumerated() {
            let telop = try #require(day["telop"] as? String)
            #expect(!telop.isEmpty)
            let rain = try #require(day["chanceOfRain"] as? [String: String])
            #expect(Set(rain.keys) == ["T00_06", "T06_12", "T12_18", "T18_24"])
            for value in rain.values {
                #expect(value == "--%" || (value.hasSuffix("%") && Int(value.dropLast()).map { (0...100).contains($0) } == true), "\(value)")
            }
            let temperature = try #require(day["temperature"] as? [String: [String: Any]])
            let minimum = try #require(temperature["min"])
            let maximum = try #require(temperature["max"])
            if index == 0 {
                #expect(minimum["celsius"] is NSNull && minimum["fahrenheit"] is NSNull)
                #expect(rain["T00_06"] == "--%")
            } else {
                let celsius = try #require(minimum["celsius"] as? String)
                #expect(Int(celsius) != nil)
            }
            let highText = try #require(maximum["celsius"] as? String)
            let fahrenheitText = try #require(maximum["fahrenheit"] as? String)
            let high = try #require(Int(highText))
            let fahrenheit = try #require(Double(fahrenheitText))
            #expect(abs(fahrenheit - (Double(high) * 1.8 + 32)) < 0.01)
        }
    }

    @Test("Malformed codes are 400 invalid_parameter; unknown codes 404 not_found", arguments: [
        ("13001", 400, "invalid_parameter"), ("1300100", 400, "invalid_parameter"), ("abcdef", 400, "invalid_parameter"),
        ("%EF%BC%91%EF%BC%93%EF%BC%90%EF%BC%90%EF%BC%91%EF%BC%90", 400, "invalid_parameter"),  // full-width 130010
        ("13001%20", 400, "invalid_parameter"), ("-13001", 400, "invalid_parameter"),
        ("999999", 404, "not_found"), ("000000", 404, "not_found"),
    ])
    func badCodes(code: String, status: Int, errorCode: String) async throws {
        try await withServer { _, client in
            try expectError(try await client.get("/api/forecast/city/\(code)"), status: status, code: errorCode)
            try expectError(try await client.get("/api/forecast?city=\(code)"), status: status, code: errorCode)
        }
    }

    @Test("The query route needs a city")
    func missingCity() async throws {
        try await withServer { _, client in
            let message = try expectError(try await client.get("/api/forecast"), status: 400, code: "invalid_parameter")
            #expect(message.contains("city"))
            try expectError(try await client.get("/api/forecast?city="), status: 400, code: "invalid_parameter")
        }
    }
}
