import MVVMCore
import MVVMTerminal

extension Frame {
    /// A frame drawn in Japanese: what a reader of the articles sees (`LANG=ja_JP.UTF-8`).
    static func japanese(width: Int, height: Int) -> Frame {
        var frame = Frame(width: width, height: height)
        frame.language = .japanese
        return frame
    }
}
