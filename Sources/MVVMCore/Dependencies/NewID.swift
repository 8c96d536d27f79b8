public import Foundation
import MVVMLocking

/// Where new ids come from (``Dependencies/newID``): random in an app, counted in a test, so
/// that a test states the ids it expects.
public struct NewID: Sendable {
    private let make: @Sendable () -> UUID

    /// Ids from `make`.
    public init(_ make: @escaping @Sendable () -> UUID) {
        self.make = make
    }

    /// A new id.
    public func callAsFunction() -> UUID { make() }

    /// Random ids: `UUID()`.
    public static let random = NewID { UUID() }

    /// Ids counted from `start`: `00000000-0000-0000-0000-000000000000`, then
    /// `00000000-0000-0000-0000-000000000001`, and so on.
    public static func counting(from start: UInt64 = 0) -> NewID {
        let next = Lock(start)
        return NewID {
            let value = next.withLock { value in
                defer { value &+= 1 }
                return value
            }
            // The count in the last 8 of the 16 bytes, big-endian: ids sort as they were made.
            let b = withUnsafeBytes(of: value.bigEndian) { Array($0) }
            return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]))
        }
    }
}
