/// The text the library itself shows: the buttons and fallbacks of ``Alert`` and
/// ``ErrorPresenter``, in Japanese (the articles' words) and English.
///
/// It was `CoreText`, the name of Apple's text-layout framework; no name of ours is an Apple
/// framework's (issue 51). The old name still compiles, deprecated.
public enum CommonText {
    /// An alert's button that closes it: OK in both (the article's `"OK"`).
    public static let ok = LocalizedText([.japanese: "OK", .english: "OK"])
    /// The button that tries again.
    public static let retry = LocalizedText([.japanese: "再試行", .english: "Retry"])
    /// The button that closes a question without acting.
    public static let cancel = LocalizedText([.japanese: "キャンセル", .english: "Cancel"])
    /// An error's title when it brings none (the article's alert: エラー).
    public static let errorTitle = LocalizedText([.japanese: "エラー", .english: "Error"])
    /// No connection: article 000's "ネットワークエラー: …".
    public static let networkError = LocalizedText([
        .japanese: "ネットワークエラー: サーバーに接続できません", .english: "Network error: the server cannot be reached",
    ])
    /// The server failed (without its status code).
    public static let serverError = LocalizedText([
        .japanese: "サーバーエラーが発生しました。しばらくしてから、もう一度お試しください。",
        .english: "The server failed. Please try again later.",
    ])
    /// A request was called off.
    public static let cancelled = LocalizedText([.japanese: "キャンセルしました", .english: "Cancelled"])
    /// The message for an error nothing recognises.
    public static let unknownError = LocalizedText([
        .japanese: "問題が発生しました。もう一度お試しください。",
        .english: "Something went wrong. Please try again.",
    ])
}
