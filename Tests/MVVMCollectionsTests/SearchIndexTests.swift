import MVVMTestSupport
import Foundation
import MVVMCollections
import MVVMTesting
import Testing

struct SearchIndexTests {
    static let corpus = [
        "Straße Müller strasse@example.de", "José Álvarez jose@example.com", "山田 太郎 taro.yamada@example.jp",
        "Zoë Ångström zoe@example.se", "ﬁle clerk Fiona fiona@example.com", "ΣΊΣΥΦΟΣ sisyphus@example.gr",
        "Ann Lee ann@example.com", "佐藤 花子 hanako@example.jp", "François Lefèvre francois@example.fr",
        "BOB SMITH bob@EXAMPLE.com", "カタカナ テスト kana@example.jp", "Dvořák Antonín dvorak@example.cz",
    ]

    @Test func matchesAreCaseInsensitiveWithFullCaseFolding() {
        let index = SearchIndex(Self.corpus)

        #expect(index.matches("STRASSE") == [0])
        #expect(index.matches("straße") == [0])
        #expect(index.matches("FI") == [4])
        #expect(index.matches("σίσυφος") == [5])
        #expect(index.matches("bob@example") == [9])
        #expect(index.matches("太郎") == [2])
        #expect(index.matches("example.jp") == [2, 7, 10])
    }

    @Test func diacriticsMatchOnlyWhenAskedTo() {
        let plain = SearchIndex(Self.corpus)
        let folded = SearchIndex(Self.corpus, options: [.diacriticInsensitive])

        #expect(plain.matches("jose a") == [])
        #expect(plain.matches("josé á") == [1])
        #expect(folded.matches("jose alvarez") == [1])
        #expect(folded.matches("angstrom") == [3])
    }

    @Test func aMatchNeverStartsOrEndsInsideOneCharactersFolding() {
        let index = SearchIndex(["ß", "ßw", "aßb", "öß", "ﬁ"])

        #expect(index.matches("s") == [])
        #expect(index.matches("sw") == [])
        #expect(index.matches("ss") == [0, 1, 2, 3])
        #expect(index.matches("ßb") == [2])
        #expect(index.matches("as") == [])
        #expect(index.matches("ö") == [3])
        #expect(index.matches("fi") == [4])
        #expect(index.matches("f") == [])
    }

    @Test func anEmptyQueryMatchesEverythingAndNoMatchSpansTwoTexts() {
        let index = SearchIndex(["ab", "cd"])
        #expect(index.matches("") == [0, 1])
        #expect(index.matches("bc") == [])
        #expect(index.matches("b") == [0])
    }

    /// Found by Fuzz/ (search-index): texts are stored folded, each followed by a 0 byte, and a
    /// query containing U+0000 matched across that separator ("b\0c" in "ab", "cd").
    @Test func aQueryContainingNULNeverMatchesAcrossTwoTexts() {
        let index = SearchIndex(["ab", "cd", "x\u{0}y"])
        #expect(index.matches("b\u{0}c") == [])
        #expect(index.matches("\u{0}") == [2])
        #expect(index.matches("\u{0}c") == [])
        #expect(index.matches("x\u{0}") == [2])
        #expect(index.matches("x\u{0}Y") == [2])
        #expect(index.contains("b\u{0}", at: 0) == false)

        // The fuzzer's input: a NUL and a replacement character, with diacritic folding.
        let fuzzed = SearchIndex(["ang\u{FFFD}\u{FFFD}", "\u{FFFD}\u{FFFD}"], options: [.diacriticInsensitive])
        #expect(fuzzed.matches("\u{0}\u{FFFD}") == [])
    }

    @Test func appendRemoveAndReplaceKeepPositionsInStep() {
        var index = SearchIndex(["alpha", "beta", "gamma"])
        index.append("delta")
        #expect(index.matches("a") == [0, 1, 2, 3])

        index.remove(at: 1)
        #expect(index.count == 3)
        #expect(index.matches("ta") == [2])
        #expect(index.matches("gam") == [1])

        index.replace(at: 0, with: "Omega")
        #expect(index.matches("OMEGA") == [0])
        #expect(index.matches("alpha") == [])
        #expect(index.contains("delta", at: 2))

        index.remove(at: 10)   // out of range: nothing
        #expect(index.count == 3)
        #expect(index == SearchIndex(["Omega", "gamma", "delta"]))   // edited equals built
    }

