import Foundation
import MVVMData
import Testing

/// What a response's header fields say about keeping it, read from a server that may be hostile
/// (issue 54): an entity tag of 60 KB was kept beside every picture, and a `Vary: *` answer was
/// kept and reused.
struct HTTPFreshnessTests {
    static func response(_ headers: [String: String]) -> HTTPResponse {
        HTTPResponse(status: 200, headers: headers)
    }

    @Test func aTagAndAMaxAgeAreRead() {
        let freshness = HTTPFreshness(Self.response(["ETag": #"W/"abc""#, "Cache-Control": "max-age=60"]))
        #expect(freshness == HTTPFreshness(entityTag: #"W/"abc""#, maxAge: .seconds(60)))
    }

    @Test func aTagLongerThanTheLimitIsNotKept() {
        let long = "\"" + String(repeating: "a", count: HTTPFreshness.maximumEntityTagLength - 2) + "\""
        #expect(HTTPFreshness(Self.response(["ETag": long])).entityTag == long, "at the limit: kept")
        let tooLong = "\"" + String(repeating: "a", count: 60_000) + "\""
        let freshness = HTTPFreshness(Self.response(["ETag": tooLong, "Cache-Control": "max-age=60"]))
        #expect(freshness.entityTag == nil, "60 KB: not kept; the next request asks for the whole value")
        #expect(freshness.maxAge == .seconds(60) && freshness.isStorable, "the value itself is still kept")
    }

    @Test(arguments: ["abc", "\"a\u{1B}[2Jb\"", "\"a\r\nX-Injected: 1\"", "\"a\"b\"", "W/abc"])
    func aTagThatIsNotAnEntityTagIsNotKept(tag: String) {
        #expect(HTTPFreshness(Self.response(["ETag": tag])).entityTag == nil)
    }

    @Test(arguments: ["*", "Accept-Encoding, *", " * "])
    func anAnswerThatVariesOnEverythingIsNotStored(vary: String) {
        // RFC 9111, 4.1: a stored response whose Vary has "*" never matches a later request.
        #expect(!HTTPFreshness(Self.response(["Vary": vary, "Cache-Control": "max-age=600"])).isStorable)
    }

    @Test func anAnswerThatVariesOnAHeaderIsStored() {
        #expect(HTTPFreshness(Self.response(["Vary": "Accept-Encoding", "Cache-Control": "max-age=600"])).isStorable)
    }

    // A server's caching headers are data from outside: read, bounded, never trusted.
    func freshness(_ cacheControl: String?, etag: String? = nil) -> HTTPFreshness {
        var headers: [String: String] = [:]
        headers["Cache-Control"] = cacheControl
        headers["ETag"] = etag
        return HTTPFreshness(Self.response(headers))
    }

    @Test func maxAgeAndEntityTagAreRead() {
        #expect(freshness("public, max-age=86400", etag: #"W/"a1""#) == HTTPFreshness(entityTag: #"W/"a1""#, maxAge: .seconds(86_400)))
        #expect(freshness("MAX-AGE = 60").maxAge == .seconds(60))
    }

    @Test func hostileOrMissingValuesAreNoFreshnessOrAtMostAYear() {
        #expect(freshness(nil).maxAge == .zero)
        #expect(freshness("max-age=abc").maxAge == .zero)
        #expect(freshness("max-age=-5").maxAge == .zero)
        #expect(freshness("max-age=").maxAge == .zero)
        #expect(freshness("max-age=99999999999999999999999999").maxAge == HTTPFreshness.maximumAge)
        #expect(freshness("max-age=4000000000").maxAge == HTTPFreshness.maximumAge)
        #expect(freshness("max-age=３６００").maxAge == .zero, "fullwidth digits are not a number here")
        #expect(freshness("no-cache, max-age=600").maxAge == .zero, "no-cache: revalidate every time")
        #expect(!freshness("no-store").isStorable)
        #expect(freshness("max-age=60", etag: "  ").entityTag == nil)
    }
}
