@testable import DemoServer
import Foundation
import Hummingbird
import Testing

/// The pieces behind the avatar route, without a server: the identicons, the colours, the
/// `If-None-Match` check and the `malformed` fault's PNG.
@Suite("Avatars: identicons, tags and the malformed PNG")
struct IdenticonTests {
    @Test("No two of the first 1,000 users share both pattern and colour; every pattern has 4 to 11 of its 15 cells on")
    func distinct() {
        let identicons = (1...1_000).map { Identicon(userID: $0) }
        #expect(identicons.allSatisfy { (4...11).contains($0.cells.nonzeroBitCount) && $0.cells < 0x8000 })
        let keys = Set(identicons.map { "\($0.cells) \($0.color)" })
        #expect(keys.count == identicons.count)
    }

    @Test("The picture follows the id alone: the same value every time, one pinned")
    func pinned() throws {
        #expect(Identicon(userID: 17) == Identicon(userID: 17))
        // Integer arithmetic only (SplitMix64, HueColor): these hold on every platform.
        let first = Identicon(userID: 1)
        #expect(first.cells == 0x14A2)
        #expect(first.color == RGBImage.Color(red: 50, green: 53, blue: 190))
        #expect(try Identicon(userID: 17).png() == Identicon(userID: 17).png())
        #expect(try PNGFile(Data(Identicon(userID: 1).png())).width == 64)
    }

    @Test("Colours have every channel from 50 to 190: dark enough on the light background", arguments: [0, 59, 60, 120, 180, 240, 300, 359, 360, -1])
    func colors(hue: Int) {
        let color = HueColor.color(hue: hue)
        let channels = [color.red, color.green, color.blue].map(Int.init)
        #expect(channels.allSatisfy { (50...190).contains($0) })
        #expect(channels.contains(190) && channels.contains(50))
    }

    @Test("If-None-Match: the tag, weak or among others, or *, matches; another tag or a cut one does not")
    func ifNoneMatch() {
        let tag = #""avatar-17-0badcafe""#
        #expect(EntityTag.ifNoneMatch([tag], matches: tag))
        #expect(EntityTag.ifNoneMatch(["W/" + tag], matches: tag))
        #expect(EntityTag.ifNoneMatch([#""a", "b""#, " \(tag) "], matches: tag))
        #expect(EntityTag.ifNoneMatch([#""a",\#(tag)"#], matches: tag))
        #expect(EntityTag.ifNoneMatch(["*"], matches: tag))
        #expect(!EntityTag.ifNoneMatch([], matches: tag))
        #expect(!EntityTag.ifNoneMatch([#""avatar-17-0badcafd""#], matches: tag))
        #expect(!EntityTag.ifNoneMatch(["avatar-17-0badcafe"], matches: tag))
        #expect(!EntityTag.ifNoneMatch([#""avatar-17-0badcafe"#], matches: tag))
    }

    @Test("The malformed fault's PNG starts like one (signature, a 64×64 IHDR) and is not one")
    func malformedPNG() {
        let bytes = MalformedBody.png
        #expect(bytes.starts(with: PNGFile.signature))
        #expect(Array(bytes[12..<16]) == Array("IHDR".utf8))
        #expect(throws: PNGFile.Invalid.self) { try PNGFile(Data(bytes)) }
        #expect(MalformedBody.response(forPath: "/api/users/17/avatar").headers[.contentType] == "image/png")
        #expect(MalformedBody.response(forPath: "/api/users/17").headers[.contentType] == "application/json")
    }
}
