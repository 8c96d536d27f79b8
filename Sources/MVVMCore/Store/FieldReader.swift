/// Reads one field out of a state: the one unsafe operation of the notification path.
///
/// **Why it is unsafe.** A field observer compares its field in every delivered state. Through
/// the key path, each read is a call into the runtime's generic key-path projection; through
/// the field's offset, it is one load. Measured with 10 field observers on a 20-field state
/// (`propagation/1-of-20-fields/10-field-observers` in `Benchmarks/`, and a release profile of
/// the same loop): about 250 ns per update with the offset, 800–1,100 ns with the key path,
/// against the goal of 45 ns per observer (450 ns). The optimizer cannot fold a key-path
/// literal into a plain access here: in Swift 6 a literal reaches the store as
/// `any KeyPath & Sendable`, which its capture propagation does not see through.
///
/// **Why it is correct.** `MemoryLayout<State>.offset(of:)` returns an offset only for a key
/// path to storage laid out inline in `State` (a stored property of a struct, or a path of
/// them), and documents that reading through a pointer at that offset is equivalent to reading
/// through the key path. Every other key path (a computed property, an optional chain, a class
/// property) has no offset and is read through the key path. The pointer is to a state the
/// caller holds `inout` for the duration of the read, it is aligned for `State`, and the offset
/// is aligned for `Value` within it, so the typed load reads an initialized `Value` that
/// outlives it; the load copies the value (retaining what it references), as the key path
/// would.
@usableFromInline
struct FieldReader<State, Value> {
    /// The field.
    @usableFromInline let keyPath: KeyPath<State, Value>
    /// Where the field lives in `State`, when it is stored inline.
    @usableFromInline let offset: Int?

    @usableFromInline
    init(_ keyPath: KeyPath<State, Value>) {
        self.keyPath = keyPath
        self.offset = MemoryLayout<State>.offset(of: keyPath)
    }

    /// The field's value in `state`.
    @inlinable
    func read(_ state: inout State) -> Value {
        guard let offset else { return state[keyPath: keyPath] }
        return withUnsafePointer(to: &state) { pointer in
            UnsafeRawPointer(pointer).load(fromByteOffset: offset, as: Value.self)
        }
    }
}
