extension Double {
    /// `rounded(.down)`, bit for bit (−0 and non-finite values included),
    /// without the call into libm that baseline x86-64, which has no rounding
    /// instruction, makes for it. The renderer rounds each view's rectangles
    /// to whole pixels, a few dozen times a frame.
    @inlinable @inline(__always)
    var roundedDown: Double {
        #if arch(x86_64)
            // 2^52 and beyond (and infinities, NaN): already whole.
            guard magnitude < 4_503_599_627_370_496 else { return self }
            let truncated = Double(Int64(self))
            if truncated == self { return self } // keeps −0
            return truncated > self ? truncated - 1 : truncated
        #else
            return rounded(.down)
        #endif
    }

    /// `rounded(.up)`, bit for bit, without a libm call on x86-64 (see `roundedDown`).
    @inlinable @inline(__always)
    var roundedUp: Double {
        #if arch(x86_64)
            guard magnitude < 4_503_599_627_370_496 else { return self }
            let truncated = Double(Int64(self))
            if truncated == self { return self }
            if truncated < self { return truncated + 1 }
            // Truncation rounded a negative number up: to −0 from above −1, as `ceil` gives.
            return truncated == 0 ? -0.0 : truncated
        #else
            return rounded(.up)
        #endif
    }
}
