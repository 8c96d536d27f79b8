import Hummingbird

/// Reads the `{id}` path parameter of the user routes.
enum UserID {
    /// The id in the path, throwing `invalid_parameter` unless it is a positive integer.
    static func require(_ context: DemoRequestContext) throws(APIError) -> Int {
        let text = context.parameters.get("id") ?? ""
        guard let id = Int(digitsOnly: text[...]), id >= 1 else {
            throw .invalidParameter("The user id must be a positive integer, but was \"\(QuotedValue.excerpt(text))\".")
        }
        return id
    }
}
