import MVVMTestSupport
@testable import MVVMCollections
import MVVMTesting
import Testing

/// `ChunkedArray` behaves as an `Array` (the oracle, under random edits), and a write to one
/// element of a copy copies that element's chunk only.
struct ChunkedArrayTests {
    @Test(arguments: 0..<4)
    func randomEditsLeaveWhatAnArrayWouldHold(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        var chunked = ChunkedArray<Int>()
        var array: [Int] = []
        for step in 0..<250 {
            let position = array.isEmpty ? 0 : Int(generator.next() % UInt64(array.count))
            switch generator.next() % 6 {
            case 0:
                let values = (0..<Int(generator.next() % 700)).map { _ in Int(generator.next() % 1_000) }
                chunked.append(contentsOf: values)
                array.append(contentsOf: values)
            case 1 where !array.isEmpty:
                chunked[position] = step
                array[position] = step
            case 2:
                chunked.insert(step, at: position)
                array.insert(step, at: position)
            case 3 where !array.isEmpty:
                #expect(chunked.remove(at: position) == array.remove(at: position))
            case 4 where !array.isEmpty:
                let end = min(array.count, position + Int(generator.next() % 600))
                let replacement = (0..<Int(generator.next() % 600)).map { _ in step }
                chunked.replaceSubrange(position..<end, with: replacement)
                array.replaceSubrange(position..<end, with: replacement)
            default:
                let copy = chunked
                #expect(copy == chunked)
            }
            #expect(Array(chunked) == array, "seed \(seed), step \(step)")
            #expect(chunked.count == array.count)
            #expect(chunked.chunks.allSatisfy { !$0.isEmpty && $0.count <= 1_024 }, "no chunk empty or over 1,024")
            #expect(chunked.ends == Array(chunked.chunks.map(\.count).reductions(0, +).dropFirst()), "ends in step")
        }
    }

    @Test func aWriteToACopyCopiesOneChunk() {
        let original = ChunkedArray(0..<100_000)
        var copy = original
        copy[50_000] = -1
        let shared = zip(original.chunks, copy.chunks).filter { lhs, rhs in
            lhs.withUnsafeBufferPointer { l in rhs.withUnsafeBufferPointer { r in l.baseAddress == r.baseAddress } }
        }.count
        #expect(shared == original.chunks.count - 1, "every chunk but the written one is shared")
        #expect(original[50_000] == 50_000, "the original is untouched")
        #expect(copy[50_000] == -1)
        #expect(copy != original)
    }

    @Test func equalArraysAreEqualHowEverTheyWereBuilt() {
        var built = ChunkedArray<Int>()
        for value in 0..<1_500 { built.append(value) }
        #expect(built == ChunkedArray(0..<1_500))
        #expect(built == [0, 1, 2] + Array(3..<1_500).chunkedArray)
        #expect(built != ChunkedArray(0..<1_499))
        #expect("\(ChunkedArray([1, 2, 3]))" == "[1, 2, 3]")
    }
}

extension Array {
    fileprivate var chunkedArray: ChunkedArray<Element> { ChunkedArray(self) }
}

extension Sequence {
    /// The running totals, starting with `initial`.
    fileprivate func reductions<T>(_ initial: T, _ next: (T, Element) -> T) -> [T] {
        var totals = [initial]
        for element in self { totals.append(next(totals[totals.count - 1], element)) }
        return totals
    }
}
