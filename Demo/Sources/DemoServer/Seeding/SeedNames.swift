/// The name lists the seeder draws from: Japanese (kanji and kana), accented Latin and plain ASCII.
enum SeedNames {
    static let japaneseFamily: [SeedName] = [
        .init("山田", "yamada"), .init("佐藤", "sato"), .init("鈴木", "suzuki"), .init("高橋", "takahashi"),
        .init("田中", "tanaka"), .init("伊藤", "ito"), .init("渡辺", "watanabe"), .init("中村", "nakamura"),
        .init("小林", "kobayashi"), .init("加藤", "kato"), .init("吉田", "yoshida"), .init("山本", "yamamoto"),
        .init("松本", "matsumoto"), .init("井上", "inoue"), .init("木村", "kimura"), .init("林", "hayashi"),
        .init("清水", "shimizu"), .init("斎藤", "saito"), .init("森", "mori"), .init("池田", "ikeda"),
    ]

    static let japaneseGivenKanji: [SeedName] = [
        .init("太郎", "taro"), .init("花子", "hanako"), .init("一郎", "ichiro"), .init("健太", "kenta"),
        .init("美咲", "misaki"), .init("翔太", "shota"), .init("陽菜", "hina"), .init("大輔", "daisuke"),
        .init("由美", "yumi"), .init("拓海", "takumi"), .init("結衣", "yui"), .init("蓮", "ren"),
        .init("葵", "aoi"), .init("直樹", "naoki"), .init("恵子", "keiko"),
    ]

    static let japaneseGivenKana: [SeedName] = [
        .init("さくら", "sakura"), .init("ひなた", "hinata"), .init("あおい", "aoi"), .init("ゆうき", "yuki"),
        .init("はると", "haruto"), .init("みゆ", "miyu"), .init("ユウキ", "yuki"), .init("ケンジ", "kenji"),
        .init("アヤカ", "ayaka"), .init("ハルカ", "haruka"), .init("ソラ", "sora"), .init("メイ", "mei"),
    ]

    static let accentedGiven: [SeedName] = [
        .init("José", "jose"), .init("Zoë", "zoe"), .init("François", "francois"), .init("Renée", "renee"),
        .init("Björn", "bjorn"), .init("Søren", "soren"), .init("Chloé", "chloe"), .init("Ángel", "angel"),
        .init("Anaïs", "anais"), .init("Noël", "noel"), .init("Inés", "ines"), .init("Łukasz", "lukasz"),
        .init("Mikaël", "mikael"), .init("Åsa", "asa"), .init("Gaël", "gael"), .init("Jürgen", "jurgen"),
    ]

    static let accentedFamily: [SeedName] = [
        .init("Álvarez", "alvarez"), .init("Müller", "muller"), .init("Lefèvre", "lefevre"),
        .init("Ångström", "angstrom"), .init("Núñez", "nunez"), .init("Dvořák", "dvorak"),
        .init("Šimić", "simic"), .init("Ørsted", "orsted"), .init("García", "garcia"), .init("Pérez", "perez"),
        .init("Brontë", "bronte"), .init("Gonçalves", "goncalves"), .init("Sánchez", "sanchez"),
        .init("Kovačević", "kovacevic"), .init("Jørgensen", "jorgensen"), .init("Fernández", "fernandez"),
    ]

    static let plainGiven: [SeedName] = [
        .init("John", "john"), .init("Emma", "emma"), .init("Liam", "liam"), .init("Olivia", "olivia"),
        .init("Noah", "noah"), .init("Ava", "ava"), .init("James", "james"), .init("Mia", "mia"),
        .init("Lucas", "lucas"), .init("Grace", "grace"), .init("Oliver", "oliver"), .init("Ella", "ella"),
    ]

    static let plainFamily: [SeedName] = [
        .init("Smith", "smith"), .init("Brown", "brown"), .init("Johnson", "johnson"), .init("Taylor", "taylor"),
        .init("Wilson", "wilson"), .init("Davis", "davis"), .init("Clark", "clark"), .init("Lewis", "lewis"),
        .init("Walker", "walker"), .init("Young", "young"), .init("Hall", "hall"), .init("King", "king"),
    ]

    /// The first users, the same for every seed size of at least their count, so the demo and the
    /// tests can rely on them: given name, family name, and whether the family name comes first.
    static let showcase: [(given: SeedName, family: SeedName, familyFirst: Bool)] = [
        (.init("太郎", "taro"), .init("山田", "yamada"), true),
        (.init("José", "jose"), .init("Álvarez", "alvarez"), false),
        (.init("花子", "hanako"), .init("佐藤", "sato"), true),
        (.init("Zoë", "zoe"), .init("Müller", "muller"), false),
        (.init("一郎", "ichiro"), .init("鈴木", "suzuki"), true),
        (.init("François", "francois"), .init("Lefèvre", "lefevre"), false),
        (.init("Anders", "anders"), .init("Ångström", "angstrom"), false),
        (.init("John", "john"), .init("Smith", "smith"), false),
        (.init("さくら", "sakura"), .init("田中", "tanaka"), true),
    ]
}
