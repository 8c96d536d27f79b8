import Foundation
import MVVMCore
import Synchronization
import MVVMTesting
import Testing

/// A value of the tests' own, as an app keeps a repository.
private enum GreetingKey: Dependencies.Key {
    static var liveValue: String { "hello" }
}

/// A value whose key gives tests one of their own.
private enum FarewellKey: Dependencies.Key {
    static var liveValue: String { "goodbye" }
    static var testValue: String { "bye for the test" }
}

extension Dependencies {
    fileprivate var greeting: String {
        get { self[GreetingKey.self] }
        set { self[GreetingKey.self] = newValue }
    }

    fileprivate var farewell: String {
        get { self[FarewellKey.self] }
        set { self[FarewellKey.self] = newValue }
    }
}

/// `Dependencies`: one place for the clock, the time, ids, randomness and an app's own values;
/// a scope changes them for everything made inside it, its child tasks included, and for
/// nothing outside.
@Suite(.timeLimit(.minutes(1)))
struct DependenciesTests {
    @Test func anAppsValuesAreLive() {
        let app = Dependencies()
        #expect(app.clock is ContinuousClock)
        #expect(app.greeting == "hello", "a key's live value")
        #expect(app.farewell == "goodbye", "a key's live value, though it has a test value")
        #expect(app.newID() != app.newID(), "random ids")
    }

    @Test func aValueATestDidNotSetFailsItAtItsFirstUseNamingTheValueAndHowToSetIt() async {
        let current = Dependencies.current
        let messages = Mutex<[String]>([])
        func expectFailure(_ use: () async -> Void) async {
            await withKnownIssue {
                await use()
            } matching: { issue in
                messages.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
                return true
            }
        }
        await expectFailure { _ = current.now() }
        await expectFailure { _ = current.newID() }
        await expectFailure { _ = current.random() }
        await expectFailure { try? await current.clock.sleep(for: .zero) }
        await expectFailure { #expect(current.greeting == "hello", "the live value, after the failure") }
        #expect(messages.withLock { $0 } == [
            "Dependencies.now was used by a test that did not set it. Set it around what the test makes: Dependencies.with { $0.now = { Date(timeIntervalSince1970: 0) } } operation: { … }",
            "Dependencies.newID was used by a test that did not set it. Set it around what the test makes: Dependencies.with { $0.newID = .counting() } operation: { … }",
            "Dependencies.random was used by a test that did not set it. Set it around what the test makes: Dependencies.with { $0.random = { 4 } } operation: { … }",
            "Dependencies.clock was used by a test that did not set it. Set it around what the test makes: Dependencies.with { $0.clock = clock } operation: { … }, or give the ViewModelTester a TestClock",
            "GreetingKey was used by a test that did not set it. Set it around what the test makes: Dependencies.with { $0[GreetingKey.self] = … } operation: { … }",
        ])
    }

    @Test func readingTheClockIsNotUsingIt() {
        _ = Dependencies.current.clock   // a StateStore made in any test reads it
        #expect(Dependencies.current.farewell == "bye for the test", "a key's test value, without a failure")
    }

    @Test(.dependencies { $0.greeting = "set by the trait" })
    func aTraitSetsValuesForTheWholeTest() async {
        #expect(Dependencies.current.greeting == "set by the trait")
        #expect(await Task { Dependencies.current.greeting }.value == "set by the trait")
    }

    @Test func aScopeSetsValuesForWhatIsMadeInsideAndOnlyThere() async {
        let fixed = Date(timeIntervalSince1970: 1_000)
        let (made, inherited, nested) = await Dependencies.with {
            $0.now = { fixed }
            $0.greeting = "こんにちは"
            $0.farewell = "さようなら"
            $0.random = { 42 }
        } operation: {
            let made = (Dependencies.current.now(), Dependencies.current.greeting, Dependencies.current.random())
            let inherited = await Task { Dependencies.current.greeting }.value
            let nested = Dependencies.with { $0.greeting = "inner" } operation: {
                (Dependencies.current.greeting, Dependencies.current.now())
            }
            return (made, inherited, nested)
        }
        #expect(made.0 == fixed)
        #expect(made.1 == "こんにちは")
        #expect(made.2 == 42)
        #expect(inherited == "こんにちは", "a task started inside inherits the scope")
        #expect(nested.0 == "inner")
        #expect(nested.1 == fixed, "an inner scope changes only what it sets")
        #expect(Dependencies.current.farewell == "bye for the test", "nothing is left set after the scope")
    }

    @Test func countedIDsAreTheSameInEveryRun() {
        let ids = NewID.counting(from: 1)
        #expect([ids(), ids(), ids()].map(\.uuidString) == [
            "00000000-0000-0000-0000-000000000001",
            "00000000-0000-0000-0000-000000000002",
            "00000000-0000-0000-0000-000000000003",
        ])
        #expect(NewID.counting(from: 0x1_0000_0000_0000)().uuidString == "00000000-0000-0000-0001-000000000000")
    }
}
