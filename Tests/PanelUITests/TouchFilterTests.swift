import PanelTesting
import PanelUI
import Testing

/// One frame at `time` with the contacts given as (id, x, y, pressure).
func filterFrame(_ time: Double, _ contacts: (Int32, Double, Double, Double)...) -> TouchFrame {
    var frame = TouchFrame(timestamp: time)
    for c in contacts { frame.append(TouchContact(id: c.0, x: c.1, y: c.2, pressure: c.3)) }
    return frame
}

/// What the filter lets through, as (id, x, y) per contact.
func filtered(_ filter: inout TouchFilter, _ frame: TouchFrame) -> [String] {
    var frame = frame
    filter.apply(to: &frame)
    return (0..<frame.count).map { "\(frame[$0].id)@\(frame[$0].x),\(frame[$0].y)" }
}

@Suite("Touch filters: jitter, debounce, pressure threshold")
struct TouchFilterTests {
    @Test("Jitter: a resting finger's noise inside the dead band is held still; a real move goes through")
    func jitter() {
        var filter = TouchFilter(settings: TouchFilterSettings(jitter: 3))
        #expect(filtered(&filter, filterFrame(0.00, (1, 100, 100, 0))) == ["1@100.0,100.0"])
        #expect(filtered(&filter, filterFrame(0.01, (1, 101.5, 99, 0))) == ["1@100.0,100.0"])
        #expect(filtered(&filter, filterFrame(0.02, (1, 98, 101.5, 0))) == ["1@100.0,100.0"])
        #expect(filtered(&filter, filterFrame(0.03, (1, 110, 100, 0))) == ["1@110.0,100.0"])
        // The dead band follows the reported position, not the first one.
        #expect(filtered(&filter, filterFrame(0.04, (1, 111, 101, 0))) == ["1@110.0,100.0"])
        // A lift is never held back (rule 5).
        #expect(filtered(&filter, filterFrame(0.05)) == [])
    }

    @Test("Debounce: a contact within the drop time after the last lift is dropped; after it, it begins")
    func debounce() {
        var filter = TouchFilter(settings: TouchFilterSettings(debounce: 0.040))
        #expect(filtered(&filter, filterFrame(1.000, (1, 50, 50, 0))) == ["1@50.0,50.0"])
        #expect(filtered(&filter, filterFrame(1.100)) == []) // lift at 1.100
        #expect(filtered(&filter, filterFrame(1.120, (2, 52, 50, 0))) == []) // the bounce
        #expect(filtered(&filter, filterFrame(1.130)) == [])
        #expect(filtered(&filter, filterFrame(1.150, (3, 60, 60, 0))) == ["3@60.0,60.0"]) // 50 ms later: a real tap
        // A second finger while one is down is not a bounce.
        #expect(
            filtered(&filter, filterFrame(1.160, (3, 60, 60, 0), (4, 200, 60, 0))) == ["3@60.0,60.0", "4@200.0,60.0"])
    }

    @Test("Pressure threshold: a light contact counts as lifted, on devices that report pressure only")
    func pressure() {
        var filter = TouchFilter(settings: TouchFilterSettings(pressureThreshold: 30), devicePressure: true)
        #expect(filtered(&filter, filterFrame(0.00, (1, 10, 10, 12))) == [])
        #expect(filtered(&filter, filterFrame(0.01, (1, 10, 10, 45))) == ["1@10.0,10.0"])
        #expect(filtered(&filter, filterFrame(0.02, (1, 11, 10, 20))) == []) // pressure fell: it ends
        var noPressure = TouchFilter(settings: TouchFilterSettings(pressureThreshold: 30), devicePressure: false)
        #expect(filtered(&noPressure, filterFrame(0.00, (1, 10, 10, 0))) == ["1@10.0,10.0"])
    }

    @Test("Filters off change nothing, and filtering allocates nothing per frame")
    func offAndAllocationFree() {
        var off = TouchFilter()
        #expect(filtered(&off, filterFrame(0, (1, 1.25, 2.5, 0))) == ["1@1.25,2.5"])
        var filter = TouchFilter(
            settings: TouchFilterSettings(jitter: 2, debounce: 0.04, pressureThreshold: 5), devicePressure: true)
        var frames: [TouchFrame] = []
        for i in 0..<64 { frames.append(filterFrame(Double(i) * 0.01, (1, Double(i), 5, 9), (2, 300, Double(i), 9))) }
        var frame = frames[0]
        filter.apply(to: &frame)
        let allocations = AllocationCounter.count {
            for i in 1..<frames.count {
                frame = frames[i]
                filter.apply(to: &frame)
            }
        }
        #expect(allocations == 0)
    }
}
