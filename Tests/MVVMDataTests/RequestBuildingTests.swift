import Foundation
import MVVMData
import MVVMDataTesting
import Testing

struct RequestBuildingTests {
    let client = APIClient(baseURL: baseURL, transport: StubTransport([]))

    @Test func pathsAppendToTheBaseURLAndNilQueryItemsAreLeftOut() throws {
        let request = try client.makeRequest(for: Endpoint<UserDTO>.get("/api/users", query: ["page": "2", "q": "山田 太郎&x", "status": nil]))

        #expect(request.url.absoluteString == "https://api.example.com/v1/api/users?page=2&q=%E5%B1%B1%E7%94%B0%20%E5%A4%AA%E9%83%8E%26x")
        #expect(request.method == .get)
        #expect(request.headers == ["Accept": "application/json"])
        #expect(request.body == nil)
        #expect(request.timeout == .seconds(30))
    }

    @Test func aJSONBodyIsEncodedWithItsContentType() throws {
        struct Change: Encodable, Sendable { var isActive: Bool }
        let request = try client.makeRequest(for: Endpoint<UserDTO>.patch("/api/users/3", body: Change(isActive: false)))

        #expect(request.method == .patch)
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == #"{"isActive":false}"#)
        #expect(request.header("content-type") == "application/json")
    }

    @Test func aPathWithoutLeadingSlashIsATypedErrorNotACrash() {
        #expect(throws: APIError.invalidRequest(#"the path "api/users" must start with "/""#)) {
            try client.makeRequest(for: Endpoint<UserDTO>.get("api/users"))
        }
    }

    @Test func aBaseURLThatIsNotHTTPIsRejected() {
        let ftp = APIClient(baseURL: URL(string: "ftp://example.com")!, transport: StubTransport([]))
        #expect(throws: APIError.invalidRequest(#"the base URL "ftp://example.com" is not an http(s) URL with a host"#)) {
            try ftp.makeRequest(for: Endpoint<UserDTO>.get("/x"))
        }
    }

    @Test func aBodyThatCannotBeEncodedIsATypedError() {
        struct Bad: Encodable, Sendable { var value = Double.nan }
        #expect(throws: APIError.self) {
            try client.makeRequest(for: Endpoint<UserDTO>.post("/api/users", body: Bad()))
        }
    }

    @Test func endpointHeadersOverrideDefaultsAndMethodsKnowIdempotence() throws {
        var endpoint = Endpoint<UserDTO>(.post, "/api/users", query: [:], headers: ["Accept": "application/vnd.demo+json"])
        #expect(!endpoint.isIdempotent)
        endpoint.isIdempotent = true
        let request = try client.makeRequest(for: endpoint)

        #expect(request.headers["Accept"] == "application/vnd.demo+json")
        let idempotence = [HTTPMethod.get, .head, .put, .delete, .options, .post, .patch].map(\.isIdempotent)
        #expect(idempotence == [true, true, true, true, true, false, false])
        #expect(HTTPMethod(rawValue: "get") == .get)
    }
}
