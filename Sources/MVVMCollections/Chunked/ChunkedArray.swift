/// An array kept in chunks (512 elements when built, at most 1,024), for a long list in a value
/// `State`: changing one element copies that chunk, not the list.
///
/// A ViewModel's state is a value. A store that compares the state before and after a change
/// (to tell no one when nothing changed) holds both, so changing one row of a `[Row]` of
/// 100,000 copies all 100,000 rows. Here it copies the rows of that row's chunk and the list of
/// chunk references (`ChunkedArrayTests`; the `key-to-frame/100k-rows_toggle` benchmark),
/// and comparing two versions that share chunks compares the chunks that differ.
///
/// It is a `RandomAccessCollection`, `MutableCollection` and `RangeReplaceableCollection`
/// indexed from 0, so a view reads it as an array (`rows[i]`, `rows.count`, `ForEach(rows)`).
/// Reading an element by position looks its chunk up (a binary search over the chunks);
/// iterating walks the chunks. Inserting or removing one element moves the elements of its
/// chunk only.
public struct ChunkedArray<Element> {
    /// Elements per chunk when the array is built or appended to.
    @usableFromInline static var chunkSize: Int { 512 }
    /// The most elements a chunk holds: one grown past it by inserts is split in two.
    static var largestChunk: Int { 1_024 }

    /// The chunks, none empty.
    @usableFromInline var chunks: [[Element]]
    /// Where each chunk ends: `ends[c]` elements are in `chunks[0...c]`.
    @usableFromInline var ends: [Int]

    /// An empty array.
    public init() {
        chunks = []
        ends = []
    }

    /// An array of `elements`, in order.
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        self.init()
        append(contentsOf: elements)
    }

    /// How many elements there are.
    public var count: Int { ends.last ?? 0 }

    /// The elements, as one array.
    public var elements: [Element] { Array(chunks.joined()) }

    /// The chunk holding `position`, and where in it.
    @inlinable
    func locate(_ position: Int) -> (chunk: Int, offset: Int) {
        precondition(position >= 0 && position < count, "index \(position) out of range 0..<\(count)")
        var low = 0, high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] > position { high = middle } else { low = middle + 1 }
        }
        return (low, position - (low == 0 ? 0 : ends[low - 1]))
    }
}

extension ChunkedArray: RandomAccessCollection, MutableCollection {
    /// 0.
    public var startIndex: Int { 0 }
    /// ``count``.
    public var endIndex: Int { count }

    /// The element at `position`.
    @inlinable
    public subscript(position: Int) -> Element {
        get {
            let (chunk, offset) = locate(position)
            return chunks[chunk][offset]
        }
        set {
            let (chunk, offset) = locate(position)
            chunks[chunk][offset] = newValue
        }
    }

    /// Walks the chunks in order, with no look-up per element.
    public struct Iterator: IteratorProtocol {
        var chunks: IndexingIterator<[[Element]]>
        var current: IndexingIterator<[Element]>?

        /// The next element, or `nil` past the end.
        public mutating func next() -> Element? {
            while true {
                if let element = current?.next() { return element }
                guard let chunk = chunks.next() else { return nil }
                current = chunk.makeIterator()
            }
        }
    }

    /// An iterator over the elements, in order.
    public func makeIterator() -> Iterator {
        Iterator(chunks: chunks.makeIterator(), current: nil)
    }
}

extension ChunkedArray: RangeReplaceableCollection {
    /// Appends `element` at the end.
    public mutating func append(_ element: Element) {
        if let last = chunks.indices.last, chunks[last].count < Self.chunkSize {
            chunks[last].append(element)
            ends[last] += 1
        } else {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunk.append(element)
            chunks.append(chunk)
            ends.append(count + 1)
        }
    }

