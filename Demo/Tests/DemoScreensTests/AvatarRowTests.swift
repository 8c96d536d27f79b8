import DemoScreens
import MVVMCore
import MVVMTerminal
import MVVMTesting
import Testing
import UserListFeature

/// Each row starts with its user's picture (2 cells of half blocks), or the user's initial where
/// there is no picture to draw: none, not loaded yet, or a terminal without colour.
struct AvatarRowTests {
    static let users = [
        User(id: 1, name: "Ann", email: "ann@example.com", isActive: true, avatarURL: "/api/users/1/avatar"),
        User(id: 7, name: "Åsa", email: "asa@example.com", isActive: true, avatarURL: nil),
        User(id: 8, name: "山田", email: "yamada@example.com", isActive: false, avatarURL: "/api/users/8/avatar"),
    ]
    /// 2 × 2 pixels: red over blue on the left, green over white on the right.
    static let picture = Avatar(width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])

    static func frame(colors: ColorSupport, ann: RowResource<Avatar> = .loaded(picture)) -> Frame {
        var state = UserListState.loaded(users)
        state.avatars.expect(ann, for: 1, source: "/api/users/1/avatar")
        state.avatars.expect(.loading, for: 8, source: "/api/users/8/avatar")
        var frame = Frame.japanese(width: 40, height: 10)
        frame.colorSupport = colors
        var ui = UserListUI()
        ui.selection = 2
        UserListView.render(state, ui: ui, into: &frame)
        return frame
    }

    @Test func aLoadedPictureIsDrawnInHalfBlocks() {
        let frame = Self.frame(colors: .trueColor)
        #expect(frame[4, 1] == Cell("▀", style: Style(foreground: .rgb(red: 255, green: 0, blue: 0), background: .rgb(red: 0, green: 0, blue: 255))))
        #expect(frame[4, 2] == Cell("▀", style: Style(foreground: .rgb(red: 0, green: 255, blue: 0), background: .rgb(red: 255, green: 255, blue: 255))))
        #expect(frame.line(4) == " ▀▀ ● Ann  <ann@example.com>")
    }

    @Test func rowsWithoutAPictureShowTheInitialDimWhileItLoads() {
        let frame = Self.frame(colors: .trueColor)
        #expect(frame.line(5) == " Å  ● Åsa  <asa@example.com>")
        #expect(frame.line(6) == " 山 ● 山田  <yamada@example.com>", "inactive: the same dot, in grey")
        #expect(frame[6, 1].style == Style(dim: true, inverse: true), "loading, on the selected row")
        #expect(frame[5, 1].style == .plain)
    }

    @Test func withoutColourEveryRowShowsItsInitial() {
        let frame = Self.frame(colors: .none)
        #expect(frame.line(4) == " A  ● Ann  <ann@example.com>")
        #expect(!FrameRenderer.renderText(from: nil, to: frame).contains("38;"))
        #expect(frame.line(6) == " 山 ○ 山田  <yamada@example.com>", "NO_COLOR: the shape says inactive")
    }

    @Test func aFailedPictureShowsTheInitial() {
        #expect(Self.frame(colors: .trueColor, ann: .failed(reason: "503")).line(4) == " A  ● Ann  <ann@example.com>")
    }
}
