extension Fetched where Value: Sendable {
    /// One value from the network, as the stream a repository with no saved data returns where
    /// one with saved data returns MVVMData's `LocalDataSource.fetch`: `fetch`'s value marked
    /// ``DataOrigin/network``, or its error.
    ///
    /// Ending the iteration (a newer load replacing this one, the view disappearing) cancels
    /// `fetch`. The call runs as the library's own work, so under MVVMTesting's `TestClock` it
    /// runs on the clock's executor and a settle waits for it, as it waits for a store's work.
    ///
    /// ```swift
    /// func forecastUpdates(for city: City) -> AsyncThrowingStream<Fetched<Forecast>, any Error> {
    ///     Fetched.fromNetwork { try await forecast(for: city) }
    /// }
    /// ```
    public static func fromNetwork(
        _ fetch: @escaping @Sendable () async throws -> Value
    ) -> AsyncThrowingStream<Fetched<Value>, any Error> {
        WorkContext.stream { yield in yield(Fetched(try await fetch(), origin: .network)) }
    }
}
