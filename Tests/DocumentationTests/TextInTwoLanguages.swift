// The Text in Two Languages article's code (MVVMCore.docc), compiled and run (SnippetCheckTests).
import Testing

// snippet: table
import MVVMCore

enum ProfileText {
    static let title = LocalizedText([.japanese: "プロフィール", .english: "Profile"])
    static func followers(_ count: Int) -> LocalizedText {
        LocalizedText([.japanese: "フォロワー \(count)人", .english: "\(count) followers"])
    }
}

struct ProfileState: Equatable, Sendable {
    var followers = 0
    var title: LocalizedText { ProfileText.followers(followers) }
}
// snippet end

@Test func theProfileTitleReadsInEachLanguage() {
    let state = ProfileState(followers: 3)
    // snippet: test
    #expect(state.title.resolved(in: .japanese) == "フォロワー 3人")
    #expect(state.title.resolved(in: .english) == "3 followers")
    // snippet end
}
