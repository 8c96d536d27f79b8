import MVVMCombine
import Synchronization
import Testing

// What many Combine apps declare for themselves, here as this file's own (an app's are its
// module's): a `Driver` that is just a publisher that never fails, and `asDriver()` to make one.
// After `import Combine` becomes `import MVVMCombine`, these keep winning over MVVMCombine's.
fileprivate typealias Driver<T> = AnyPublisher<T, Never>

/// How many times the app's own `asDriver()` ran.
private let appAsDriverCalls = Atomic<Int>(0)

fileprivate extension Publisher {
    func asDriver() -> Driver<Output> {
        appAsDriverCalls.add(1, ordering: .relaxed)
        return self.catch { _ in Empty() }.eraseToAnyPublisher()
    }
}

/// An app that defines its own `Driver` and `asDriver()` keeps them after switching its import
/// to MVVMCombine: MVVMCombine's `asDriver` overloads are disfavoured.
@MainActor
struct AppDefinedDriverTests {
    @Test func theAppsOwnAsDriverIsPickedForAPublisherThatCannotFail() {
        let before = appAsDriverCalls.load(ordering: .relaxed)
        let subject = PassthroughSubject<Int, Never>()
        let driver = subject.asDriver()
        #expect(appAsDriverCalls.load(ordering: .relaxed) == before + 1)
        #expect(type(of: driver) == AnyPublisher<Int, Never>.self)

        // The app's driver does not replay: a late subscriber sees only what comes after it.
        var early: [Int] = []
        var late: [Int] = []
        let first = driver.sink { early.append($0) }
        subject.send(1)
        let second = driver.sink { late.append($0) }
        subject.send(2)
        #expect(early == [1, 2])
        #expect(late == [2])
        _ = (first, second)
    }

    @Test func theAppsOwnAsDriverIsPickedWhenItsResultGoesStraightIntoSink() {
        let before = appAsDriverCalls.load(ordering: .relaxed)
        var received: [String] = []
        let subject = PassthroughSubject<String, Never>()
        let cancellable = subject.asDriver().sink { received.append($0) }
        subject.send("typed")
        #expect(appAsDriverCalls.load(ordering: .relaxed) == before + 1)
        #expect(received == ["typed"])   // delivered at once, not on a later main-queue turn
        _ = cancellable
    }

    @Test func mvvmCombinesDriverIsStillThereByItsFullName() {
        let subject = PassthroughSubject<Int, Never>()
        let driver: MVVMCombine.Driver<Int> = MVVMCombine.Driver(subject)
        var values: [Int] = []
        let cancellable = driver.drive { values.append($0) }
        subject.send(5)
        #expect(values == [5])
        _ = cancellable
    }
}
