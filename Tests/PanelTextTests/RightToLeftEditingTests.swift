import PanelImage
import PanelTesting
import PanelText
import PanelUI
import Testing

// Editing right-to-left text with the real text driver: the caret's stops
// come from HarfBuzz's clusters as FriBidi ordered them on the line.

@Suite("TextField: right-to-left editing")
struct RightToLeftEditingTests {
    @Test("right arrow from the start of 'abc אבג def' visits the caret stops in visual order, each further right")
    func rightArrowVisitsStopsInVisualOrder() throws {
        let (field, driver, _, _) = try editingField("abc אבג def")
        field.caretPosition = 0
        var visited: [Int] = []
        var xs: [Double] = [field.caretX]
        for _ in 0..<12 {
            driver.application.sendPress(Press(keyCode: KeyCode.right, phase: .began))
            visited.append(field.caretPosition)
            xs.append(field.caretX)
        }
        // "abc " left to right, then the Hebrew word from its left (after ג) to its right
        // (before א), then " def": every place in the text once.
        #expect(visited == [1, 2, 3, 4, 6, 5, 7, 8, 9, 10, 11, 11])
        for i in 1..<12 { #expect(xs[i] > xs[i - 1], "stop \(i) at \(xs[i]) after \(xs[i - 1])") }
        #expect(xs[12] == xs[11], "at the line's right end the arrow stays")
    }

    @Test("left arrow from the end of 'abc אבג def' visits the same stops backwards")
    func leftArrowVisitsStopsBackwards() throws {
        let (field, driver, _, _) = try editingField("abc אבג def")
        var visited: [Int] = []
        var xs: [Double] = [field.caretX]
        for _ in 0..<11 {
            driver.application.sendPress(Press(keyCode: KeyCode.left, phase: .began))
            visited.append(field.caretPosition)
            xs.append(field.caretX)
        }
        #expect(visited == [10, 9, 8, 7, 5, 6, 4, 3, 2, 1, 0])
        for i in 1..<12 { #expect(xs[i] < xs[i - 1]) }
    }

    @Test("in a Hebrew text the right arrow moves the caret back in the text, the left arrow forward")
    func hebrewArrowsAreMirrored() throws {
        let (field, driver, _, _) = try editingField("שלום")
        #expect(field.caretPosition == 4)
        let end = field.caretX
        driver.application.sendPress(Press(keyCode: KeyCode.right, phase: .began))
        #expect(field.caretPosition == 3 && field.caretX > end)
        driver.application.sendPress(Press(keyCode: KeyCode.left, phase: .began))
        #expect(field.caretPosition == 4 && field.caretX == end)
        field.caretPosition = 0
        driver.application.sendPress(Press(keyCode: KeyCode.left, phase: .began))
        #expect(field.caretPosition == 1)
    }

    @Test("a tap places the caret at the nearest caret stop on screen, inside the Hebrew word too")
    func tapPlacesTheCaretAtTheNearestStop() throws {
        let (field, driver, _, _) = try editingField("abc אבג def")
        // Walk to the stop of place 6 (between ב and ג) and remember where it is.
        field.caretPosition = 0
        for _ in 0..<5 { driver.application.sendPress(Press(keyCode: KeyCode.right, phase: .began)) }
        #expect(field.caretPosition == 6)
        let stop = field.caretX
        field.caretPosition = 0
        field.placeCaret(atX: stop + 1)
        #expect(field.caretPosition == 6 && field.caretX == stop)
        field.placeCaret(atX: 0)
        #expect(field.caretPosition == 0)
    }

    @Test("typing after a visual move inserts at the place the stop stands for")
    func typingAtAStop() throws {
        let (field, driver, _, _) = try editingField("abc אבג def")
        field.caretPosition = 0
        for _ in 0..<5 { driver.application.sendPress(Press(keyCode: KeyCode.right, phase: .began)) }
        field.insertText("ד")
        #expect(field.text == "abc אבדג def")
    }

    @Test("backspace deletes one grapheme cluster: e with its accent, a flag, a Hebrew letter with its niqqud")
    func backspaceDeletesOneCluster() throws {
        for cluster in ["e\u{301}", "🇮🇱", "שָׁ", "👨‍👩‍👧"] {
            let (field, driver, _, _) = try editingField("ab" + cluster)
            driver.application.sendPress(Press(keyCode: KeyCode.backspace, phase: .began))
            #expect(field.text == "ab", "deleting \(cluster.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        let (field, driver, _, _) = try editingField("שָׁלוֹם")
        #expect(driver.application.firstResponder === field)
        field.deleteBackward()
        field.deleteBackward()
        field.deleteBackward()
        #expect(field.text == "שָׁ")
    }

    @Test(
        "a text field is naturally aligned: Hebrew at the right, Latin at the left; an empty one by the layout direction"
    )
    func naturalAlignmentByDefault() throws {
        #expect(TextField().textAlignment == .natural)
        let (hebrew, driver, _, _) = try editingField("שלום")
        #expect(abs(hebrew.textOriginX + hebrew.textWidth - hebrew.textRect.maxX) < 1e-9)
        let latin = TextField(frame: Rect(x: 10, y: 60, width: 300, height: 44), text: "hello")
        driver.window.addSubview(latin)
        #expect(latin.textOriginX == latin.textRect.minX)
        let empty = TextField(frame: Rect(x: 10, y: 60, width: 300, height: 44))
        driver.window.addSubview(empty)
        #expect(empty.textOriginX == empty.textRect.minX)
        driver.application.userInterfaceLayoutDirection = .rightToLeft
        #expect(empty.textOriginX == empty.textRect.maxX)
        #expect(latin.textOriginX == latin.textRect.minX, "Latin text keeps to the left")
    }

    @Test("0 allocations per arrow key and per Hebrew key in mixed text, drawn each frame, once warm")
    func noAllocationsPerKeyInMixedText() throws {
        let (field, driver, renderer, display) = try editingField("Wi-Fi של המטבח 2024")
        let app = driver.application
        let keys = [
            Press(keyCode: KeyCode.left, phase: .began),
            Press(keyCode: KeyCode.left, phase: .began),
            Press(keyCode: KeyCode.left, phase: .began),
            Press(key: Key(keyCode: 30, characters: "ש"), phase: .began),
            Press(keyCode: KeyCode.backspace, phase: .began),
            Press(keyCode: KeyCode.right, phase: .began),
            Press(keyCode: KeyCode.right, phase: .began),
            Press(keyCode: KeyCode.right, phase: .began)
        ]
        let perKey = allocationsPerKey(keys, app: app, renderer: renderer, window: driver.window, display: display)
        #expect(field.text == "Wi-Fi של המטבח 2024")
        #expect(perKey == [UInt64](repeating: 0, count: keys.count))
    }
}