    /// Appends `elements` at the end, in chunks of 512.
    public mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Element {
        var rest = Array(elements)[...]
        if let last = chunks.indices.last, chunks[last].count < Self.chunkSize {
            let taken = rest.prefix(Self.chunkSize - chunks[last].count)
            chunks[last].append(contentsOf: taken)
            ends[last] += taken.count
            rest = rest.dropFirst(taken.count)
        }
        while !rest.isEmpty {
            let taken = rest.prefix(Self.chunkSize)
            chunks.append(Array(taken))
            ends.append(count + taken.count)
            rest = rest.dropFirst(taken.count)
        }
    }

    /// Inserts `element` at `position`: the elements of its chunk after it move (a chunk grown
    /// past 1,024 is split).
    public mutating func insert(_ element: Element, at position: Int) {
        precondition(position >= 0 && position <= count, "index \(position) out of range 0...\(count)")
        guard position < count else { return append(element) }
        let (chunk, offset) = locate(position)
        chunks[chunk].insert(element, at: offset)
        for index in chunk..<ends.count { ends[index] += 1 }
        guard chunks[chunk].count > Self.largestChunk else { return }
        let half = chunks[chunk].count / 2
        let right = Array(chunks[chunk][half...])
        chunks[chunk].removeSubrange(half...)
        chunks.insert(right, at: chunk + 1)
        ends.insert(ends[chunk], at: chunk + 1)
        ends[chunk] -= right.count
    }

    /// Removes the element at `position`: the elements of its chunk after it move.
    @discardableResult
    public mutating func remove(at position: Int) -> Element {
        let (chunk, offset) = locate(position)
        let element = chunks[chunk].remove(at: offset)
        for index in chunk..<ends.count { ends[index] -= 1 }
        if chunks[chunk].isEmpty {
            chunks.remove(at: chunk)
            ends.remove(at: chunk)
        }
        return element
    }

    /// Replaces the elements in `range` with `newElements`: the chunks from the one holding
    /// `range.lowerBound` on are made again (what an array moves, this copies).
    public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newElements: C) where C.Element == Element {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range \(range) out of range 0..<\(count)")
        let firstChunk = range.lowerBound < count ? locate(range.lowerBound).chunk : chunks.count
        let kept = firstChunk == 0 ? 0 : ends[firstChunk - 1]
        var tail = Array(chunks[firstChunk...].joined())
        tail.replaceSubrange((range.lowerBound - kept)..<(range.upperBound - kept), with: newElements)
        chunks.removeSubrange(firstChunk...)
        ends.removeSubrange(firstChunk...)
        var rest = tail[...]
        while !rest.isEmpty {   // whole chunks after the kept ones
            let taken = rest.prefix(Self.chunkSize)
            chunks.append(Array(taken))
            ends.append(count + taken.count)
            rest = rest.dropFirst(taken.count)
        }
    }

    /// Removes every element.
    public mutating func removeAll(keepingCapacity: Bool = false) {
        chunks.removeAll(keepingCapacity: keepingCapacity)
        ends.removeAll(keepingCapacity: keepingCapacity)
    }
}

extension ChunkedArray: ExpressibleByArrayLiteral {
    /// An array of the listed elements.
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension ChunkedArray: Equatable where Element: Equatable {
    /// Whether both hold equal elements in the same order. Chunks the two share are not compared
    /// element by element.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        // Two versions of one array cut their chunks at the same places: compare chunk by chunk
        // (`Array`'s `==` returns at once for two copies of one chunk). Else element by element.
        if lhs.ends == rhs.ends { return lhs.chunks == rhs.chunks }
        return lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}

extension ChunkedArray: Hashable where Element: Hashable {
    /// Hashes the elements in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}

extension ChunkedArray: CustomStringConvertible, CustomDebugStringConvertible {
    /// The elements, written as an array's.
    public var description: String { elements.description }
    /// The elements, written as an array's.
    public var debugDescription: String { elements.debugDescription }
}

extension ChunkedArray: CustomReflectable {
    /// The elements, as an array's: what test failures and dumps show.
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: elements, displayStyle: .collection)
    }
}
