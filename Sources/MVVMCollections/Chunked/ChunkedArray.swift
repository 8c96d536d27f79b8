/// An array kept in chunks of 512 elements, for a long list in a value `State`: changing one
/// element copies that chunk, not the list.
///
/// A ViewModel's state is a value. A store that compares the state before and after a change
/// (to tell no one when nothing changed) holds both, so changing one row of a `[Row]` of
/// 100,000 copies all 100,000 rows. Here it copies the 512 rows of that row's chunk and the
/// list of chunk references (`ChunkedArrayTests`; the `key-to-frame/100k-rows_toggle` benchmark),
/// and comparing two versions that share chunks compares the chunks that differ.
///
/// It is a `RandomAccessCollection`, `MutableCollection` and `RangeReplaceableCollection`
/// indexed from 0, so a view reads it as an array (`rows[i]`, `rows.count`, `ForEach(rows)`).
/// Inserting or removing in the middle moves the elements after it, as in an array.
public struct ChunkedArray<Element> {
    /// Elements per chunk.
    @usableFromInline static var chunkSize: Int { 512 }

    /// The chunks: every one full but the last, which is never empty.
    @usableFromInline var chunks: [[Element]]
    /// How many elements there are.
    public private(set) var count: Int

    /// An empty array.
    public init() {
        chunks = []
        count = 0
    }

    /// An array of `elements`, in order.
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        self.init()
        append(contentsOf: elements)
    }

    /// An array of `elements`, in order: copied chunk by chunk, in bulk.
    public init(_ elements: [Element]) {
        count = elements.count
        chunks = stride(from: 0, to: elements.count, by: Self.chunkSize).map { start in
            Array(elements[start..<Swift.min(start + Self.chunkSize, elements.count)])
        }
    }

    /// The elements, as one array.
    public var elements: [Element] { Array(chunks.joined()) }
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
            precondition(position >= 0 && position < count, "index \(position) out of range 0..<\(count)")
            return chunks[position / Self.chunkSize][position % Self.chunkSize]
        }
        set {
            precondition(position >= 0 && position < count, "index \(position) out of range 0..<\(count)")
            chunks[position / Self.chunkSize][position % Self.chunkSize] = newValue
        }
    }
}

extension ChunkedArray: RangeReplaceableCollection {
    /// Appends `element` at the end.
    public mutating func append(_ element: Element) {
        if let last = chunks.indices.last, chunks[last].count < Self.chunkSize {
            chunks[last].append(element)
        } else {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunk.append(element)
            chunks.append(chunk)
        }
        count += 1
    }

    /// Appends `elements` at the end.
    public mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Element {
        var rest = Array(elements)[...]
        if let last = chunks.indices.last, chunks[last].count < Self.chunkSize {
            let room = Self.chunkSize - chunks[last].count
            chunks[last].append(contentsOf: rest.prefix(room))
            count += Swift.min(room, rest.count)
            rest = rest.dropFirst(room)
        }
        while !rest.isEmpty {
            chunks.append(Array(rest.prefix(Self.chunkSize)))
            count += Swift.min(Self.chunkSize, rest.count)
            rest = rest.dropFirst(Self.chunkSize)
        }
    }

    /// Replaces the elements in `range` with `newElements`: the chunks from the one holding
    /// `range.lowerBound` on are made again (what an array moves, this copies).
    public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newElements: C) where C.Element == Element {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range \(range) out of range 0..<\(count)")
        let firstChunk = range.lowerBound / Self.chunkSize
        let kept = firstChunk * Self.chunkSize
        var tail = Array(chunks[firstChunk...].joined())
        tail.replaceSubrange((range.lowerBound - kept)..<(range.upperBound - kept), with: newElements)
        chunks.removeSubrange(firstChunk...)
        count = kept
        append(contentsOf: tail)   // the chunk before is full: the tail starts a chunk
    }

    /// Removes every element.
    public mutating func removeAll(keepingCapacity: Bool = false) {
        chunks.removeAll(keepingCapacity: keepingCapacity)
        count = 0
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
        // Chunks are cut at the same places for equal counts: compare chunk by chunk (`Array`'s
        // `==` returns at once for two copies of one chunk).
        lhs.count == rhs.count && lhs.chunks == rhs.chunks
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
