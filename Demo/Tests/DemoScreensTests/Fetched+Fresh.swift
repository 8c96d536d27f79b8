import MVVMCore

extension Fetched {
    /// A value fresh from the network: what a forecast loaded from the server is shown as.
    static func fresh(_ value: Value) -> Fetched { Fetched(value, origin: .network) }
}
