/// One kernel input event, as `struct input_event` carries it: a type, a code,
/// a value and a timestamp. Decoders take these from evdev, from an evemu
/// trace or from the simulator alike.
@frozen
public struct InputEvent: Equatable, Sendable {
    /// Seconds on the device's clock (`CLOCK_MONOTONIC` on the device backend,
    /// seconds from the recording's start in a trace).
    public var time: Double
    /// One of `EventType`.
    public var type: UInt16
    /// A code within the type, such as `AbsoluteAxis.positionX`.
    public var code: UInt16
    public var value: Int32

    @inlinable
    public init(time: Double, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }
}
