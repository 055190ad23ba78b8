import PanelTrace
import PanelUI
import Testing

// Rules H1–H6 of docs/touch-rules.md on the traces in
// Tests/Traces: two real EP0430M09 recordings and the synthetic ones that
// cover what the recordings do not (protocol A, single touch, SYN_DROPPED).

/// The trace's frames as the decoder completes them.
private func decodeTrace(_ name: String) throws -> (decoder: TouchDecoder, frames: [TouchFrame]) {
    let trace = try Trace.load(path: TracePaths.url(name))
    let decoder = try TouchDecoder(device: trace.device)
    var frames: [TouchFrame] = []
    for event in trace.events where decoder.decode(event) {
        frames.append(decoder.frame)
    }
    return (decoder, frames)
}

private func ids(_ frame: TouchFrame) -> [Int32] {
    (0..<frame.count).map { frame[$0].id }
}

private func positions(_ frame: TouchFrame) -> [Point] {
    (0..<frame.count).map { Point(x: frame[$0].x, y: frame[$0].y) }
}

/// For each contact id, the indices of the frames that hold it.
private func appearances(_ frames: [TouchFrame]) -> [Int32: [Int]] {
    var result: [Int32: [Int]] = [:]
    for (index, frame) in frames.enumerated() {
        for id in ids(frame) { result[id, default: []].append(index) }
    }
    return result
}

/// Whether `indices` has no gaps: the contact landed once and lifted once.
private func isContiguous(_ indices: [Int]) -> Bool {
    guard let first = indices.first else { return false }
    return indices == Array(first..<(first + indices.count))
}

@Suite("Decoding traces")
struct TraceDecodingTests {
    @Test(
        "H1, H2: each EP0430M09 recording decodes to exactly 2 contacts, each down for one unbroken run of frames",
        arguments: [
            ("edt-EP0430M09_protoB_2finger-scroll-down.evemu", 98, Set<Int32>([13, 14])),
            ("edt-EP0430M09_protoB_2finger-touch-release.evemu", 14, Set<Int32>([1, 2]))
        ])
    func recordedTwoFingers(name: String, frameCount: Int, expectedIDs: Set<Int32>) throws {
        let (decoder, frames) = try decodeTrace(name)
        #expect(frames.count == frameCount)
        let runs = appearances(frames)
        #expect(Set(runs.keys) == expectedIDs)
        for (id, indices) in runs {
            #expect(isContiguous(indices), "contact \(id) is in frames \(indices)")
        }
        #expect(frames.last?.isEmpty == true, "both fingers lift by the end")
        #expect(frames.allSatisfy { !$0.isResynchronized })
        #expect(decoder.droppedEventBursts == 0)
    }

    @Test(
        "H2: the touch-release recording's first frame sets tracking id 1 in the device's current slot, with no ABS_MT_SLOT event"
    )
    func firstFrameWithoutSlotEvent() throws {
        let (_, frames) = try decodeTrace("edt-EP0430M09_protoB_2finger-touch-release.evemu")
        #expect(ids(frames[0]) == [1, 2])
        #expect(positions(frames[0]) == [Point(x: 404, y: 409), Point(x: 933, y: 414)])
        #expect(frames[0].timestamp == 0.000001)
    }

    @Test("H3: in the touch-release recording the still fingers stay down across gaps of 100+ ms")
    func stillFingersAcrossGaps() throws {
        let (_, frames) = try decodeTrace("edt-EP0430M09_protoB_2finger-touch-release.evemu")
        var longGaps = 0
        for index in 1..<frames.count where frames[index].timestamp - frames[index - 1].timestamp > 0.1 {
            longGaps += 1
            #expect(ids(frames[index - 1]) == [1, 2])
            #expect(ids(frames[index]) == [1, 2])
        }
        #expect(longGaps >= 1)
    }

