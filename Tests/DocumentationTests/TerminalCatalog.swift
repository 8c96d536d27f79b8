// The Widget Catalog article's code (MVVMTerminal.docc/WidgetCatalog.md): each widget drawn into
// a frame, and the exact rows it draws (SnippetCheckTests keeps the article equal to this file).
import Foundation
import MVVMCore
import MVVMTerminal
import Testing

@Suite
struct TerminalWidgetCatalogTests {
    // snippet: frame
    @Test func aFrameIsAGridOfCellsThatTextIsPutInto() {
        var frame = Frame(width: 10, height: 2)
        frame.put("Tea menu", at: Position(row: 0, column: 0), style: Style(bold: true))
        let drawn = frame.put("抹茶ラテ", at: Position(row: 1, column: 0), maxWidth: 7)

        #expect(frame.text == """
            Tea menu
            抹茶ラ
            """)
        #expect(drawn == 6)                   // テ does not fit in 7 columns: it is left out
        #expect(frame[0, 0].style.bold)
        #expect(frame[1, 1].isContinuation)   // the right half of 抹
    }
    // snippet end

    // snippet: list
    @Test func aListDrawsTheRowsThatFitAndKeepsTheSelectionInView() {
        var frame = Frame(width: 12, height: 3)
        let list = ListView(rows: ["Sencha", "Hojicha", "Genmaicha", "Matcha", "Gyokuro"], selection: 3)
        let offset = list.draw(into: &frame, in: Rect(frame))

        #expect(frame.text == """
            Hojicha
            Genmaicha
            Matcha
            """)
        #expect(offset == 1)                  // keep it as `scrollOffset` for the next draw
        #expect(frame[2, 11].style.inverse)   // the selection bar spans the whole width
    }
    // snippet end

    // snippet: lazyList
    @Test func aLongListMakesOnlyTheRowsItShows() {
        var made: [Int] = []
        let list = ListView(count: 10_000, selection: 9_999) { index in
            made.append(index)
            return "user \(index)"
        }
        var frame = Frame(width: 12, height: 2)
        list.draw(into: &frame, in: Rect(frame))

        #expect(frame.text == "user 9998\nuser 9999")
        #expect(made == [9_998, 9_999])
    }
    // snippet end

    // snippet: textField
    @Test func aTextFieldShowsItsPlaceholderCursorAndTheEndOfLongText() {
        var frame = Frame(width: 16, height: 3)
        TextField(label: "Name: ", text: "", placeholder: "your name")
            .draw(into: &frame, in: Rect(row: 0, column: 0, width: 16, height: 1))
        TextField(label: "Tea: ", text: "玉露", isFocused: true)
            .draw(into: &frame, in: Rect(row: 1, column: 0, width: 16, height: 1))
        TextField(label: "Note: ", text: "no sugar, extra hot", isFocused: true)
            .draw(into: &frame, in: Rect(row: 2, column: 0, width: 16, height: 1))

        #expect(frame.text == """
            Name: your name
            Tea: 玉露▏
            Note: extra hot▏
            """)
        #expect(frame[0, 6].style.dim)        // the placeholder
        #expect(frame[1, 5].style.underline)  // the text of a focused field
    }
    // snippet end

    // snippet: formField
    @Test func aFormFieldShowsItsValidationMessageBelowIt() {
        var frame = Frame(width: 26, height: 2)
        FormField(field: TextField(label: "Email: ", text: "tea@"), message: "Enter a full address")
            .draw(into: &frame, in: Rect(frame))

        #expect(frame.text == """
            Email: tea@
              Enter a full address
            """)
        #expect(frame[1, 2].style.foreground == .red)
    }
    // snippet end

    // snippet: segmented
    @Test func aSegmentedControlBracketsTheSelectedOption() {
        var frame = Frame(width: 26, height: 1)
        SegmentedControl(options: ["All", "Green", "Black"], selection: 1)
            .draw(into: &frame, at: Position(row: 0, column: 0), maxWidth: 26)

        #expect(frame.line(0) == " All  [Green]  Black")
        #expect(frame[0, 6].style.inverse)
    }
    // snippet end

    // snippet: spinner
    @Test func aSpinnerIsDrawnFromATickCounter() {
        var frame = Frame(width: 14, height: 2)
        Spinner.draw(into: &frame, at: Position(row: 0, column: 0), tick: 0, label: "Brewing…")
        Spinner.draw(into: &frame, at: Position(row: 1, column: 0), tick: 1, label: "Brewing…")

        #expect(frame.text == """
            ⠋ Brewing…
            ⠙ Brewing…
            """)
        #expect(Spinner.frame(tick: 10) == "⠋")   // ten frames, then again
    }
    // snippet end

    // snippet: statusBar
    @Test func aStatusBarFillsTheBottomRow() {
        var frame = Frame(width: 24, height: 2)
        StatusBar.draw(into: &frame, items: ["↑↓ Move", "q Quit"])

        #expect(frame.text == "\n ↑↓ Move  q Quit")
        #expect(frame[1, 23].style.inverse)   // inverse to the right edge
    }
    // snippet end

    // snippet: emptyState
    @Test func anEmptyStateIsCentredAndDimmed() {
        var frame = Frame(width: 20, height: 3)
        EmptyState.draw(into: &frame, in: Rect(frame), message: "No teas yet")

        #expect(frame.text == "\n    No teas yet\n")
        #expect(frame[1, 4].style.dim)
    }
    // snippet end

    // snippet: dialog
    @Test func aDialogIsACentredBoxWithItsButtons() {
        var frame = Frame(width: 23, height: 5)
        Dialog(title: "Order", message: "Add 玉露?", buttons: ["y Yes", "n No"]).draw(into: &frame)

        #expect(frame.text == """
                ┌─ Order ─────┐
                │ Add 玉露?   │
                │             │
                │ y Yes  n No │
                └─────────────┘
            """)
    }
    // snippet end

    // snippet: textView
    @Test func aTextViewWrapsItsTextAndScrollsByLines() {
        var frame = Frame(width: 12, height: 2)
        let steeping = TextView(text: "Steep for two minutes, then pour.", scrollOffset: 1)
        let offset = steeping.draw(into: &frame, in: Rect(frame))

        #expect(frame.text == """
            two minutes,
            then pour.
            """)
        #expect(offset == 1)
    }
    // snippet end

    // snippet: width
    @Test func displayWidthCountsColumnsTheWayTerminalsDrawThem() {
        #expect(DisplayWidth.columns(of: "Tea") == 3)
        #expect(DisplayWidth.columns(of: "お茶") == 4)          // CJK: two columns each
        #expect(DisplayWidth.columns(of: "🍵") == 2)            // most emoji too
        #expect(DisplayWidth.columns(of: "Cafe\u{301}") == 4)   // the accent joins its e: Café
        #expect("お茶".count == 2)                               // what `count` says instead
    }
    // snippet end

    // snippet: wrap
    @Test func wrappingBreaksAtSpacesOrBetweenCharacters() {
        #expect(TerminalText.wrap("Steep for two minutes", width: 10) == ["Steep for", "two", "minutes"])
        // Japanese has no spaces: lines break between characters, two columns each.
        #expect(TerminalText.wrap("お茶を二分蒸らす", width: 6) == ["お茶を", "二分蒸", "らす"])
        // The text's own line breaks are kept.
        #expect(TerminalText.wrap("Sencha\nMatcha", width: 10) == ["Sencha", "Matcha"])
    }
    // snippet end

    // snippet: sanitize
    @Test func textFromTheNetworkCannotControlTheTerminal() {
        let name = "Eve\u{1B}[2J\u{202E}txt.exe"   // "clear the screen", then right-to-left
        #expect(TerminalText.sanitize(name) == "Eve�[2J�txt.exe")
        #expect(TerminalText.sanitize("a\u{200B}b\tc") == "ab c")   // zero-width: gone; tab: a space
        #expect(!TerminalText.isSafe(name))

        var frame = Frame(width: 20, height: 1)
        frame.put(name, at: Position(row: 0, column: 0))   // every put sanitises
        #expect(frame.line(0) == "Eve�[2J�txt.exe")
    }
    // snippet end

    // snippet: savedNotice
    @Test func savedDataIsWordedTheSameOnEveryScreen() {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let savedAt = Date(timeIntervalSince1970: 1_700_000_000)   // 2023-11-15 07:13 in Tokyo
        let offline = ErrorPresentation(title: "Menu", message: "You are offline.")

        let failed = SavedDataNotice(savedAt: savedAt, isUpdating: false, failure: offline)
        let updating = SavedDataNotice(savedAt: savedAt, isUpdating: true, failure: nil)
        #expect(failed.terminalText(now: savedAt, timeZone: tokyo).resolved(in: .english) == "offline · saved 07:13")
        #expect(updating.terminalText(now: savedAt, timeZone: tokyo).resolved(in: .english) == "saved 07:13 · updating…")
        let nextDay = savedAt.addingTimeInterval(86_400)
        #expect(updating.terminalText(now: nextDay, timeZone: tokyo).resolved(in: .english) == "saved 2023-11-15 07:13 · updating…")
    }
    // snippet end
}
