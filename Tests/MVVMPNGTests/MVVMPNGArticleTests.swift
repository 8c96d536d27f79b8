// The code of Sources/MVVMPNG/MVVMPNG.docc/MVVMPNG.md (its one ```swift block is the region
// below), run as the article describes it.
import Testing

// snippet: avatar
import Foundation
import MVVMPNG

/// The avatar in the file at `url`, or nil (with the reason printed) when it cannot be shown.
func avatar(at url: URL) -> PNGImage? {
    do {
        let data = try Data(contentsOf: url)
        // An avatar is small: refuse anything larger before decoding it.
        let limits = PNGImage.Limits(maximumWidth: 512, maximumHeight: 512, maximumPixelCount: 512 * 512)
        return try PNGImage(decoding: data, limits: limits)
    } catch let error as PNGError {
        print("Cannot show the avatar: \(error)")
        return nil
    } catch {
        print("Cannot read the avatar: \(error.localizedDescription)")
        return nil
    }
}
// snippet end

@Suite("The MVVMPNG article's example")
struct MVVMPNGArticleTests {
    @Test func theAvatarDecodesToRGBA() throws {
        let image = try #require(avatar(at: try Fixtures.folder.appending(path: "avatar-64.png")))
        #expect(image.width == 64 && image.height == 64)
        #expect(image.rgba.count == 64 * 64 * 4)
    }

    @Test func aFileThatIsNotAPNGGivesNoAvatar() throws {
        #expect(avatar(at: try Fixtures.folder.appending(path: "manifest.json")) == nil)
        #expect(avatar(at: try Fixtures.folder.appending(path: "no-such-file.png")) == nil)
    }
}
