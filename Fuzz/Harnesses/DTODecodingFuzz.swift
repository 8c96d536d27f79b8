// Fuzz target `dto-decoding`: the JSON the weather and user-list features decode from a server.
//
// The input is a response body. Each DTO is decoded from it with a plain JSONDecoder, as
// APIClient does by default, then mapped to the domain as the repositories map it:
// - ForecastDTO (`/api/forecast/city/{code}`), then ForecastMapping.forecast(from:);
// - UserPageDTO (`/api/users`, mapped to users), UserDTO (`PATCH /api/users/{id}`), UserStatsDTO
//   (`/api/users/stats`), then `.user`.
// Properties: decoding and mapping throw on bad data and never trap; what they accept keeps the
// documented ranges (a chance of rain is 0...100 percent, four periods a day; stats have
// 0 <= active <= total).
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(bytes: data, count: size)
    let decoder = JSONDecoder()

    if let dto = try? decoder.decode(ForecastDTO.self, from: body) {
        do {
            let forecast = try ForecastMapping.forecast(from: dto)
            invariant(forecast.days.count == dto.forecasts.count, "days lost in mapping")
            for day in forecast.days {
                invariant(day.chanceOfRain.map(\.period) == ["00-06", "06-12", "12-18", "18-24"], "periods \(day.chanceOfRain)")
                for chance in day.chanceOfRain {
                    if let percent = chance.percent {
                        invariant((0...100).contains(percent), "chance of rain \(percent)%")
                    }
                }
            }
        } catch {
            invariant(error == .invalidData, "mapping threw \(error)")
        }
    }
    if let page = try? decoder.decode(UserPageDTO.self, from: body) {
        let users = page.items.map(\.user)
        invariant(users.map(\.id) == page.items.map(\.id), "ids changed in mapping")
        // (UserPage, which also says where a page came from, needs MVVMCore: not built here.)
        invariant(users.count == page.items.count, "rows lost in mapping")
    }
    if let user = try? decoder.decode(UserDTO.self, from: body) {
        let mapped = user.user
        invariant(mapped.id == user.id && mapped.name == user.name && mapped.email == user.email, "user fields changed in mapping")
    }
    if let stats = try? decoder.decode(UserStatsDTO.self, from: body) {
        invariant(stats.total >= 0 && (0...stats.total).contains(stats.active), "stats accepted \(stats.active) of \(stats.total)")
        _ = UserStats(total: stats.total, active: stats.active)
    }
    return 0
}
