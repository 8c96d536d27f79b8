public import Foundation
public import Logging
public import MVVMCore

/// A data source that reads and saves domain values on the device: the LocalDataSource of the
/// APIClient → RemoteDataSource / LocalDataSource → Repository layering (article 002).
///
/// It encodes values as JSON into a ``CacheStore``, with the time each was saved and
/// `schemaVersion`. Reading gives the value as `Fetched` (origin `.saved(at:)`), or a typed
/// ``CacheMiss``: nothing saved, saved by code with another schema version, bytes that no longer
/// decode, or a store failure. A miss other than "nothing saved" is logged at `warning`; none
/// ever crashes.
///
/// A repository bundles it with its remote source and picks a ``CachePolicy`` per call with
/// ``fetch(_:policy:from:)``:
///
/// ```swift
/// struct CachedWeatherRepository: WeatherRepository {
///     let remote: ForecastRemoteDataSource
///     let local: LocalDataSource
///
///     /// The saved forecast at once, then the server's, saved for next time.
///     func forecastUpdates(for city: City) -> AsyncThrowingStream<Fetched<Forecast>, any Error> {
///         local.fetch("forecast/\(city.id)", policy: .cacheThenNetwork) {
///             try await forecast(for: city)   // the remote call, mapped to the domain
///         }
///     }
/// }
/// ```
///
/// The *Offline data* article runs this shape end to end (`Tests/DocumentationTests/OfflineData.swift`).
public struct LocalDataSource: Sendable {
    /// Where the values are kept.
    package let store: any CacheStore
    /// The version of the saved values' shape. Raise it when a saved model changes in a way
    /// old data should not be read as: entries saved under another version are misses.
    package let schemaVersion: Int
    private let logger: Logger
    let now: @Sendable () -> Date

    /// A data source keeping values in `store`, in the shape of `schemaVersion` (raise it when
    /// their type changes in a way saved values no longer decode: an entry of another version is
    /// a miss), reporting misses and failed saves to `logger` (swift-log).
    ///
    /// The time a save records, and freshness is judged by, is `Dependencies.now`, as it is
    /// here (a test fixes it with `Dependencies.with`).
    public init(
        store: any CacheStore,
        schemaVersion: Int = 1,
        logger: Logger = Logger(label: "mvvm.local-data")
    ) {
        self.store = store
        self.schemaVersion = schemaVersion
        self.logger = logger
        self.now = Dependencies.current.now
    }

    /// The value saved under `key`, with the time it was saved.
    ///
    /// - Throws: ``CacheMiss``, logged at `warning` unless nothing was saved.
    public func saved<Value: Decodable>(_ type: Value.Type = Value.self, for key: String) async throws(CacheMiss) -> Fetched<Value> {
        do throws(CacheMiss) {
            let entry: CacheEntry?
            do {
                entry = try await store.entry(for: key)
            } catch {
                throw CacheMiss.store(key: key, error)
            }
            guard let entry else { throw CacheMiss.notSaved(key: key) }
            guard entry.schemaVersion == schemaVersion else {
                throw CacheMiss.schemaChanged(key: key, saved: entry.schemaVersion, current: schemaVersion)
            }
            do {
                let value = try JSONDecoder().decode(Value.self, from: entry.data)
                return Fetched(value, origin: .saved(at: entry.savedAt))
            } catch {
                throw CacheMiss.undecodable(key: key, reason: DecodingFailure(error).description)
            }
        } catch {
            if case .notSaved = error {
                logger.debug("no saved value", metadata: ["key": "\(key)"])
            } else {
                logger.warning("saved value not used", metadata: ["key": "\(key)", "miss": "\(error)"])
            }
            throw error
        }
    }

    /// Saves `value` under `key`, stamped with the time now and `schemaVersion`.
    ///
    /// - Returns: the time recorded.
    @discardableResult
    public func save<Value: Encodable>(_ value: Value, for key: String) async throws(CacheStoreError) -> Date {
        try await save(encoding: try Self.encode(value), for: key)
    }

    /// `value` as JSON, as ``save(_:for:)`` keeps it.
    static func encode<Value: Encodable>(_ value: Value) throws(CacheStoreError) -> Data {
        do {
            return try JSONEncoder().encode(value)
        } catch {
            throw .io("encoding \(Value.self): \(error)")
        }
    }

    /// Saves `data`, a value already encoded, under `key`, stamped with the time now and
    /// `schemaVersion`. - Returns: the time recorded.
    @discardableResult
    func save(encoding data: Data, for key: String) async throws(CacheStoreError) -> Date {
        let savedAt = now()
        try await store.save(CacheEntry(data: data, savedAt: savedAt, schemaVersion: schemaVersion), for: key)
        return savedAt
    }

    /// Removes the value saved under `key`.
    public func remove(for key: String) async throws(CacheStoreError) {
        try await store.removeEntry(for: key)
    }

    /// Saves `value` and logs a failure instead of throwing: for the policies, which show a
    /// fetched value whether or not it could be kept. A value over `maximumBytes` encoded is not
    /// saved (`nil`: no limit but the store's).
    func saveLoggingFailure<Value: Encodable>(_ value: Value, for key: String, maximumBytes: Int? = nil) async {
        do {
            let data = try Self.encode(value)
            if let maximumBytes, data.count > maximumBytes { return }
            try await save(encoding: data, for: key)
        } catch {
            logger.warning("could not save value", metadata: ["key": "\(key)", "error": "\(error)"])
        }
    }
}
