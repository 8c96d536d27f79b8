/// Why a body did not decode, as a person fixing it needs it: where in the JSON, and what type
/// was expected there.
///
/// ```swift
/// // DecodingFailure(path: "forecasts[0].temperature.max.celsius", expected: "String",
/// //                 reason: "found a number")
/// ```
public struct DecodingFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The JSON path of the failing value, e.g. `forecasts[0].telop`; empty for the whole body.
    public let path: String
    /// The type the decoder expected there, e.g. `String`; empty when the JSON itself is broken.
    public let expected: String
    /// What went wrong.
    public let reason: String

    /// Creates a failure.
    public init(path: String, expected: String, reason: String) {
        self.path = path
        self.expected = expected
        self.reason = reason
    }

    /// Describes a `DecodingError`; any other error is described as it is.
    package init(_ error: any Error) {
        guard let error = error as? DecodingError else {
            self.init(path: "", expected: "", reason: String(describing: error))
            return
        }
        switch error {
        case .typeMismatch(let type, let context):
            self.init(path: Self.path(context.codingPath), expected: "\(type)", reason: Self.reason(context))
        case .valueNotFound(let type, let context):
            self.init(path: Self.path(context.codingPath), expected: "\(type)", reason: "found null or nothing")
        case .keyNotFound(let key, let context):
            self.init(path: Self.path(context.codingPath + [key]), expected: "a value", reason: "the key is missing")
        case .dataCorrupted(let context):
            self.init(
                path: Self.path(context.codingPath), expected: "",
                reason: context.codingPath.isEmpty ? "the body is not valid JSON" : Self.reason(context)
            )
        @unknown default:
            self.init(path: "", expected: "", reason: String(describing: error))
        }
    }

    /// `decoding failed at forecasts[0].telop: expected String (found a number)`.
    public var description: String {
        let location = path.isEmpty ? "" : " at \(path)"
        let expectation = expected.isEmpty ? "" : ": expected \(expected)"
        return "decoding failed\(location)\(expectation) (\(reason))"
    }

    /// `items[0].id`: keys joined by dots, array indices in brackets.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var path = ""
        for key in codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path
    }

    private static func reason(_ context: DecodingError.Context) -> String {
        context.debugDescription.isEmpty ? "invalid value" : context.debugDescription
    }
}
