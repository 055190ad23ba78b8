import PanelKit

/// The `gestures` scene: a full-screen view named `lab` carrying one of each
/// standard recognizer, and a subview `child` that logs its responder
/// messages, so the arena's rules (G10–G12) show in the log.
///
/// - `tap`: one tap, which requires `doubleTap` to fail (G8);
/// - `doubleTap`: two taps;
/// - `longPress`, `pan`, `swipe` (all four directions);
/// - `pinch` and `rotation`, which recognize simultaneously (G5);
/// - `edgePan`: from the left edge.
public enum GesturesScene {
    public static func build(screenSize: Size, log: ReplayLog) -> Window {
        let window = LoggingWindow(frame: Rect(origin: .zero, size: screenSize), log: log)
        window.backgroundColor = SceneTheme.background
        let lab = GestureLab(frame: window.bounds, observer: log)
        window.addSubview(lab)
        return window
    }
}

/// The scene's view: it owns the recognizers and answers for pinch and rotation
/// as their delegate.
public final class GestureLab: LoggingView, GestureRecognizerDelegate {
    public let tap = TapGestureRecognizer(name: "tap")
    public let doubleTap = TapGestureRecognizer(name: "doubleTap")
    public let longPress = LongPressGestureRecognizer(name: "longPress")
    public let pan = PanGestureRecognizer(name: "pan")
    public let swipe = SwipeGestureRecognizer(name: "swipe")
    public let pinch = PinchGestureRecognizer(name: "pinch")
    public let rotation = RotationGestureRecognizer(name: "rotation")
    public let edgePan = ScreenEdgePanGestureRecognizer(name: "edgePan")

    public init(frame: Rect, observer: any ResponderMessageObserver) {
        super.init(frame: frame, name: "lab", observer: observer)
        backgroundColor = SceneTheme.container
        isMultipleTouchEnabled = true
        // Lower left of centre, where the shipped two-finger drag lands a finger.
        let child = LoggingView(
            frame: Rect(x: frame.width * 0.3, y: frame.height * 0.6, width: frame.width * 0.3, height: frame.height * 0.25),
            name: "child", observer: observer)
        child.backgroundColor = SceneTheme.cell
        child.activeColor = SceneTheme.cellActive
        child.touchedColor = SceneTheme.cellTouched
        child.isMultipleTouchEnabled = true
        addSubview(child)

        doubleTap.numberOfTapsRequired = 2
        tap.require(toFail: doubleTap)
        swipe.direction = [.left, .right, .up, .down]
        edgePan.edges = .left
        pinch.delegate = self
        rotation.delegate = self
        for recognizer in [tap, doubleTap, longPress, pan, swipe, pinch, rotation, edgePan] as [GestureRecognizer] {
            addGestureRecognizer(recognizer)
        }
    }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        (gestureRecognizer === pinch && other === rotation) || (gestureRecognizer === rotation && other === pinch)
    }
}
