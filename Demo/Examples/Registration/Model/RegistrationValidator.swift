public import MVVMCore

/// The registration form's validator: shared by ``RegistrationViewModel`` and
/// ``RegistrationDriverViewModel``.
public typealias RegistrationValidator = FormValidator<RegistrationForm, RegistrationField>

extension FormValidator where Form == RegistrationForm, Field == RegistrationField {
    /// The registration rules, in the order their messages take precedence in the summary line:
    ///
    /// 1. every field must be filled in (``RegistrationText/blank``), as in the article;
    /// 2. a login id containing "@" must be shaped like an email address;
    /// 3. a login id the server said is taken fails (``RegistrationText/loginIDTaken``);
    /// 4. the password needs 8 characters or more, with an ASCII letter and an ASCII digit;
    /// 5. the confirmation must equal the password (``RegistrationText/passwordMismatch``).
    public static var registration: RegistrationValidator {
        RegistrationValidator {
            FieldRule.field(.loginID, \.loginID, .required(RegistrationText.blank))
            FieldRule.field(.password, \.password, .required(RegistrationText.blank))
            FieldRule.field(.passwordConfirmation, \.passwordConfirmation, .required(RegistrationText.blank))
            FieldRule(.loginID) { form in
                form.loginID.contains("@") ? emailShape.check(form.submittedLoginID) : nil
            }
            FieldRule(.loginID) { $0.isLoginIDKnownTaken ? RegistrationText.loginIDTaken : nil }
            FieldRule.field(
                .password, \.password,
                .minLength(8, RegistrationText.weakPassword),
                .custom(RegistrationText.weakPassword) { password in
                    password.contains { $0.isASCII && $0.isLetter } && password.contains { $0.isASCII && $0.isNumber }
                }
            )
            FieldRule.equal(.passwordConfirmation, \.passwordConfirmation, \.password, RegistrationText.passwordMismatch)
        }
    }

    private static var emailShape: ValidationRule<String> {
        .email(RegistrationText.invalidEmail)
    }
}
