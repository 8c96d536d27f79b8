/// A name part as shown, with the ASCII spelling used to build e-mail addresses.
struct SeedName: Sendable {
    /// The name as people write it, for example `José` or `太郎`.
    let display: String
    /// Lower-case ASCII letters for the e-mail address, for example `jose` or `taro`.
    let ascii: String

    init(_ display: String, _ ascii: String) {
        self.display = display
        self.ascii = ascii
    }
}
