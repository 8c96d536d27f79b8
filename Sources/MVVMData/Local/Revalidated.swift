/// What a conditional request (`If-None-Match`) brought back: a new value, or word that the
/// saved one is still current (304), each with the freshness the response gave.
public enum Revalidated<Value: Sendable>: Sendable {
    /// A new value (200).
    case modified(Value, HTTPFreshness)
    /// The saved value is still current (304 Not Modified).
    case notModified(HTTPFreshness)
}
