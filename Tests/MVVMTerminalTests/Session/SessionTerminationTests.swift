@testable import MVVMTerminal
import Testing

@Suite(.timeLimit(.minutes(2)))
struct SessionTerminationTests {
    /// The keys a stream delivers until it ends.
    private func collect(_ stream: AsyncStream<Key>) async -> [Key] {
        var keys: [Key] = []
        for await key in stream { keys.append(key) }
        return keys
    }

    @Test func theFirstSignalIsRecordedAndEndsEveryKeyStreamAfterItsKeys() async {
        let termination = SessionTermination()
        let (first, firstContinuation) = AsyncStream.makeStream(of: Key.self)
        let (second, secondContinuation) = AsyncStream.makeStream(of: Key.self)
        termination.endOnSignal(firstContinuation)
        termination.endOnSignal(secondContinuation)
        firstContinuation.yield(.character("a"))
        #expect(termination.signal == nil)

        #expect(termination.end(by: 15))
        #expect(termination.end(by: 2) == false)

        #expect(termination.signal == 15)
        #expect(await collect(first) == [.character("a")])
        #expect(await collect(second) == [])
    }

    @Test func aKeyStreamMadeAfterTheSignalEndsAtOnce() async {
        let termination = SessionTermination()
        termination.end(by: 2)
        let (stream, continuation) = AsyncStream.makeStream(of: Key.self)
        termination.endOnSignal(continuation)
        continuation.yield(.character("a"))  // dropped: the stream has ended
        #expect(await collect(stream) == [])
        #expect(termination.signal == 2)
    }
}
