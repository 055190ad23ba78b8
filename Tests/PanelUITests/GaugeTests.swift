import PanelTesting
import Testing

@testable import PanelUI

@Suite("Gauge: a value in a range, shown as an arc")
struct GaugeTests {
    @Test("The value is clamped to the range, NaN is the minimum, and the fraction drawn follows it")
    func valueIsClamped() {
        let gauge = Gauge(frame: Rect(x: 0, y: 0, width: 100, height: 100), minimumValue: 10, maximumValue: 30)
        #expect(gauge.value == 10 && gauge.presentedFraction == 0)
        gauge.value = 25
        #expect(gauge.value == 25 && gauge.presentedFraction == 0.75)
        gauge.value = 99
        #expect(gauge.value == 30 && gauge.presentedFraction == 1)
        gauge.value = -.infinity
        #expect(gauge.value == 10)
        gauge.value = .nan
        #expect(gauge.value == 10)
    }

    @Test("Moving the range keeps minimum ≤ maximum and the value within them")
    func rangeStaysOrdered() {
        let gauge = Gauge(value: 0.5)
        gauge.minimumValue = 2
        #expect(gauge.maximumValue == 2 && gauge.value == 2)
        gauge.maximumValue = -1
        #expect(gauge.minimumValue == -1 && gauge.value == -1)
        gauge.maximumValue = .nan
        #expect(gauge.maximumValue == -1)
    }

    @Test("It takes no touches (R12): a touch on it lands on the view behind")
    func takesNoTouches() {
        let driver = TouchDriver(screen: Size(width: 200, height: 200))
        let behind = View(frame: Rect(x: 0, y: 0, width: 200, height: 200), name: "behind")
        let gauge = Gauge(frame: Rect(x: 50, y: 50, width: 100, height: 100), name: "gauge")
        driver.window.addSubview(behind)
        driver.window.addSubview(gauge)
        #expect(driver.window.hitTest(Point(x: 100, y: 100), with: nil) === behind)
    }

    @Test("setValue(animated:) moves the arc on the display link, then rests at the value")
    func animatedValue() {
        let driver = TouchDriver(screen: Size(width: 200, height: 200))
        let gauge = Gauge(frame: Rect(x: 50, y: 50, width: 100, height: 100), name: "gauge")
        driver.window.addSubview(gauge)
        gauge.setValue(1, animated: true)
        #expect(gauge.value == 1 && gauge.presentedFraction == 0)
        driver.advance(by: Theme.standard.animationDuration / 2)
        #expect(gauge.presentedFraction > 0 && gauge.presentedFraction < 1)
        driver.advance(by: Theme.standard.animationDuration)
        #expect(gauge.presentedFraction == 1)
    }
}