    @Test(
        "H2: with the header's slot 3, tracking id 4711 lands in slot 3, survives 4712 landing in slot 0, and lifts at slot 3"
    )
    func startSlotThree() throws {
        let (_, frames) = try decodeTrace("synthetic_protoB_start-slot-3.evemu")
        #expect(frames.map(ids) == [[4711], [4711], [4712, 4711], [4712, 4711], [4712], [4712], []])
        #expect(positions(frames[3]) == [Point(x: 3000, y: 2490), Point(x: 1010, y: 1510)])
        let first = try #require(frames[0].contact(withID: 4711))
        #expect(first.pressure == 60)
        #expect(first.majorRadius == 20)
    }

    @Test("H4: SYN_DROPPED drops events until SYN_REPORT and flags the next frame as resynchronized")
    func synDroppedTrace() throws {
        let (decoder, frames) = try decodeTrace("synthetic_protoB_syn-dropped.evemu")
        #expect(decoder.droppedEventBursts == 1)
        #expect(frames.map(ids) == [[100, 101], [100, 101], [100, 101], [101], [101], [101], []])
        #expect(frames.map(\.isResynchronized) == [false, false, false, true, false, false, false])
        // The resync frame holds the device state: the lost frame's y 450 never arrives.
        #expect(positions(frames[3]) == [Point(x: 580, y: 300)])
        #expect(positions(frames[5]) == [Point(x: 570, y: 305)])
    }

    @Test("H1: protocol A recording: two fingers land and lift in different frames and keep their ids as they move")
    func protocolATrace() throws {
        let (_, frames) = try decodeTrace("synthetic_protoA_two-fingers.evemu")
        #expect(frames.map(\.count) == [1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 1, 1, 1, 0])
        let runs = appearances(frames)
        #expect(runs.count == 2)
        let a = frames[0][0].id
        let b = try #require(runs.keys.first { $0 != a })
        #expect(runs[a] == Array(0...9))
        #expect(runs[b] == Array(4...12))
        // Frame 7 lists finger B first; the ids follow the fingers, not the order.
        #expect(ids(frames[7]) == [b, a])
        #expect(frames[7].contact(withID: a)?.x == 230)
        #expect(frames[12].contact(withID: b) == TouchContact(id: b, x: 576, y: 210))
    }

    @Test("H1: single touch with BTN_TOUCH: a tap, then a drag, are two presses with two ids")
    func tapAndDrag() throws {
        let (_, frames) = try decodeTrace("synthetic_single-touch_tap-and-drag.evemu")
        #expect(frames.count == 32)
        let runs = appearances(frames)
        #expect(runs.count == 2)
        let tap = frames[0][0].id
        let drag = frames[9][0].id
        #expect(runs[tap] == Array(0...7))
        #expect(runs[drag] == Array(9...30))
        #expect(positions(frames[9]) == [Point(x: 800, y: 3000)])
        #expect(positions(frames[30]) == [Point(x: 2900, y: 1950)])
        #expect(frames[0][0].pressure == 180)
    }

    @Test("H1: single touch with only BTN_LEFT: one press and release")
    func leftButtonTrace() throws {
        let (_, frames) = try decodeTrace("synthetic_single-touch_btn-left.evemu")
        #expect(frames.map(\.count) == [1, 1, 1, 1, 0])
        #expect(Set(frames.dropLast().map { $0[0].id }).count == 1)
        #expect(positions(frames[3]) == [Point(x: 531, y: 311)])
    }

    @Test("H6: every contact of the EP0430M09 recordings maps inside an 800x480 screen")
    func recordedTraceOnScreen() throws {
        let name = "edt-EP0430M09_protoB_2finger-scroll-down.evemu"
        let trace = try Trace.load(path: TracePaths.url(name))
        let transform = TouchTransform(device: trace.device, screenSize: Size(width: 800, height: 480))
        var (_, frames) = try decodeTrace(name)
        for index in frames.indices {
            transform.apply(to: &frames[index])
            for contact in 0..<frames[index].count {
                let point = Point(x: frames[index][contact].x, y: frames[index][contact].y)
                #expect(point.x >= 0 && point.x < 800 && point.y >= 0 && point.y < 480)
            }
        }
        // Finger 13 starts at (930, 547) of 1280x768: (581.25, 341.875) on screen.
        let first = try #require(frames[0].contact(withID: 13))
        #expect(abs(first.x - 581.25) < 1e-9 && abs(first.y - 341.875) < 1e-9)
    }
}
