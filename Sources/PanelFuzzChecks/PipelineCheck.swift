import PanelUI

/// Random finger paths over a random view tree with random recognizers and
/// controls, through the application's whole delivery: tracker, hit-test,
/// touch dispatcher, recognizers, views and controls. Invariants: no crash; every touch's
/// messages to each view in R3's order, ended or cancelled exactly once;
/// every recognizer state change allowed by G3; and once every finger is up
/// and time has run past every timeout, no live touch, no pending timer, no
/// control tracking, every recognizer back at `.possible`. Some steps give a
/// view geometry that is not a number or is huge (as a frame computed from a
/// division by zero would be) and draw the window: it must neither trap nor
/// be hit.
enum PipelineCheck {
    static let screen = Size(width: 320, height: 200)
    static let maximumFingers = 5

    static func run(_ bytes: UnsafeRawBufferPointer) throws(FuzzViolation) {
        var input = ByteReader(bytes: bytes)
        let clock = ManualClock(now: 0)
        let application = Application(runLoop: RunLoop(manualClock: clock))
        let probe = PhaseProbe()
        let states = StateProbe()
        application.gestureObserver = states
        let window = Window(frame: Rect(origin: .zero, size: screen))
        application.addWindow(window)
        let canvas = Canvas(size: screen)

        // The tree: up to 12 views, each under the window or an earlier view.
        var views: [View] = []
        var recognizers: [GestureRecognizer] = []
        var controls: [Control] = []
        let viewCount = 1 + Int(input.byte() % 12)
        for i in 0..<viewCount {
            let parentChoice = Int(input.byte())
            let kind = input.byte()
            let frame = Rect(
                x: Double(input.byte() % 200) - 20, y: Double(input.byte() % 140) - 20,
                width: Double(input.byte()) + 1, height: Double(input.byte() % 160) + 1)
            let flags = input.byte()
            let view: View
            switch kind % 8 {
            case 5:
                let button = ProbeButton(frame: frame, name: "button\(i)")
                button.probe = probe
                view = button
            case 6:
                let slider = ProbeSlider(frame: frame, name: "slider\(i)")
                slider.probe = probe
                slider.isContinuous = flags & 0x40 != 0
                view = slider
            case 7:
                let toggle = ProbeSwitch(frame: frame, name: "switch\(i)")
                toggle.probe = probe
                view = toggle
            default:
                let plain = ProbeView(frame: frame, name: "view\(i)", probe: probe)
                plain.forwards = kind & 0x80 != 0
                view = plain
            }
            if let control = view as? Control {
                control.isEnabled = flags & 0x20 == 0
                controls.append(control)
            }
            view.isHidden = flags & 0x01 != 0 && flags & 0x02 != 0
            view.isUserInteractionEnabled = flags & 0x04 == 0
            view.isMultipleTouchEnabled = flags & 0x08 != 0
            view.isExclusiveTouch = flags & 0x10 != 0 && flags & 0x80 != 0
            view.clipsToBounds = flags & 0x80 != 0
            let parent = parentChoice % (views.count + 1)
            if parent == views.count { window.addSubview(view) } else { views[parent].addSubview(view) }
            views.append(view)

            let recognizerCount = Int(input.byte() % 3)
            for r in 0..<recognizerCount {
                let recognizer = makeRecognizer(&input, name: "r\(i).\(r)")
                let options = input.byte()
                recognizer.cancelsTouchesInView = options & 0x01 == 0
                recognizer.delaysTouchesBegan = options & 0x02 != 0
                recognizer.delaysTouchesEnded = options & 0x04 == 0
                if options & 0x08 != 0 && !recognizers.isEmpty {
                    recognizer.require(toFail: recognizers[Int(options >> 4) % recognizers.count])
                }
                view.addGestureRecognizer(recognizer)
                recognizers.append(recognizer)
            }
        }

        // The fingers: each step lands, moves or lifts one, then time passes.
        var fingers: [(id: Int32, x: Double, y: Double)] = []
        var nextID: Int32 = 1
        var steps = 0
        while !input.isAtEnd && steps < 2000 {
            steps += 1
            let op = input.byte()
            let x = Double(input.byte()) * screen.width / 255
            let y = Double(input.byte()) * screen.height / 255
            let wait = Double(input.byte() % 64) / 100
            let which = Int(op >> 3)
            switch op % 8 {
            case 0, 1:
                if fingers.count < maximumFingers {
                    fingers.append((nextID, x, y))
                    nextID += 1
                }
            case 2, 3, 4:
                if !fingers.isEmpty {
                    let i = which % fingers.count
                    // Mostly small moves, as fingers make; sometimes a jump.
                    if op & 0x80 != 0 {
                        fingers[i].x = x
                        fingers[i].y = y
                    } else {
                        fingers[i].x += (x - screen.width / 2) / 8
                        fingers[i].y += (y - screen.height / 2) / 8
                    }
                }
            case 5, 6:
                if !fingers.isEmpty { fingers.remove(at: which % fingers.count) }
            case 7 where op & 0x40 != 0 && !views.isEmpty:
                let view = views[which % views.count]
                switch op & 0x30 {
                case 0x00: view.center = Point(x: .nan, y: y)
                case 0x10: view.bounds.size.width = .infinity
                case 0x20: view.transform = AffineTransform(a: 1e300, b: 0, c: 0, d: .nan, tx: 0, ty: 0)
                default:
                    view.transform = .identity
                    view.frame = Rect(x: x, y: y, width: 40, height: 40)
                }
                Renderer().draw(window, into: canvas.framebuffer)
                if let hit = window.hitTest(Point(x: x, y: y), with: nil),
                    !hit.center.x.isFinite || !hit.bounds.isFinite
                {
                    throw FuzzViolation("view '\(hit.name)' with geometry that is not finite was hit")
                }
            default:
                break // a frame where nothing changes
            }
            deliver(fingers, at: clock.now, to: application)
            application.runLoop.advance(to: clock.now + wait)
            application.runTurn()
        }

        // Every finger up, then time runs past every timeout.
        deliver([], at: clock.now + 0.01, to: application)
        for _ in 0..<20 {
            application.runLoop.advance(to: clock.now + 1)
            application.runTurn()
        }
        try DecoderCheck.finalChecks(application, probe: probe, states: states)
        if application.runLoop.pendingTimerCount != 0 {
            throw FuzzViolation(
                "\(application.runLoop.pendingTimerCount) timers still pending 20 s after the last finger lifted")
        }
        for i in 0..<recognizers.count where recognizers[i].state != .possible {
            throw FuzzViolation(
                "recognizer '\(recognizers[i].name)' is \(recognizers[i].state), not possible, after every finger lifted (G3)"
            )
        }
        for i in 0..<controls.count where controls[i].isTracking {
            throw FuzzViolation("control '\(controls[i].name)' still tracks after every finger lifted")
        }
    }

