import Foundation
public import MVVMCore

extension LocalDataSource {
    /// The value under `key` by HTTP's caching rules, as `URLCache` or Nuke keep a response: the
    /// saved value while it is fresh (no request at all); once it is stale, a conditional
    /// request with its entity tag, where a 304 keeps the saved value and makes it fresh again,
    /// and a 200 replaces it. When the request fails, the saved value is given, stale, rather
    /// than nothing (a picture offline).
    ///
    /// ```swift
    /// let bytes = try await local.fresh("avatar:\(path)") { entityTag in
    ///     try await client.send(.conditionalBytes(path, ifNoneMatch: entityTag))
    /// }
    /// ```
    ///
    /// Freshness is measured on this data source's `now`, so a test moves it a day on and sees
    /// the revalidation. Saved values carry their entity tag and freshness beside the value.
    ///
    /// - Parameters:
    ///   - key: where the value is saved.
    ///   - maximumSavedBytes: a value larger than this, encoded, is given but not saved (`nil`:
    ///     no limit but the store's).
    ///   - network: sends the request, conditional on the entity tag given (`nil`: none saved).
    /// - Returns: the value, from the device (`.saved(at:)`, fresh, or stale after a failure) or
    ///   confirmed by the network (`.network`).
    /// - Throws: the network's error when nothing is saved; ``UnexpectedNotModified`` for a 304
    ///   to a request that named no entity tag.
    public func fresh<Value: Codable & Sendable>(
        _ key: String,
        maximumSavedBytes: Int? = nil,
        from network: @Sendable (_ entityTag: String?) async throws -> Revalidated<Value>
    ) async throws -> Fetched<Value> {
        let saved = try? await saved(SavedResponse<Value>.self, for: key)
        if let saved, now() < saved.value.freshUntil {
            return Fetched(saved.value.value, origin: saved.origin)
        }
        let answer: Revalidated<Value>
        do {
            answer = try await network(saved?.value.entityTag)
        } catch {
            guard let saved, !Task.isCancelled else { throw error }
            return Fetched(saved.value.value, origin: saved.origin)
        }
        switch answer {
        case .notModified(let freshness):
            guard let saved else { throw UnexpectedNotModified(key: key) }
            var refreshed = saved.value
            refreshed.freshUntil = freshUntil(freshness)
            if let tag = freshness.entityTag { refreshed.entityTag = tag }
            if freshness.isStorable { await saveLoggingFailure(refreshed, for: key) }
            return Fetched(refreshed.value, origin: .network)
        case .modified(let value, let freshness):
            if freshness.isStorable {
                let response = SavedResponse(value: value, entityTag: freshness.entityTag, freshUntil: freshUntil(freshness))
                await saveLoggingFailure(response, for: key, maximumBytes: maximumSavedBytes)
            } else {
                try? await remove(for: key)
            }
            return Fetched(value, origin: .network)
        }
    }

    private func freshUntil(_ freshness: HTTPFreshness) -> Date {
        now().addingTimeInterval(TimeInterval(freshness.maxAge.components.seconds))
    }

}

/// A 304 answered a request that named no entity tag: there is no saved value it could refer
/// to, so it is a server's error, never taken as an empty value.
public struct UnexpectedNotModified: Error, Hashable, Sendable, CustomStringConvertible {
    /// The key read.
    public let key: String
    /// What happened.
    public var description: String { "304 Not Modified for \(key), but nothing was saved to revalidate" }
}

/// A value saved with what HTTP says about keeping it.
struct SavedResponse<Value: Codable>: Codable {
    var value: Value
    var entityTag: String?
    var freshUntil: Date
}

extension SavedResponse: Sendable where Value: Sendable {}
