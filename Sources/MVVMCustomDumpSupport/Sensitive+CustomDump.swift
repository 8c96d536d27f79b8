public import CustomDump
public import MVVMCore

/// `ViewModelTester`'s diffs (swift-custom-dump) print a ``Sensitive`` value as `<redacted>`.
extension Sensitive: CustomDumpStringConvertible {
    /// `<redacted>`.
    public var customDumpDescription: String { Self.redacted }
}
