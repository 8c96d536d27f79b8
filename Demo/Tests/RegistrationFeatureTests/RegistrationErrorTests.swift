import Foundation
import MVVMData
import MVVMTesting
@testable import RegistrationFeature
import Testing

/// `APIError` → `RegistrationError`, and what the user reads for each.
struct RegistrationErrorTests {
    static let request = RequestSummary(method: .post, path: "/api/registrations")

    static func status(_ status: Int, _ body: String) -> APIError {
        .httpStatus(status, bodyExcerpt: body, request: request)
    }

    @Test(arguments: [
        // The demo server's body, keys sorted.
        #"{"error":{"code":"id_taken","message":"This login id is already taken; choose another one."}}"#,
        // Another server's spacing and key order.
        #"{ "error" : { "message" : "taken", "code" : "id_taken" } }"#,
        // Cut at 200 characters by the excerpt: not valid JSON any more, the code is still read.
        #"{"error":{"code":"id_taken","message":"\#(String(repeating: "x", count: 170))…"#,
    ])
    func a409WithTheCodeIDTakenIsATakenLoginID(body: String) {
        #expect(RegistrationError(Self.status(409, body)) == .loginIDTaken)
    }

    @Test(arguments: [
        "",
        "Conflict",
        #"{"error":{"code":"version_conflict","message":"id_taken"}}"#,
        #"{"message":"id_taken"}"#,
        #"{"code":"id_taken"}"#,
    ])
    func any409WithoutThatCodeIsNotATakenLoginID(body: String) {
        #expect(RegistrationError(Self.status(409, body)) == .unknown)
    }

    @Test func theCodeIsReadFromTheErrorObjectOnly() {
        #expect(APIErrorBody.code(in: #"{"error":{"code":"id_taken"}}"#) == "id_taken")
        #expect(APIErrorBody.code(in: #"{"code":"x","error":{"message":"m","code":"id_taken"…"#) == "id_taken")
        #expect(APIErrorBody.code(in: #"{"error":"id_taken"}"#) == nil)
        #expect(APIErrorBody.code(in: "<html>409</html>") == nil)
    }

    @Test func otherFailuresMapByKind() {
        let errors: [(APIError, RegistrationError)] = [
            (Self.status(400, #"{"error":{"code":"invalid_body"}}"#), .rejected),
            (Self.status(422, #"{"error":{"code":"invalid_parameter"}}"#), .rejected),
            (Self.status(500, ""), .server),
            (Self.status(503, #"{"error":{"code":"injected_fault"}}"#), .server),
            (Self.status(404, ""), .unknown),
            (Self.status(401, ""), .unknown),
            (.transport(.cannotConnect("refused"), request: Self.request), .noInternet),
            (.transport(.timedOut, request: Self.request), .noInternet),
            (.transport(.cancelled, request: Self.request), .cancelled),
            (.cancelled(request: Self.request), .cancelled),
            (.decoding(DecodingFailure(path: "loginID", expected: "String", reason: "missing"), request: Self.request), .invalidData),
            (.invalidResponse("not JSON", request: Self.request), .invalidData),
            (.invalidRequest("bad URL"), .unknown),
        ]
        for (apiError, expected) in errors {
            #expect(RegistrationError(apiError) == expected, "\(apiError)")
        }
    }

    @Test func whatTheUserReads() {
        let presenter = ErrorPresenter.default
        #expect(presenter.presentation(for: RegistrationError.loginIDTaken)?.message.resolved(in: .japanese) == "このIDは既に使われています")
        #expect(presenter.presentation(for: RegistrationError.server) == Fixture.serverAlert)
        #expect(presenter.presentation(for: RegistrationError.noInternet)?.isRetryable == true)
        #expect(presenter.presentation(for: RegistrationError.rejected)?.isRetryable == false)
        #expect(presenter.presentation(for: RegistrationError.cancelled) == nil)
    }

    @Test func requestDescriptionsNeverShowThePassword() {
        let request = RegistrationRequest(loginID: "mika", password: "zebra-42-secret")
        var dumped = ""
        dump(request, to: &dumped)

        #expect(!"\(request)".contains("zebra"))
        #expect(!String(reflecting: request).contains("zebra"))
        #expect(!dumped.contains("zebra"))
        #expect(!"\(RegistrationRequestBody(request))".contains("zebra"))
        #expect("\(request)" == #"RegistrationRequest(loginID: "mika", _password: <redacted>)"#)
    }
}
