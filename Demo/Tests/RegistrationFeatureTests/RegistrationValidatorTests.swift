import MVVMCore
import RegistrationFeature
import Testing

/// The shared rules, one value at a time.
struct RegistrationValidatorTests {
    func feedback(loginID: String = "mika", password: String = "secret123", confirmation: String? = nil, taken: Set<String> = []) -> RegistrationFeedback {
        RegistrationFeedback(RegistrationForm(
            loginID: loginID, password: password, passwordConfirmation: confirmation ?? password, takenLoginIDs: taken
        ))
    }

    @Test(arguments: ["secret12", "12345abc", "Passw0rd", "a1234567", "pass word 1", "パスワードabc12345"])
    func passwordsWithEightCharactersALetterAndADigitPass(password: String) {
        #expect(feedback(password: password).password == .ok)
    }

    @Test(arguments: ["secret1", "abcdefgh", "12345678", "ａｂｃｄ１２３４", "パスワード1234", "        "])
    func otherPasswordsFailThePolicy(password: String) {
        let expected: FieldStatus = password.allSatisfy(\.isWhitespace) ? .error(Fixture.blank.text) : .error(Fixture.weakPassword)
        #expect(feedback(password: password).password == expected)
    }

    @Test(arguments: ["mika@example.jp", " mika@example.jp ", "m.i-ka+1@mail.example.co.jp"])
    func loginIDsWithAnAtMustBeEmailAddresses(loginID: String) {
        #expect(feedback(loginID: loginID).loginID == .ok)
    }

    @Test(arguments: ["mika@", "@example.jp", "mika@example", "mika@@example.jp", "mi ka@example.jp", "mika@.example.jp"])
    func malformedEmailAddressesFail(loginID: String) {
        let result = feedback(loginID: loginID)
        #expect(result.loginID == .error(Fixture.invalidEmail))
        #expect(result.summary == FormSummary(text: Fixture.invalidEmail, isOK: false))
    }

    @Test(arguments: ["taro", "taro_1", "たろう", "TARO"])
    func plainIDsNeedOnlyToBeFilledIn(loginID: String) {
        #expect(feedback(loginID: loginID).loginID == .ok)
    }

    @Test func aKnownTakenIDFailsInAnyCaseAndSpacing() {
        #expect(feedback(loginID: " Mika ", taken: ["mika"]).loginID == .error(Fixture.taken))
        #expect(feedback(loginID: "mika2", taken: ["mika"]).loginID == .ok)
    }

    @Test func theSummaryShowsBlankFirstThenTheFirstFieldProblemThenTheMismatch() {
        #expect(feedback(loginID: "", password: "short", confirmation: "x").summary == Fixture.blank)
        #expect(feedback(loginID: "mika@", password: "short", confirmation: "x").summary.text == Fixture.invalidEmail)
        #expect(feedback(loginID: "mika", password: "short", confirmation: "x").summary.text == Fixture.weakPassword)
        #expect(feedback(loginID: "mika", password: "secret123", confirmation: "secret12").summary == Fixture.mismatch)
        #expect(feedback().summary == Fixture.ready)
        #expect(feedback().isValid)
    }
}
