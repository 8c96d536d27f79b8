public import MVVMCore

extension LocalDataSource {
    /// Reads `key` under `policy` from the saved data and from `network`, as the values to show
    /// in order: each a `Fetched` that says where it came from and, when saved, how old it is.
    ///
    /// | Policy | Gives | Throws |
    /// | --- | --- | --- |
    /// | ``CachePolicy/networkFirst`` | the network's value; on failure, the saved one | the network's error, after the saved value |
    /// | ``CachePolicy/cacheThenNetwork`` | the saved value (if any), then the network's | the network's error, after the saved value |
    /// | ``CachePolicy/cacheOnly`` | the saved value | ``CacheMiss`` when there is none |
    /// | ``CachePolicy/networkOnly`` | the network's value | the network's error |
    ///
    /// The network's value is saved before it is given. A failure to save is logged, never
    /// thrown: the user still sees the value. Saved data is never offered for a cancellation.
    ///
    /// Ending the iteration (a newer load replacing this one, the view disappearing) cancels
    /// both the read and the network call, so latest-wins holds across both sources. Feed the
    /// stream to `StateStore.load(_:key:policy:presenter:values:)`, which shows each value as it
    /// comes.
    ///
    /// - Parameters:
    ///   - key: where the value is saved; one key per request (`"users?page=2&q=ann"`).
    ///   - policy: which sources, in which order.
    ///   - network: fetches the value from the network (a remote data source's call).
    public func fetch<Value: Codable & Sendable>(
        _ key: String,
        policy: CachePolicy,
        from network: @escaping @Sendable () async throws -> Value
    ) -> AsyncThrowingStream<Fetched<Value>, any Error> {
        WorkContext.stream { yield in try await deliver(key, policy: policy, network: network, yield: yield) }
    }

    private func deliver<Value: Codable & Sendable>(
        _ key: String,
        policy: CachePolicy,
        network: @Sendable () async throws -> Value,
        yield: (Fetched<Value>) -> Void
    ) async throws {
        switch policy {
        case .networkOnly:
            yield(try await fromNetwork(key, network))
        case .cacheOnly:
            yield(try await saved(Value.self, for: key))
        case .cacheThenNetwork:
            if let saved = try? await saved(Value.self, for: key) {
                try Task.checkCancellation()
                yield(saved)
            }
            yield(try await fromNetwork(key, network))
        case .networkFirst:
            do {
                yield(try await fromNetwork(key, network))
            } catch {
                guard !Task.isCancelled, !Self.isCancellation(error),
                      let saved = try? await saved(Value.self, for: key) else { throw error }
                yield(saved)
                throw error
            }
        }
    }

    private func fromNetwork<Value: Codable & Sendable>(_ key: String, _ network: @Sendable () async throws -> Value) async throws -> Fetched<Value> {
        let value = try await network()
        try Task.checkCancellation()
        await saveLoggingFailure(value, for: key)
        return Fetched(value, origin: .network)
    }

    private static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? any CancellationReporting)?.isCancellation == true
    }
}
