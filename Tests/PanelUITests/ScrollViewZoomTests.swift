import PanelTesting
import PanelUI
import Testing

// Zooming: the delegate's viewForZooming is scaled by zoomScale, the content
// size follows, and a pinch (created only when zooming is possible) scales it.

@Suite("ScrollView: zooming")
struct ScrollViewZoomTests {
    struct Photo {
        let fixture = ScrollFixture(contentSize: Size(width: 300, height: 400))
        let image = View(frame: Rect(x: 0, y: 0, width: 300, height: 400), name: "photo")

        init() {
            fixture.scrollView.addSubview(image)
            fixture.transcript.zoomView = image
            fixture.scrollView.minimumZoomScale = 1
            fixture.scrollView.maximumZoomScale = 3
        }
    }

    @Test("The pinch recognizer exists only once the maximum zoom scale exceeds the minimum")
    func pinchCreatedWhenZoomingIsPossible() {
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(scrollView.pinchGestureRecognizer == nil)
        scrollView.maximumZoomScale = 2
        #expect(scrollView.pinchGestureRecognizer != nil)
        #expect(scrollView.gestureRecognizers.contains { $0 === scrollView.pinchGestureRecognizer })
    }

    @Test("zoomScale scales the zoom view and the content size, held to the limits; the delegate hears didZoom")
    func zoomScaleScalesContent() {
        let p = Photo()
        let scrollView = p.fixture.scrollView
        scrollView.zoomScale = 2
        #expect(scrollView.zoomScale == 2)
        #expect(scrollView.contentSize == Size(width: 600, height: 800))
        #expect(p.image.frame == Rect(x: 0, y: 0, width: 600, height: 800))
        #expect(p.fixture.transcript.events == ["didZoom"])
        scrollView.zoomScale = 10
        #expect(scrollView.zoomScale == 3)
        scrollView.zoomScale = 0.2
        #expect(scrollView.zoomScale == 1)
    }

    @Test("setZoomScale(animated:) springs to the scale and ends with didEndScrollingAnimation")
    func animatedZoom() {
        let p = Photo()
        p.fixture.scrollView.setZoomScale(2, animated: true)
        p.fixture.driver.advance(by: 0.05)
        #expect(p.fixture.scrollView.zoomScale > 1 && p.fixture.scrollView.zoomScale < 2)
        p.fixture.settle()
        #expect(p.fixture.scrollView.zoomScale == 2)
        #expect(p.fixture.transcript.events.last == "didEndScrollingAnimation")
    }

    @Test("Pinching apart zooms in about the fingers, within the maximum")
    func pinchZooms() {
        let p = Photo()
        let driver = p.fixture.driver
        let center = p.fixture.point(150, 200)
        driver.frame {
            $0.down(1, at: Point(x: center.x - 40, y: center.y))
            $0.down(2, at: Point(x: center.x + 40, y: center.y))
        }
        for step in 1...10 {
            let half = 40 + 8 * Double(step)
            driver.frame {
                $0.move(1, to: Point(x: center.x - half, y: center.y))
                $0.move(2, to: Point(x: center.x + half, y: center.y))
            }
        }
        driver.frame {
            $0.up(1)
            $0.up(2)
        }
        let scale = p.fixture.scrollView.zoomScale
        #expect(scale > 1.5 && scale <= 3)
        #expect(p.fixture.transcript.events.contains("didZoom"))
        // The content point that was under the fingers' centre is still there (to within the clamping at the edges).
        let underFingers = p.image.convert(center, from: nil)
        #expect(abs(underFingers.x - 150) < 2 && abs(underFingers.y - 200) < 2)
    }

    @Test("After a pinch, the finger left down drags on from where the zoom left the content, without a jump")
    func panAfterPinch() {
        let p = Photo()
        let driver = p.fixture.driver
        let center = p.fixture.point(150, 200)
        driver.frame {
            $0.down(1, at: Point(x: center.x - 40, y: center.y))
            $0.down(2, at: Point(x: center.x + 40, y: center.y))
        }
        for step in 1...10 {
            let half = 40 + 8 * Double(step)
            driver.frame {
                $0.move(1, to: Point(x: center.x - half, y: center.y + 3 * Double(step)))
                $0.move(2, to: Point(x: center.x + half, y: center.y + 3 * Double(step)))
            }
        }
        driver.frame { $0.up(2) }
        let afterPinch = p.fixture.scrollView.contentOffset
        driver.move(1, to: Point(x: center.x - 120, y: center.y + 25)) // 5 pt up from where finger 1 was
        let moved = p.fixture.scrollView.contentOffset
        #expect(abs(moved.x - afterPinch.x) <= 5 && abs(moved.y - afterPinch.y) <= 10, "\(afterPinch) → \(moved)")
        driver.up(1)
    }
}
