import Foundation
import MVVMData
import Testing

/// Which redirects `APIClient` follows: a read's, within its origin (scheme, host and port).
/// (The redirects themselves, over both transports, are in the Demo package's `RedirectTests`.)
@Suite struct RedirectOriginTests {
    @Test func theSameOriginIsSchemeHostAndPort() {
        let base = URL(string: "http://127.0.0.1:8080/a")!
        #expect(Redirect.isSameOrigin(base, URL(string: "HTTP://127.0.0.1:8080/b")!))
        #expect(!Redirect.isSameOrigin(base, URL(string: "http://127.0.0.1:8081/a")!))
        #expect(!Redirect.isSameOrigin(base, URL(string: "https://127.0.0.1:8080/a")!))
        #expect(!Redirect.isSameOrigin(base, URL(string: "http://localhost:8080/a")!))
        #expect(Redirect.isSameOrigin(URL(string: "http://x/a")!, URL(string: "http://x:80/b")!))
    }

    @Test func aLoopIsFollowedFiveHopsAtMost() {
        #expect(Redirect.maximumHops == 5)
    }
}
