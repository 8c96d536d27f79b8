import MVVMCore
import MVVMTerminal
import Testing

struct WidgetSnapshotTests {
    @Test func listKeepsTheSelectionVisible() {
        var frame = Frame(width: 12, height: 3)
        let list = ListView(rows: (0..<10).map { "row \($0)" }, selection: 7, scrollOffset: 0)
        let offset = list.draw(into: &frame, in: Rect(frame))
        #expect(offset == 5)
        #expect(frame.text == "row 5\nrow 6\nrow 7")
        #expect(frame[2, 11].style.inverse)
        #expect(!frame[1, 0].style.inverse)
    }

    @Test func listScrollOffsetMovesAsLittleAsPossible() {
        #expect(ListView.scrollOffset(keeping: 3, visibleRows: 5, from: 2, count: 10) == 2)
        #expect(ListView.scrollOffset(keeping: 1, visibleRows: 5, from: 2, count: 10) == 1)
        #expect(ListView.scrollOffset(keeping: 9, visibleRows: 5, from: 0, count: 10) == 5)
        #expect(ListView.scrollOffset(keeping: nil, visibleRows: 5, from: 8, count: 10) == 5)
        #expect(ListView.scrollOffset(keeping: 0, visibleRows: 0, from: 3, count: 10) == 0)
    }

    @Test func textFieldWithCursorAndPlaceholder() {
        var frame = Frame(width: 20, height: 3)
        TextField(label: "検索: ", text: "山田", isFocused: true).draw(into: &frame, in: Rect(row: 0, column: 0, width: 20, height: 1))
        TextField(label: "Name: ", text: "", placeholder: "your name").draw(into: &frame, in: Rect(row: 1, column: 0, width: 20, height: 1))
        TextField(label: "> ", text: "abcdefghijklmnop", isFocused: true).draw(into: &frame, in: Rect(row: 2, column: 0, width: 10, height: 1))
        #expect(frame.text == "検索: 山田▏\nName: your name\n> jklmnop▏")
    }

    /// A field keeps the end of a long text in view, wide characters counted by their columns:
    /// the longest end that fits. The text's length costs one pass over what is shown (issue 54,
    /// M1: a saved search of 20,000 characters took 19.6 s to draw the first frame, measured in
    /// tmux, when the field dropped one character at a time and measured the rest again).
    @Test func aLongTextKeepsItsEndInView() {
        var frame = Frame(width: 20, height: 1)
        let text = String(repeating: "ab山", count: 7_000)
        TextField(label: "> ", text: text, isFocused: true).draw(into: &frame, in: Rect(row: 0, column: 0, width: 20, height: 1))
        #expect(frame.text == "> ab山ab山ab山ab山▏", "17 columns of room: 16 fit, another 山 would not")
    }

    @Test func formFieldShowsItsValidationMessage() {
        var frame = Frame(width: 30, height: 2)
        FormField(field: TextField(label: "Email: ", text: "a@"), message: "メールアドレスが不正です")
            .draw(into: &frame, in: Rect(row: 0, column: 0, width: 30, height: 2))
        #expect(frame.text == "Email: a@\n  メールアドレスが不正です")
        #expect(frame[1, 2].style.foreground == .red)
    }

    @Test func segmentedControlBracketsTheSelection() {
        var frame = Frame(width: 30, height: 1)
        SegmentedControl(options: ["All", "Active", "Inactive"], selection: 1)
            .draw(into: &frame, at: Position(row: 0, column: 0), maxWidth: 30)
        #expect(frame.text == " All  [Active]  Inactive")
        #expect(frame[0, 6].style.inverse)
    }

    @Test func spinnerFrameComesFromTheTick() {
        #expect(Spinner.frame(tick: 0) == "⠋")
        #expect(Spinner.frame(tick: 11) == "⠙")
        #expect(Spinner.frame(tick: -1) == "⠏")
        var frame = Frame(width: 20, height: 1)
        Spinner.draw(into: &frame, at: Position(row: 0, column: 1), tick: 2, label: "Loading…")
        #expect(frame.text == " ⠹ Loading…")
    }

    @Test func dialogIsACentredBox() {
        var frame = Frame(width: 24, height: 7)
        Dialog(title: "Delete", message: "Delete 山田?", buttons: ["y Yes", "n No"]).draw(into: &frame)
        #expect(frame.text == [
            "",
            "    ┌─ Delete ─────┐",
            "    │ Delete 山田? │",
            "    │              │",
            "    │ y Yes  n No  │",
            "    └──────────────┘",
            "",
        ].joined(separator: "\n"))
    }

    @Test func statusBarAndEmptyState() {
        var frame = Frame(width: 20, height: 5)
        EmptyState.draw(into: &frame, in: Rect(row: 0, column: 0, width: 20, height: 4), message: "No users")
        StatusBar.draw(into: &frame, items: ["q Back", "r Refresh"])
        #expect(frame.text == "\n\n      No users\n\n q Back  r Refresh")
        #expect(frame[4, 19].style.inverse)
    }

    /// Key hints are text: the frame's language picks each item's words.
    @Test func statusBarItemsInTheFramesLanguage() {
        let items = [LocalizedText([.japanese: "q 戻る", .english: "q Back"]), LocalizedText([.japanese: "r 更新", .english: "r Refresh"])]
        var japanese = Frame(width: 20, height: 1)
        japanese.language = .japanese
        StatusBar.draw(into: &japanese, items: items)
        #expect(japanese.text == " q 戻る  r 更新")
        var english = Frame(width: 20, height: 1)
        StatusBar.draw(into: &english, items: items)
        #expect(english.text == " q Back  r Refresh", "English by default")
    }

    /// An alert's title, message and buttons are drawn in the frame's language.
    @Test func anAlertInEachLanguage() {
        enum Event: Hashable, Sendable { case ok, retry }
        let alert = Alert<Event>(ErrorPresentation(title: CommonText.errorTitle, message: "503", isRetryable: true), dismiss: .ok, retry: .retry)
        var japanese = Frame(width: 30, height: 5)
        japanese.language = .japanese
        alert.draw(into: &japanese)
        #expect(japanese.text.contains("─ エラー ─"))
        #expect(japanese.text.contains("n OK  y 再試行"))
        var english = Frame(width: 30, height: 5)
        alert.draw(into: &english)
        #expect(english.text.contains("─ Error ─"))
        #expect(english.text.contains("n OK  y Retry"))
    }
}
