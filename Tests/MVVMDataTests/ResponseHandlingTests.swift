import Foundation
import MVVMData
import MVVMDataTesting
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(2)))
struct ResponseHandlingTests {
    @Test func aSuccessDecodesTheDTO() async throws {
        let transport = StubTransport([.success(.json(#"{"id":1,"name":"Zoë","email":"zoe@example.com","isActive":true}"#))])
        let user = try await client(transport).send(.user(1))

        #expect(user == UserDTO(id: 1, name: "Zoë", email: "zoe@example.com", isActive: true))
        #expect(transport.requests.map(\.url.absoluteString) == ["https://api.example.com/v1/api/users/1"])
    }

    @Test func anUnacceptedStatusCarriesASanitisedExcerptOfTheBody() async {
        let body = "{\"error\":\"\u{1B}[2Jgone\u{7}\"}"
        let transport = StubTransport([.success(.json(status: 404, body))])

        let error = await failure { try await client(transport).send(.user(9)) }

        #expect(error == .httpStatus(404, bodyExcerpt: #"{"error":" [2Jgone "}"#, request: RequestSummary(method: .get, path: "/v1/api/users/9")))
        #expect(error?.kind == .notFound)
        #expect(error?.description == #"GET /v1/api/users/9: HTTP 404: {"error":" [2Jgone "}"#)
    }

    /// Issue 54: a 304 to a page (a request with no validator) read "Something went wrong", as if
    /// the app had sent a bad request: a status the server should not have answered is the
    /// server's answer being unusable, not the client's error.
    @Test(arguments: [304, 300, 101])
    func aStatusOtherThanAnErrorTheEndpointDoesNotTakeIsInvalidData(status: Int) async {
        let transport = StubTransport([.success(.json(status: status, ""))])
        let error = await failure { try await client(transport, retry: .none).send(.user(1)) }
        #expect(error?.status == status)
        #expect(error?.kind == .invalidData)
    }

    @Test func aLongBodyIsCutToTwoHundredCharacters() async {
        let transport = StubTransport([.success(.json(status: 500, String(repeating: "x", count: 5000)))])
        let error = await failure { try await client(transport, retry: .none).send(.user(1)) }

        guard case .httpStatus(500, let excerpt, _) = error else {
            Issue.record("expected HTTP 500, got \(String(describing: error))")
            return
        }
        #expect(excerpt == String(repeating: "x", count: 200) + "…")
    }

    @Test(arguments: [
        (#"{"id":"1","name":"A","email":"a@b.c","isActive":true}"#, DecodingFailure(path: "id", expected: "Int", reason: "Expected to decode Int but found a string instead.")),
        (#"{"id":1,"email":"a@b.c","isActive":true}"#, DecodingFailure(path: "name", expected: "a value", reason: "the key is missing")),
        (#"{"id":1,"name":null,"email":"a@b.c","isActive":true}"#, DecodingFailure(path: "name", expected: "String", reason: "found null or nothing")),
        (#"{"id":1,"name":"A""#, DecodingFailure(path: "", expected: "", reason: "the body is not valid JSON")),
    ])
    func decodingFailuresNameThePathAndTheExpectedType(body: String, expected: DecodingFailure) async {
        let transport = StubTransport([.success(.json(body))])
        let error = await failure { try await client(transport).send(.user(1)) }

        guard case .decoding(let failure, _) = error else {
            Issue.record("expected a decoding failure, got \(String(describing: error))")
            return
        }
        #expect(failure.path == expected.path)
        #expect(failure.expected == expected.expected)
        if expected.path.isEmpty || expected.expected != "Int" {
            #expect(failure.reason == expected.reason)
        }
        #expect(error?.kind == .invalidData)
    }

    @Test func nestedPathsUseDotsAndIndices() async {
        struct Page: Decodable, Sendable { var items: [UserDTO] }
        let body = #"{"items":[{"id":1,"name":"A","email":"a","isActive":true},{"id":2,"name":"B","email":"b","isActive":"yes"}]}"#
        let error = await failure { try await client(StubTransport([.success(.json(body))])).send(Endpoint<Page>.get("/api/users")) }

        guard case .decoding(let failure, _) = error else {
            Issue.record("expected a decoding failure, got \(String(describing: error))")
            return
        }
        #expect(failure.path == "items[1].isActive")
        #expect(failure.expected == "Bool")
    }

    @Test func anEmptyBodyOrANonJSONBodyIsAnInvalidResponse() async {
        let empty = StubTransport([.success(HTTPResponse(status: 200))])
        let html = StubTransport([.success(HTTPResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>".utf8)))])
        let summary = RequestSummary(method: .get, path: "/v1/api/users/1")

        #expect(await failure { try await client(empty).send(.user(1)) }
            == .invalidResponse("the body is empty, expected JSON for UserDTO", request: summary))
        #expect(await failure { try await client(html).send(.user(1)) }
            == .invalidResponse("expected JSON, got text/html", request: summary))
    }

    @Test func aVoidEndpointIgnoresTheBody() async throws {
        let transport = StubTransport([.success(HTTPResponse(status: 204))])
        try await client(transport).send(Endpoint<Void>.delete("/api/users/1"))
        #expect(transport.requests.map(\.method) == [.delete])
    }

    @Test func aVoidEndpointWithABodySendsItAsJSONAndReadsNoAnswer() async throws {
        let transport = StubTransport([.success(HTTPResponse(status: 204))])
        try await client(transport).send(Endpoint<Void>(.post, "/api/sessions/sign-out", body: ["refreshToken": "r1"]))
        let sent = try #require(transport.requests.first)
        #expect(sent.method == .post)
        #expect(sent.headers["Content-Type"] == "application/json")
        #expect(sent.body == Data(#"{"refreshToken":"r1"}"#.utf8))
    }

    @Test func transportFailuresAreTypedAndClassified() async {
        let summary = RequestSummary(method: .get, path: "/v1/api/users/1")
        let refused = StubTransport([.failure(.cannotConnect("refused"))])
        let slow = StubTransport([.failure(.timedOut)])

        let refusedError = await failure { try await client(refused, retry: .none).send(.user(1)) }
        let slowError = await failure { try await client(slow, retry: .none).send(.user(1)) }

        #expect(refusedError == .transport(.cannotConnect("refused"), request: summary))
        #expect(refusedError?.kind == .noConnection)
        #expect(slowError?.kind == .timeout)
    }
}

/// `onSuccess` says the server can be reached again (an app nudges its outbox there): called
/// for an accepted answer, never for a failure, so a failing server is never hammered.
@Suite(.timeLimit(.minutes(2)))
struct OnSuccessTests {
    @Test func calledForEachAcceptedAnswerAndNeverForAFailure() async {
        let successes = Mutex(0)
        let transport = StubTransport([
            .success(.json(#"{"id":1,"name":"Zoë","email":"zoe@example.com","isActive":true}"#)),
            .success(.json(status: 503, "{}")),
            .failure(.cannotConnect("refused")),
            .success(.json(#"{"id":1,"name":"A"}"#)),   // accepted status, but it does not decode
        ])
        var client = client(transport, retry: .none)
        client.onSuccess = { successes.withLock { $0 += 1 } }

        _ = try? await client.send(.user(1))
        #expect(successes.withLock { $0 } == 1)
        for _ in 0..<3 { _ = try? await client.send(.user(1)) }
        #expect(successes.withLock { $0 } == 1)
    }
}
