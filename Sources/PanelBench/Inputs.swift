import PanelTrace
import PanelUI

/// In-memory traces from a virtual protocol B panel whose axes are the
/// screen's points, for scenes no recording covers (ten fingers, a slider drag).
public struct SyntheticPanel {
    public let device: TouchDeviceDescription
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        var device = TouchDeviceDescription(name: "PanelKit bench panel")
        device.properties = 1 << UInt32(InputProperty.direct)
        device.keys = [KeyCode.touch]
        device.setAxis(AbsoluteAxis.multitouchSlot, AbsoluteAxisInfo(minimum: 0, maximum: 9))
        device.setAxis(AbsoluteAxis.multitouchTrackingID, AbsoluteAxisInfo(minimum: 0, maximum: 65535))
        device.setAxis(AbsoluteAxis.multitouchPositionX, AbsoluteAxisInfo(minimum: 0, maximum: Int32(width - 1)))
        device.setAxis(AbsoluteAxis.multitouchPositionY, AbsoluteAxisInfo(minimum: 0, maximum: Int32(height - 1)))
        self.device = device
    }

    /// A trace of `frames`: each frame lists every finger down then (slot, position);
    /// a slot missing from a frame lifts. Frames are 1/120 s apart.
    public func trace(name: String, frames: [[(slot: Int, x: Double, y: Double)]]) -> Trace {
        var events: [InputEvent] = []
        var down = [Bool](repeating: false, count: 10)
        var nextID: Int32 = 1
        for f in 0..<frames.count {
            let time = Double(f) / 120
            var present = [Bool](repeating: false, count: 10)
            for contact in frames[f] {
                present[contact.slot] = true
                events.append(
                    InputEvent(
                        time: time, type: EventType.absolute, code: AbsoluteAxis.multitouchSlot,
                        value: Int32(contact.slot)))
                if !down[contact.slot] {
                    events.append(
                        InputEvent(
                            time: time, type: EventType.absolute, code: AbsoluteAxis.multitouchTrackingID, value: nextID
                        ))
                    nextID += 1
                    down[contact.slot] = true
                }
                let x = Int32(Swift.min(Double(width - 1), Swift.max(0, contact.x.rounded())))
                let y = Int32(Swift.min(Double(height - 1), Swift.max(0, contact.y.rounded())))
                events.append(
                    InputEvent(time: time, type: EventType.absolute, code: AbsoluteAxis.multitouchPositionX, value: x))
                events.append(
                    InputEvent(time: time, type: EventType.absolute, code: AbsoluteAxis.multitouchPositionY, value: y))
            }
            for slot in 0..<10 where down[slot] && !present[slot] {
                events.append(
                    InputEvent(
                        time: time, type: EventType.absolute, code: AbsoluteAxis.multitouchSlot, value: Int32(slot)))
                events.append(
                    InputEvent(time: time, type: EventType.absolute, code: AbsoluteAxis.multitouchTrackingID, value: -1)
                )
                down[slot] = false
            }
            var anyDown = false
            for slot in 0..<10 where down[slot] { anyDown = true }
            events.append(InputEvent(time: time, type: EventType.key, code: KeyCode.touch, value: anyDown ? 1 : 0))
            events.append(
                InputEvent(time: time, type: EventType.synchronization, code: SynchronizationCode.report, value: 0))
        }
        return Trace(path: name, device: device, events: events, eventLines: [Int](repeating: 0, count: events.count))
    }

    /// Ten fingers land one by one, move together for `moves` frames, and lift one by one.
    public func tenFingerStorm(moves: Int) -> Trace {
        var frames: [[(slot: Int, x: Double, y: Double)]] = []
        func positions(_ count: Int, step: Int) -> [(slot: Int, x: Double, y: Double)] {
            var fingers: [(slot: Int, x: Double, y: Double)] = []
            for finger in 0..<count {
                let angle = Double(step) * 0.05 + Double(finger)
                fingers.append(
                    (
                        finger, Double(width) * (0.1 + 0.08 * Double(finger)) + Double(step) * 2 + 10 * sine(angle),
                        Double(height) * 0.45 + 30 * sine(angle + 1.5)
                    ))
            }
            return fingers
        }
        for finger in 1...10 { frames.append(positions(finger, step: 0)) }
        for step in 1...moves { frames.append(positions(10, step: step)) }
        for finger in 0..<10 { frames.append(Array(positions(10, step: moves).dropFirst(finger + 1))) }
        return trace(name: "ten fingers", frames: frames)
    }

    /// One finger presses at `start`, drags back and forth by `distance` for `moves` frames, and lifts.
    public func drag(from start: Point, distance: Double, moves: Int, name: String) -> Trace {
        var frames: [[(slot: Int, x: Double, y: Double)]] = [[(0, start.x, start.y)]]
        for step in 1...moves {
            let phase = Double(step % 40) / 40
            let offset = phase < 0.5 ? phase * 2 * distance : (1 - phase) * 2 * distance
            frames.append([(0, start.x + offset, start.y + Double(step % 3))])
        }
        frames.append([])
        return trace(name: name, frames: frames)
    }
}

/// sin without libm (Embedded links only what it names): a short Taylor series after range reduction.
func sine(_ x: Double) -> Double {
    let twoPi = 6.283185307179586
    var r = x - Double(Int(x / twoPi)) * twoPi
    if r > 3.141592653589793 { r -= twoPi }
    if r < -3.141592653589793 { r += twoPi }
    var term = r
    var sum = r
    for n in 1..<12 {
        term *= -r * r / Double((2 * n) * (2 * n + 1))
        sum += term
    }
    return sum
}

/// A view tree shaped like a real screen, built from PanelKit's own `View`s
/// as an app builds them: `containers` panels tiling the screen, each with
/// `rows` rows of `cells` cells; every 7th cell is hidden and every 11th
/// takes no touches, as disabled items do. Returns the root and the view count.
public func screenTree(size: Size, containers: Int, rows: Int, cells: Int) -> (root: View, views: Int) {
    let root = View(frame: Rect(origin: .zero, size: size), name: "screen")
    var columns = 1
    while columns * columns < containers { columns += 1 }
    let gridRows = (containers + columns - 1) / columns
    let cw = size.width / Double(columns)
    let ch = size.height / Double(gridRows)
    var views = 1
    var serial = 0
    for c in 0..<containers {
        let container = View(
            frame: Rect(x: Double(c % columns) * cw, y: Double(c / columns) * ch, width: cw, height: ch), name: "c")
        root.addSubview(container)
        views += 1
        let rh = ch / Double(rows)
        let kw = cw / Double(cells)
        for r in 0..<rows {
            let row = View(frame: Rect(x: 0, y: Double(r) * rh, width: cw, height: rh), name: "r")
            container.addSubview(row)
            views += 1
            for k in 0..<cells {
                serial += 1
                let cell = View(frame: Rect(x: Double(k) * kw + 1, y: 1, width: kw - 2, height: rh - 2), name: "k")
                if serial % 7 == 0 { cell.isHidden = true }
                if serial % 11 == 0 { cell.isUserInteractionEnabled = false }
                row.addSubview(cell)
                views += 1
            }
        }
    }
    return (root, views)
}
