public import MVVMCore
public import Testing

/// A test or a suite whose `Dependencies` are set: everything the test makes reads them, as if it
/// were made inside `Dependencies.with(_:operation:)`.
///
/// In a test process, a value no scope sets fails the test at its first use (`Dependencies`), so a
/// suite whose stores stamp dates and ids states them once:
///
/// ```swift
/// @Suite(.dependencies { $0.now = { Date(timeIntervalSince1970: 0) }; $0.newID = .counting() })
/// struct NoteStoreTests { … }
/// ```
///
/// On a suite it applies to every test in it; a test's own trait is applied inside it and wins.
public struct DependenciesTrait: TestTrait, SuiteTrait, TestScoping {
    let change: @Sendable (inout Dependencies) -> Void

    /// Applied to every test of a suite, and to each case of a parameterized test.
    public var isRecursive: Bool { true }

    /// Runs `function` with the values this trait sets, on top of those in effect.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await Dependencies.with(change) { try await function() }
    }
}

extension Trait where Self == DependenciesTrait {
    /// The `Dependencies` a test or a suite sets (``DependenciesTrait``).
    public static func dependencies(_ change: @escaping @Sendable (inout Dependencies) -> Void) -> Self {
        DependenciesTrait(change: change)
    }
}
