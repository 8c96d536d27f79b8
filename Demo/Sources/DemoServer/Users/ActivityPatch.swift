import Foundation

/// The body of `PATCH /api/users/{id}`: `{"isActive": true|false}`. Other keys are ignored.
struct ActivityPatch: Decodable, Sendable, Equatable {
    let isActive: Bool

    /// The largest body accepted, in bytes.
    static let maximumBodySize = 64 * 1024

    /// Decodes `data`, throwing an `invalid_body` error that says what is wrong.
    static func decode(_ data: Data) throws(APIError) -> ActivityPatch {
        let example = #"such as {"isActive": false}"#
        // JSON is UTF-8 (RFC 8259, 8.1); Foundation's decoder lets some invalid bytes through.
        guard String(validating: data, as: UTF8.self) != nil else {
            throw .invalidBody("The request body is not valid UTF-8; send a JSON object with a boolean isActive, \(example).")
        }
        if let key = JSONKeys.repeatedTopLevelKey(in: data) {
            let name = key == "isActive" ? key : "a key"
            throw .invalidBody("The request body has \(name) twice; send each key once, \(example).")
        }
        do {
            return try JSONDecoder().decode(ActivityPatch.self, from: data)
        } catch DecodingError.keyNotFound {
            throw .invalidBody("The request body has no isActive; send a JSON object with a boolean isActive, \(example).")
        } catch DecodingError.valueNotFound {
            throw .invalidBody("The request body's isActive is null; it must be true or false, \(example).")
        } catch DecodingError.typeMismatch(_, let context) where !context.codingPath.isEmpty {
            throw .invalidBody("The request body's isActive must be true or false, \(example).")
        } catch DecodingError.typeMismatch {
            throw .invalidBody("The request body must be a JSON object with a boolean isActive, \(example).")
        } catch {
            throw .invalidBody("The request body is not valid JSON; send a JSON object with a boolean isActive, \(example).")
        }
    }
}
