import Foundation
import PanelTesting
import Testing

@testable import PanelUI

// docs/widgets.md, part 1, word for word but for `import PanelKit`: an app's
// own control needs nothing beyond what the guide shows.

/// A button that counts its taps and shows the count.
final class CounterButton: Control {
    private(set) var count = 0 {
        didSet { setNeedsDisplay() } // 1. a change redraws
    }

    // 2. its size, for stack views and sizeToFit()
    override var intrinsicContentSize: Size { Size(width: 88, height: Theme.standard.controlHeight) }

    // 3. touches: Control tracks the finger (C4) and sends touchDown,
    //    touchUpInside, … to targets; its tracking hooks add to that.
    override func endTracking(_ touch: Touch?, with event: Event?) {
        guard touch != nil, isTouchInside else { return }
        count += 1
        sendActions(for: .valueChanged)
    }

    // 4. drawing, in bounds coordinates, with the theme's colours
    override func draw(_ rect: Rect, in context: GraphicsContext) {
        let theme = Theme.standard
        context.fill(roundedRect: bounds, cornerRadius: theme.cornerRadius, color: theme.accent)
        if isHighlighted {
            context.fill(roundedRect: bounds, cornerRadius: theme.cornerRadius, color: theme.pressedOverlay)
        }
        context.draw(String(count), font: theme.bodyFont, color: theme.onAccent, in: bounds, alignment: .center)
    }

    // 5. a rotary encoder: Control is focusable when enabled; a push activates it
    override func accessibilityActivate() -> Bool {
        count += 1
        sendActions(for: .valueChanged)
        return true
    }
}

@Suite("docs/widgets.md: an app's own control, as the guide writes it")
struct WidgetGuideTests {
    @Test("The guide's CounterButton counts a tap, sends valueChanged, is called for hit-testing, and draws")
    func counterButton() {
        let driver = TouchDriver(screen: Size(width: 200, height: 100))
        let button = CounterButton(frame: Rect(x: 20, y: 20, width: 88, height: 48), name: "counter")
        driver.window.addSubview(button)
        var changes = 0
        button.addAction(for: .valueChanged) { _ in changes += 1 }
        driver.tap(at: Point(x: 60, y: 40))
        #expect(button.count == 1 && changes == 1)
        // An app's class is hit-tested by calling it (it may override hitTest).
        #expect(!CounterButton.usesStandardHitTesting)
        #expect(button.intrinsicContentSize == Size(width: 88, height: Theme.standard.controlHeight))
        let display = HeadlessDisplay(width: 200, height: 100)
        Renderer().draw(driver.window, into: display.framebuffer)
        #expect(display.framebuffer.color(atX: 60, y: 24) == Theme.standard.accent)
    }

    @Test("The guide shows this file's CounterButton, line for line")
    func guideMatchesThisFile() throws {
        func counterButton(in text: String) -> Substring? {
            guard let start = text.range(of: "/// A button that counts") else { return nil }
            let rest = text[start.lowerBound...]
            guard let end = rest.range(of: "\n}\n") else { return nil }
            return rest[..<end.upperBound]
        }
        let guide = try String(contentsOfFile: PackagePaths.path("docs/widgets.md"), encoding: .utf8)
        let test = try String(contentsOfFile: #filePath, encoding: .utf8)
        #expect(counterButton(in: guide) != nil && counterButton(in: guide) == counterButton(in: test))
    }
}
