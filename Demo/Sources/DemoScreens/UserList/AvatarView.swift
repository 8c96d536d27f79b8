import MVVMCore
import MVVMTerminal
import UserListFeature

/// Draws a user's picture: in half blocks when it is loaded and the terminal shows colour,
/// else the user's initial (what a terminal without colour, `NO_COLOR` or `TERM=dumb`, always
/// shows).
enum AvatarView {
    /// Draws `avatar` (the picture of the user called `name`) into `rect`; the initial, if drawn,
    /// in `style`.
    static func draw(_ avatar: RowResource<Avatar>, name: String, into frame: inout Frame, in rect: Rect, style: Style = .plain) {
        if let picture = avatar.resource, frame.colorSupport != .none {
            HalfBlockImage(width: picture.width, height: picture.height, rgba: picture.rgba).draw(into: &frame, in: rect)
            return
        }
        let initial = initial(of: name)
        var initialStyle = style
        if case .loading = avatar { initialStyle.dim = true }
        frame.put(initial, at: rect.origin, style: initialStyle, maxWidth: rect.width)
    }

    /// The first letter of `name`, upper-cased (`?` when it has none): what stands for the picture.
    static func initial(of name: String) -> String {
        name.first { $0.isLetter }.map { String($0).uppercased() } ?? "?"
    }

    /// What the detail says of the picture, beside it.
    static func caption(_ avatar: RowResource<Avatar>, user: User) -> LocalizedText {
        switch avatar {
        case .loaded(let picture): "\(picture.width)×\(picture.height)"
        case .loading: UserListText.avatarLoading
        case .failed: UserListText.avatarFailed
        case .placeholder: user.avatarPath == nil ? UserListText.avatarNone : "—"
        }
    }
}
