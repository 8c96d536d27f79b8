import Foundation

/// The structure of a JSON document without its values: object keys, nesting and value types.
indirect enum JSONShape: Equatable, CustomStringConvertible {
    case object([String: JSONShape])
    case array([JSONShape])
    case string
    case number
    case null

    /// The shape of a value from `JSONSerialization`.
    init(_ value: Any) {
        switch value {
        case let object as [String: Any]:
            self = .object(object.mapValues(JSONShape.init))
        case let array as [Any]:
            self = .array(array.map(JSONShape.init))
        case is String:
            self = .string
        case is NSNull:
            self = .null
        case is NSNumber:
            // Booleans come back as NSNumber too; the documents compared here have none.
            self = .number
        default:
            self = .null
        }
    }

    /// The shape of a JSON document.
    init(json data: Data) throws {
        self.init(try JSONSerialization.jsonObject(with: data))
    }

    /// Whether `other` has the same keys, nesting and types, where `null` and a string are
    /// interchangeable (the API's optional strings) and arrays may differ in length as long as each
    /// element matches the first element of the other.
    func matches(_ other: JSONShape) -> Bool {
        switch (self, other) {
        case (.object(let left), .object(let right)):
            return left.keys.sorted() == right.keys.sorted()
                && left.allSatisfy { key, value in value.matches(right[key]!) }
        case (.array(let left), .array(let right)):
            guard let leftFirst = left.first, let rightFirst = right.first else { return left.isEmpty == right.isEmpty }
            return left.allSatisfy { $0.matches(rightFirst) } && right.allSatisfy { $0.matches(leftFirst) }
        case (.null, .null), (.null, .string), (.string, .null), (.string, .string),
             (.number, .number):
            return true
        default:
            return false
        }
    }

    var description: String {
        switch self {
        case .object(let fields):
            return "{" + fields.keys.sorted().map { "\($0): \(fields[$0]!)" }.joined(separator: ", ") + "}"
        case .array(let elements):
            return "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .string: return "string"
        case .number: return "number"
        case .null: return "null"
        }
    }
}
