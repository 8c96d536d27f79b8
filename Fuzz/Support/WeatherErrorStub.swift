// The fuzz build compiles Demo/Examples/Weather's DTO and mapping files without MVVMCore and MVVMData
// (whose WeatherError conformances need them). ForecastMapping only throws `.invalidData`; if it
// ever throws another case, the fuzz build fails here, loudly, and this stub gets that case.
enum WeatherError: Error, Hashable, Sendable {
    case invalidData
}
