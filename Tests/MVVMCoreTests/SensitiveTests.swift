import Foundation
import MVVMCore
import Testing

/// A `@Sensitive` value never appears when its state is printed, yet compares, hashes and
/// encodes as itself.
struct SensitiveTests {
    struct SignIn: Hashable, Codable, Sendable {
        var loginID = "mika"
        @Sensitive var token = "tok-zebra-42"
    }

    static let secret = "tok-zebra-42"

    @Test func noPrintedFormShowsTheValue() {
        let state = SignIn()
        var dumped = ""
        dump(state, to: &dumped)
        let printed = [
            "\(state)",
            String(describing: state),
            String(reflecting: state),
            dumped,
            Mirror(reflecting: state).children.map { "\($0.value)" }.joined(),
            "\(Sensitive(wrappedValue: Self.secret))",
            String(reflecting: Sensitive(wrappedValue: Self.secret)),
        ]
        for text in printed {
            #expect(!text.contains(Self.secret), "printed: \(text.replacingOccurrences(of: Self.secret, with: "LEAKED"))")
            #expect(text.contains("<redacted>") || text.contains("Sensitive"))
        }
        #expect("\(state)" == #"SignIn(loginID: "mika", _token: <redacted>)"#)
    }

    @Test func itComparesAndHashesAsItsValue() {
        var other = SignIn()
        #expect(other == SignIn())
        other.token = "tok-other"
        #expect(other != SignIn(), "a different secret is a different state: a test still fails on it")
        #expect(Set([SignIn(), SignIn(), other]).count == 2)
        #expect(other.token == "tok-other")
    }

    @Test func itEncodesAndDecodesAsItsValue() throws {
        let data = try JSONEncoder().encode(SignIn())
        #expect(String(decoding: data, as: UTF8.self).contains(#""token":"tok-zebra-42""#), "the server needs it")
        #expect(try JSONDecoder().decode(SignIn.self, from: data) == SignIn())
    }
}
