/// The texts the registration form shows, in one place.
public enum RegistrationMessages {
    /// A field is empty (the article's message).
    public static let blank = "空欄があります"
    /// The password and its confirmation differ (the article's message).
    public static let passwordMismatch = "パスワードが確認用と一致していません"
    /// Everything is valid (the article's message).
    public static let ready = "登録可能です"
    /// The login id contains "@" but is not shaped like an email address.
    public static let invalidEmail = "メールアドレスの形式が正しくありません"
    /// The password breaks the policy: 8 characters or more, with a letter and a digit.
    public static let weakPassword = "パスワードは8文字以上で、英字と数字を含めてください"
    /// The server said the login id is taken.
    public static let loginIDTaken = "このIDは既に使われています"
}
