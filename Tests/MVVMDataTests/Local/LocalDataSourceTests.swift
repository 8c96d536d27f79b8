import MVVMTestSupport
import Foundation
import InMemoryLogging
import Logging
import MVVMCore
import MVVMData
import MVVMTesting
import Testing

/// Saved values come back with the time they were saved; anything that cannot be used is a
/// typed, logged miss.
@Suite(.timeLimit(.minutes(2)))
struct LocalDataSourceTests {
    struct Forecast: Codable, Equatable, Sendable {
        var city: String
        var highs: [Int?]
    }

    let savedAt = Date(timeIntervalSince1970: 1_700_000_000)

    func local(_ store: any CacheStore, schema: Int = 1, logs: InMemoryLogHandler = InMemoryLogHandler()) -> LocalDataSource {
        var logger = Logger(label: "test") { _ in logs }
        logger.logLevel = .trace
        return Dependencies.with { $0.now = { [savedAt] in savedAt } } operation: {
            LocalDataSource(store: store, schemaVersion: schema, logger: logger)
        }
    }

    @Test func aSavedValueComesBackWithTheTimeItWasSaved() async throws {
        let local = local(InMemoryCacheStore())
        let value = Forecast(city: "東京", highs: [29, nil])
        #expect(try await local.save(value, for: "forecast/130010") == savedAt)
        let saved = try await local.saved(Forecast.self, for: "forecast/130010")
        #expect(saved == Fetched(value, origin: .saved(at: savedAt)))
        #expect(saved.origin.savedAt == savedAt)
    }

    @Test func nothingSavedIsANotSavedMissLoggedOnlyAtDebug() async throws {
        let logs = InMemoryLogHandler()
        let local = local(InMemoryCacheStore(), logs: logs)
        await #expect(throws: CacheMiss.notSaved(key: "k")) { try await local.saved(Int.self, for: "k") }
        #expect(logs.entries.map(\.level) == [.debug])
    }

    @Test func aValueSavedUnderAnotherSchemaIsASchemaMissNotADecodeAttempt() async throws {
        let store = InMemoryCacheStore()
        let logs = InMemoryLogHandler()
        try await local(store, schema: 1).save(Forecast(city: "東京", highs: []), for: "k")
        let upgraded = local(store, schema: 2, logs: logs)
        await #expect(throws: CacheMiss.schemaChanged(key: "k", saved: 1, current: 2)) {
            try await upgraded.saved(Forecast.self, for: "k")
        }
        #expect(logs.entries.map(\.level) == [.warning])
        #expect(logs.entries.first?.metadata["miss"] == "\"k\" was saved with schema 1; this app reads schema 2")
    }

    @Test func bytesThatNoLongerDecodeAreATypedMissNamingWhere() async throws {
        let store = InMemoryCacheStore(entries: [
            "k": CacheEntry(data: Data(#"{"city":"東京","highs":["hot"]}"#.utf8), savedAt: savedAt, schemaVersion: 1),
            "garbage": CacheEntry(data: Data([0xFF, 0x00, 0x13]), savedAt: savedAt, schemaVersion: 1),
        ])
        let local = local(store)
        await #expect {
            try await local.saved(Forecast.self, for: "k")
        } throws: { error in
            guard case .undecodable(let key, let reason) = error as? CacheMiss else { return false }
            return key == "k" && reason.contains("highs")
        }
        await #expect {
            try await local.saved(Forecast.self, for: "garbage")
        } throws: { error in
            guard case .undecodable(key: "garbage", _) = error as? CacheMiss else { return false }
            return true
        }
    }

    @Test func aCorruptedFileIsAStoreMiss() async throws {
        let folder = try TemporaryFolder()
        let store = FileCacheStore(directory: folder.url)
        let local = local(store)
        try await local.save(Forecast(city: "東京", highs: [1]), for: "k")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.url.path) {
            try Data("not an entry".utf8).write(to: folder.url.appendingPathComponent(name))
        }
        await #expect {
            try await local.saved(Forecast.self, for: "k")
        } throws: { error in
            guard case .store(key: "k", .corrupted) = error as? CacheMiss else { return false }
            return true
        }
        await #expect(throws: CacheMiss.notSaved(key: "k")) { try await local.saved(Forecast.self, for: "k") }
    }
}
