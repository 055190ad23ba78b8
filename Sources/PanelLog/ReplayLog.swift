import PanelUI

/// The `panel replay` log: one JSON object per line, each with a `type`.
///
/// ```
/// {"type":"touch","t":0.0318,"touch":1,"phase":"began","x":250.6,"y":255.9,"view":"cell-1-1","tapCount":1}
/// {"type":"responder","t":0.0318,"view":"cell-1-1","message":"touchesBegan","touches":[1]}
/// {"type":"summary","frames":14,"touches":2,"droppedFrames":0}
/// ```
/// `t` is seconds from the start of the trace; `x`/`y` are window points.
public final class ReplayLog {
    public let writer: JSONLineWriter
    /// Subtracted from clock times to give `t`.
    // `@exclusivity(unchecked)`: read on every logged line; both hold trivial values
    // (no reference to free) accessed whole, and the log calls no app code meanwhile.
    @exclusivity(unchecked) public var startTime: Double = 0
    @usableFromInline let clock: any MonotonicClock
    @exclusivity(unchecked) @usableFromInline var ids: InlineArray<32, Int> = InlineArray(repeating: 0)

    public init(sink: any TextSink, clock: any MonotonicClock) {
        self.writer = JSONLineWriter(sink: sink)
        self.clock = clock
    }

    public var time: Double { clock.now - startTime }

    /// One line per phase change the runtime sees.
    public func touch(_ touch: Touch) {
        writer.beginObject(type: "touch")
        writer.field("t", time, decimals: 4)
        writer.field("touch", touch.identifier)
        writer.field("phase", Self.name(of: touch.phase))
        let location = touch.location(in: nil)
        writer.field("x", location.x, decimals: 1)
        writer.field("y", location.y, decimals: 1)
        writer.field("view", touch.view?.name)
        writer.field("tapCount", touch.tapCount)
        writer.endObject()
    }

    /// A responder message as `view` received it; touch ids in ascending order.
    public func responder(_ view: View, _ message: StaticString, _ touches: TouchSet) {
        var count = 0
        for touch in touches {
            // Insertion sort into the fixed array: at most 32 ids.
            var i = count
            while i > 0 && ids[i - 1] > touch.identifier {
                ids[i] = ids[i - 1]
                i -= 1
            }
            ids[i] = touch.identifier
            count += 1
        }
        writer.beginObject(type: "responder")
        writer.field("t", time, decimals: 4)
        writer.field("view", view.name)
        writer.field("message", message)
        writer.field("touches", integers: ids, count: count)
        writer.endObject()
    }

    public func summary(frames: Int, touches: Int, droppedFrames: Int) {
        writer.beginObject(type: "summary")
        writer.field("frames", frames)
        writer.field("touches", touches)
        writer.field("droppedFrames", droppedFrames)
        writer.endObject()
        writer.flush()
    }

    public static func name(of phase: Touch.Phase) -> StaticString {
        switch phase {
        case .began: return "began"
        case .moved: return "moved"
        case .stationary: return "stationary"
        case .ended: return "ended"
        case .cancelled: return "cancelled"
        }
    }
}