    static func deliver(_ fingers: [(id: Int32, x: Double, y: Double)], at time: Double, to application: Application) {
        application.runLoop.advance(to: time)
        var frame = TouchFrame(timestamp: time)
        for i in 0..<fingers.count { frame.append(TouchContact(id: fingers[i].id, x: fingers[i].x, y: fingers[i].y)) }
        application.enqueue(frame)
        application.runTurn()
    }

    static func makeRecognizer(_ input: inout ByteReader, name: String) -> GestureRecognizer {
        let kind = input.byte()
        let parameter = input.byte()
        switch kind % 7 {
        case 0:
            let tap = TapGestureRecognizer(name: name)
            tap.numberOfTapsRequired = 1 + Int(parameter % 3)
            tap.numberOfTouchesRequired = 1 + Int(parameter >> 2 % 2)
            return tap
        case 1:
            let press = LongPressGestureRecognizer(name: name)
            press.minimumPressDuration = Double(parameter % 16) / 10
            press.numberOfTouchesRequired = 1 + Int(parameter >> 4 % 2)
            press.numberOfTapsRequired = Int(parameter >> 5 % 2)
            return press
        case 2:
            let pan = PanGestureRecognizer(name: name)
            pan.minimumNumberOfTouches = 1 + Int(parameter % 2)
            pan.maximumNumberOfTouches = pan.minimumNumberOfTouches + Int(parameter >> 1 % 3)
            return pan
        case 3:
            let swipe = SwipeGestureRecognizer(name: name)
            swipe.direction = SwipeGestureRecognizer.Direction(rawValue: UInt(1 + parameter % 15))
            swipe.numberOfTouchesRequired = 1 + Int(parameter >> 4 % 2)
            return swipe
        case 4: return PinchGestureRecognizer(name: name)
        case 5: return RotationGestureRecognizer(name: name)
        default:
            let edge = ScreenEdgePanGestureRecognizer(name: name)
            edge.edges = RectEdge(rawValue: UInt(1 + parameter % 15))
            return edge
        }
    }
}

/// Pixels to draw into, freed with it.
final class Canvas {
    let framebuffer: Framebuffer

    init(size: Size) {
        let width = Int(size.width)
        let height = Int(size.height)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: width * height * 4)
        framebuffer = Framebuffer(
            width: width, height: height, stride: width * 4, format: .xrgb8888, baseAddress: memory)
    }

    deinit { framebuffer.baseAddress.deallocate() }
}