    @Test(arguments: [UInt64(7), 42, 1234])
    func randomQueriesGiveExactlyTheResultsOfLocalizedCaseInsensitiveContains(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        // No ß in random strings: next to accented letters, Foundation on Linux reports matches
        // that ignore the accent ("és" in "Eß"), a quirk of its expansion handling that real
        // names do not hit. ß is covered by the fixed corpus and the tests above.
        let alphabet = Array("abcdeéfghijklmnoöpqrstuvwxyzABCDEÉÖSZ @.山田太郎花子ファイル")
        var texts = Self.corpus
        for _ in 0..<200 {
            texts.append(String((0..<Int.random(in: 3...24, using: &random)).map { _ in alphabet.randomElement(using: &random)! }))
        }
        let index = SearchIndex(texts)
        for _ in 0..<1000 {
            let query: String
            if Bool.random(using: &random), let text = texts.randomElement(using: &random), text.count > 2 {
                let characters = Array(text)
                let start = Int.random(in: 0..<(characters.count - 1), using: &random)
                let length = Int.random(in: 1...min(5, characters.count - start), using: &random)
                let slice = String(characters[start..<(start + length)])
                query = Bool.random(using: &random) ? slice.uppercased() : slice
            } else {
                query = String((0..<Int.random(in: 1...3, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            }
            let expected = texts.indices.filter { texts[$0].localizedCaseInsensitiveContains(query) }
            let actual = index.matches(query)
            let differing = Set(actual).symmetricDifference(expected).sorted().map { texts[$0].debugDescription }
            #expect(actual == expected, "query \(query.debugDescription), differing texts: \(differing)")
        }
    }

    /// Expansions (ß → ss, ﬁ → fi) make interior offsets, which the scan walks with a
    /// forward-only cursor. This checks that walk against an independent oracle: a text matches
    /// when the foldings of some run of its characters, concatenated, equal the folded query.
    @Test(arguments: [UInt64(11), 9001])
    func randomQueriesOverExpandingCharactersMatchACharacterRunOracle(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let alphabet = Array("sSßẞfiﬁ ﬂlaAé")
        let fold: (String) -> String = { $0.folding(options: [.caseInsensitive], locale: nil).precomposedStringWithCanonicalMapping }
        var texts: [String] = []
        for _ in 0..<300 {
            texts.append(String((0..<Int.random(in: 1...16, using: &random)).map { _ in alphabet.randomElement(using: &random)! }))
        }
        let index = SearchIndex(texts)
        let foldedCharacters = texts.map { $0.map { Array(fold(String($0)).utf8) } }
        for _ in 0..<500 {
            let query = String((0..<Int.random(in: 1...4, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            let needle = Array(fold(query).utf8)
            let expected = texts.indices.filter { position in
                let folded = foldedCharacters[position]
                return folded.indices.contains { start in
                    var run: [UInt8] = []
                    for character in folded[start...] {
                        run += character
                        if run.count >= needle.count { return run == needle }
                    }
                    return false
                }
            }
            #expect(index.matches(query) == expected, "query \(query.debugDescription)")
        }
    }

    /// `contains(_:at:)` scans one text; it answers as `matches(_:)` does for every text, query
    /// and option (a match inside one character's folding, a query of one byte, the last text).
    @Test func containsAtAnswersAsMatchesDoes() {
        let queries = ["s", "ss", "strasse", "ß", "jose", "JOSÉ", "fi", "le", "太郎", "example", "ｅｘａｍｐｌｅ", "zoe", "σίσυφος", "", "@example.c", "z"]
        for options in [SearchIndex.Options(), [.diacriticInsensitive], [.diacriticInsensitive, .widthInsensitive]] {
            let index = SearchIndex(Self.corpus, options: options)
            for query in queries {
                let found = Set(index.matches(query))
                for position in Self.corpus.indices {
                    #expect(index.contains(query, at: position) == found.contains(position), "\(query.debugDescription) at \(position), \(options)")
                }
            }
        }
    }
}
