/// The fields of the registration form.
public enum RegistrationField: Hashable, Sendable, CaseIterable {
    /// The login id: an id such as `taro_1`, or an email address.
    case loginID
    /// The password.
    case password
    /// The password, typed again.
    case passwordConfirmation
}
