import PanelJSON
import PanelUI

extension Board {
    /// The board's rotary encoder and its push button (`encoder`; docs/focus.md).
    public struct Encoder: Equatable {
        /// The evdev device that reports the turns: a path (`/dev/input/event2`,
        /// a `/dev/input/by-path/…` link) or the device's name (`rotary@0`).
        public var device: String
        /// The relative axis it turns (`REL_X` by default, as the `rotary-encoder` driver).
        public var axis: UInt16
        /// How many counts of the axis make one detent (a click of the knob).
        public var stepsPerDetent: Int
        /// Whether counts go down when the knob turns clockwise.
        public var reversed: Bool
        /// The push button; nil when the encoder has none.
        public var button: Button?

        public init(
            device: String, axis: UInt16 = RelativeAxis.x, stepsPerDetent: Int = 1, reversed: Bool = false,
            button: Button? = nil
        ) {
            self.device = device
            self.axis = axis
            self.stepsPerDetent = stepsPerDetent
            self.reversed = reversed
            self.button = button
        }

        public struct Button: Equatable {
            /// The device that reports the key, as `Encoder.device`; nil: the encoder's own.
            public var device: String?
            /// The evdev key code (`KEY_ENTER` is 28).
            public var key: UInt16

            public init(device: String? = nil, key: UInt16) {
                self.device = device
                self.key = key
            }
        }
    }

    /// `"encoder": {"device": "rotary@0", "axis": "REL_DIAL", "stepsPerDetent": 1, "reversed": false,
    /// "button": {"device": "gpio-keys", "key": "KEY_ENTER"}}`.
    static func readEncoder(_ parent: inout JSONObjectReader) throws(JSONError) -> Encoder? {
        guard let value = parent.member("encoder") else { return nil }
        var object = try JSONObjectReader(value, file: parent.file, path: "encoder")
        let device = try readInputDevice(&object, "device", required: true)!
        var axis = RelativeAxis.x
        if let name = try object.string("axis") {
            guard let code = RelativeAxis.code(named: name) else {
                throw object.error(
                    "axis",
                    "unknown relative axis '" + messageText(name) + "'; expected " + axisList()
                        + " (the rotary-encoder driver's linux,axis; REL_X when left out)")
            }
            axis = code
        }
        let steps = try object.integer("stepsPerDetent") ?? 1
        guard steps >= 1, steps <= 120 else {
            throw object.error(
                "stepsPerDetent",
                "expected the counts one detent reports, 1 to 120 (1 for the rotary-encoder driver's default, 4 for a quadrature encoder counting every edge, 120 for a high-resolution wheel), not "
                    + String(steps))
        }
        let reversed = try object.bool("reversed") ?? false
        var button: Encoder.Button?
        if let buttonValue = object.member("button") {
            var buttonObject = try JSONObjectReader(buttonValue, file: parent.file, path: "encoder.button")
            let buttonDevice = try readInputDevice(&buttonObject, "device", required: false)
            guard let keyName = try buttonObject.string("key") else {
                throw buttonObject.error(
                    nil, "missing the key 'key' (the push button's key code, such as \"KEY_ENTER\")")
            }
            guard let key = EncoderButtonKey.code(named: keyName) else {
                throw buttonObject.error(
                    "key",
                    "unknown key '" + messageText(keyName) + "'; expected one of " + keyList()
                        + " (the gpio-keys linux,code of the push button)")
            }
            try buttonObject.finish()
            button = Encoder.Button(device: buttonDevice, key: key)
        }
        try object.finish()
        return Encoder(device: device, axis: axis, stepsPerDetent: steps, reversed: reversed, button: button)
    }

    /// An input device by path (`/dev/input/…`) or evdev name.
    static func readInputDevice(_ object: inout JSONObjectReader, _ key: String, required: Bool) throws(JSONError)
        -> String?
    {
        guard let device = try object.string(key) else {
            if required {
                throw object.error(
                    nil,
                    "missing the key '" + key
                        + "' (the evdev device: its name, such as \"rotary@0\", or a path under /dev/input)")
            }
            return nil
        }
        if device.isEmpty || (hasPrefixBytes(device, "/") && !hasPrefixBytes(device, "/dev/")) {
            throw object.error(
                key,
                "expected the evdev device's name (as `evtest` lists it, such as \"rotary@0\") or a path under /dev/input, not '"
                    + messageText(device) + "'")
        }
        return device
    }

    static func axisList() -> String {
        var text = ""
        for i in 0..<RelativeAxis.encoderAxes.count { text += (i == 0 ? "" : ", ") + RelativeAxis.encoderAxes[i].name }
        return text
    }

    static func keyList() -> String {
        var text = ""
        for i in 0..<EncoderButtonKey.names.count { text += (i == 0 ? "" : ", ") + EncoderButtonKey.names[i].name }
        return text
    }
}
