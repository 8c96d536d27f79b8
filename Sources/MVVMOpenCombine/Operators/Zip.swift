#if !canImport(Combine)
// OpenCombine 0.14 has Combine's `Zip` family but not its `Equatable` conformances; these are
// Combine's: two zips are equal when their upstreams are. `@retroactive`: a later OpenCombine
// that adds them would clash, which is one reason Package.swift accepts 0.14.x only.

extension Publishers.Zip: @retroactive Equatable where UpstreamA: Equatable, UpstreamB: Equatable {
    /// Whether both zips have equal upstreams.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b
    }
}

extension Publishers.Zip3: @retroactive Equatable where UpstreamA: Equatable, UpstreamB: Equatable, UpstreamC: Equatable {
    /// Whether both zips have equal upstreams.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c
    }
}

extension Publishers.Zip4: @retroactive Equatable
where UpstreamA: Equatable, UpstreamB: Equatable, UpstreamC: Equatable, UpstreamD: Equatable {
    /// Whether both zips have equal upstreams.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d
    }
}
#endif
