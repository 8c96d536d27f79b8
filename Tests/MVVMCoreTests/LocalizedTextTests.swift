import MVVMCore
import Testing

/// Text a person reads: chosen by the user's locale as POSIX orders it, in one language per
/// screen, English when the locale names none.
struct LocalizedTextTests {
    @Test(arguments: [
        ([:], "en"),
        (["LANG": "ja_JP.UTF-8"], "ja"),
        (["LANG": "en_US.UTF-8"], "en"),
        (["LANG": "C"], "en"),
        (["LANG": "POSIX"], "en"),
        (["LANG": "C.UTF-8"], "en"),
        (["LANG": ""], "en"),
        (["LANG": "ja_JP.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"], "en"),
        (["LANG": "en_US.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8", "LC_ALL": "ja_JP.eucJP"], "ja"),
        (["LC_ALL": "", "LANG": "ja_JP.UTF-8"], "ja"),
        (["LANG": "ja"], "ja"),
        (["LANG": "fr_FR@euro"], "fr"),
        (["LANG": "\u{1B}[31m"], "en"),
        (["LANG": "12_34"], "en"),
    ] as [([String: String], String)])
    func theLanguageFollowsLCAllThenLCMessagesThenLang(environment: [String: String], code: String) {
        #expect(Language.preferred(environment: environment).code == code)
    }

    @Test func eachLanguageGetsItsTextAndOthersTheEnglishOne() {
        let title = LocalizedText([.japanese: "ユーザー", .english: "Users"])
        #expect(title.resolved(in: .japanese) == "ユーザー")
        #expect(title.resolved(in: .english) == "Users")
        #expect(title.resolved(in: Language("fr")) == "Users", "no French: English")
        #expect(LocalizedText([.japanese: "天気"]).resolved(in: .english) == "天気", "no English: the first written")
        #expect(title.description == "Users")
    }

    @Test func aLiteralReadsTheSameInEveryLanguage() {
        let name: LocalizedText = "Ann Lee"
        #expect(name.isVerbatim)
        #expect(name.resolved(in: .japanese) == "Ann Lee")
        #expect(name.resolved(in: .english) == "Ann Lee")
        #expect(LocalizedText(verbatim: "42") == "42")
    }

    @Test func interpolationKeepsEachLanguageInItsOwn() {
        let error = LocalizedText([.japanese: "エラー", .english: "Error"])
        let code = 503
        let text: LocalizedText = "\(error): \(code)"
        #expect(text.resolved(in: .japanese) == "エラー: 503")
        #expect(text.resolved(in: .english) == "Error: 503")
        let joined = error + LocalizedText(verbatim: "!")
        #expect(joined.resolved(in: .japanese) == "エラー!")
        #expect(joined.resolved(in: .english) == "Error!")
        #expect(!joined.isVerbatim)
    }

    @Test func theLibrarysOwnTextIsInBothLanguages() {
        for text in [CommonText.ok, CommonText.retry, CommonText.cancel, CommonText.errorTitle, CommonText.unknownError, CommonText.networkError] {
            #expect(!text.isVerbatim)
            #expect(!text.resolved(in: .japanese).isEmpty && !text.resolved(in: .english).isEmpty)
        }
        #expect(CommonText.errorTitle.resolved(in: .japanese) == "エラー")
        #expect(CommonText.retry.resolved(in: .japanese) == "再試行")
        #expect(CommonText.cancel.resolved(in: .japanese) == "キャンセル")
    }
}
