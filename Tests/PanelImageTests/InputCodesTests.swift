import CEvdev
import Foundation
import PanelTesting
import PanelUI
import Testing

/// PanelKit spells out the kernel's input codes (Sources/PanelUI/Input/InputCodes.swift)
/// so that the core needs no C headers. These tests hold every one of them to
/// the kernel's value, looked up by name through libevdev.
@Suite struct InputCodesTests {
    /// One Swift constant and the kernel name it stands for.
    struct Constant: CustomTestStringConvertible, Sendable {
        let swiftName: String
        let value: UInt16
        let kernelName: String
        var testDescription: String { "\(swiftName) = \(kernelName)" }
    }

    static let constants: [Constant] = [
        Constant(swiftName: "EventType.synchronization", value: EventType.synchronization, kernelName: "EV_SYN"),
        Constant(swiftName: "EventType.key", value: EventType.key, kernelName: "EV_KEY"),
        Constant(swiftName: "EventType.relative", value: EventType.relative, kernelName: "EV_REL"),
        Constant(swiftName: "EventType.absolute", value: EventType.absolute, kernelName: "EV_ABS"),
        Constant(swiftName: "EventType.miscellaneous", value: EventType.miscellaneous, kernelName: "EV_MSC"),
        Constant(swiftName: "EventType.switchState", value: EventType.switchState, kernelName: "EV_SW"),
        Constant(swiftName: "EventType.led", value: EventType.led, kernelName: "EV_LED"),
        Constant(swiftName: "EventType.sound", value: EventType.sound, kernelName: "EV_SND"),
        Constant(swiftName: "EventType.autorepeat", value: EventType.autorepeat, kernelName: "EV_REP"),
        Constant(swiftName: "EventType.forceFeedback", value: EventType.forceFeedback, kernelName: "EV_FF"),
        Constant(swiftName: "EventType.power", value: EventType.power, kernelName: "EV_PWR"),
        Constant(
            swiftName: "EventType.forceFeedbackStatus", value: EventType.forceFeedbackStatus, kernelName: "EV_FF_STATUS"
        ),
        Constant(swiftName: "EventType.maximum", value: EventType.maximum, kernelName: "EV_MAX"),

        Constant(swiftName: "SynchronizationCode.report", value: SynchronizationCode.report, kernelName: "SYN_REPORT"),
        Constant(swiftName: "SynchronizationCode.config", value: SynchronizationCode.config, kernelName: "SYN_CONFIG"),
        Constant(
            swiftName: "SynchronizationCode.multitouchReport", value: SynchronizationCode.multitouchReport,
            kernelName: "SYN_MT_REPORT"),
        Constant(
            swiftName: "SynchronizationCode.dropped", value: SynchronizationCode.dropped, kernelName: "SYN_DROPPED"),

        Constant(swiftName: "AbsoluteAxis.x", value: AbsoluteAxis.x, kernelName: "ABS_X"),
        Constant(swiftName: "AbsoluteAxis.y", value: AbsoluteAxis.y, kernelName: "ABS_Y"),
        Constant(swiftName: "AbsoluteAxis.pressure", value: AbsoluteAxis.pressure, kernelName: "ABS_PRESSURE"),
        Constant(
            swiftName: "AbsoluteAxis.multitouchSlot", value: AbsoluteAxis.multitouchSlot, kernelName: "ABS_MT_SLOT"),
        Constant(
            swiftName: "AbsoluteAxis.multitouchTouchMajor", value: AbsoluteAxis.multitouchTouchMajor,
            kernelName: "ABS_MT_TOUCH_MAJOR"),
        Constant(
            swiftName: "AbsoluteAxis.multitouchTouchMinor", value: AbsoluteAxis.multitouchTouchMinor,
            kernelName: "ABS_MT_TOUCH_MINOR"),
        Constant(
            swiftName: "AbsoluteAxis.multitouchWidthMajor", value: AbsoluteAxis.multitouchWidthMajor,
            kernelName: "ABS_MT_WIDTH_MAJOR"),
        Constant(
            swiftName: "AbsoluteAxis.multitouchWidthMinor", value: AbsoluteAxis.multitouchWidthMinor,
            kernelName: "ABS_MT_WIDTH_MINOR"),
        Constant(
            swiftName: "AbsoluteAxis.multitouchOrientation", value: AbsoluteAxis.multitouchOrientation,
            kernelName: "ABS_MT_ORIENTATION"),
        Constant(
            swiftName: "AbsoluteAxis.multitouchPositionX", value: AbsoluteAxis.multitouchPositionX,
            kernelName: "ABS_MT_POSITION_X"),
        Constant(
            swiftName: "AbsoluteAxis.multitouchPositionY", value: AbsoluteAxis.multitouchPositionY,
            kernelName: "ABS_MT_POSITION_Y"),
        Constant(
            swiftName: "AbsoluteAxis.multitouchToolType", value: AbsoluteAxis.multitouchToolType,
            kernelName: "ABS_MT_TOOL_TYPE"),
        Constant(
            swiftName: "AbsoluteAxis.multitouchBlobID", value: AbsoluteAxis.multitouchBlobID,
            kernelName: "ABS_MT_BLOB_ID"),
        Constant(
            swiftName: "AbsoluteAxis.multitouchTrackingID", value: AbsoluteAxis.multitouchTrackingID,
            kernelName: "ABS_MT_TRACKING_ID"),
        Constant(
            swiftName: "AbsoluteAxis.multitouchPressure", value: AbsoluteAxis.multitouchPressure,
            kernelName: "ABS_MT_PRESSURE"),
        Constant(
            swiftName: "AbsoluteAxis.multitouchDistance", value: AbsoluteAxis.multitouchDistance,
            kernelName: "ABS_MT_DISTANCE"),
        Constant(swiftName: "AbsoluteAxis.count", value: AbsoluteAxis.count, kernelName: "ABS_CNT"),

        Constant(swiftName: "KeyCode.buttonLeft", value: KeyCode.buttonLeft, kernelName: "BTN_LEFT"),
        Constant(swiftName: "KeyCode.toolFinger", value: KeyCode.toolFinger, kernelName: "BTN_TOOL_FINGER"),
        Constant(swiftName: "KeyCode.touch", value: KeyCode.touch, kernelName: "BTN_TOUCH"),
        Constant(swiftName: "KeyCode.toolDoubleTap", value: KeyCode.toolDoubleTap, kernelName: "BTN_TOOL_DOUBLETAP"),
        Constant(swiftName: "KeyCode.maximum", value: KeyCode.maximum, kernelName: "KEY_MAX"),
        Constant(swiftName: "KeyCode.backspace", value: KeyCode.backspace, kernelName: "KEY_BACKSPACE"),
        Constant(swiftName: "KeyCode.enter", value: KeyCode.enter, kernelName: "KEY_ENTER"),
        Constant(swiftName: "KeyCode.keypadEnter", value: KeyCode.keypadEnter, kernelName: "KEY_KPENTER"),
        Constant(swiftName: "KeyCode.home", value: KeyCode.home, kernelName: "KEY_HOME"),
        Constant(swiftName: "KeyCode.left", value: KeyCode.left, kernelName: "KEY_LEFT"),
        Constant(swiftName: "KeyCode.right", value: KeyCode.right, kernelName: "KEY_RIGHT"),
        Constant(swiftName: "KeyCode.end", value: KeyCode.end, kernelName: "KEY_END"),

        Constant(swiftName: "InputProperty.pointer", value: InputProperty.pointer, kernelName: "INPUT_PROP_POINTER"),
        Constant(swiftName: "InputProperty.direct", value: InputProperty.direct, kernelName: "INPUT_PROP_DIRECT"),
        Constant(swiftName: "InputProperty.maximum", value: InputProperty.maximum, kernelName: "INPUT_PROP_MAX")
    ]

    /// The kernel's value for `name`, through libevdev's name tables; nil if
    /// libevdev does not know the name.
    static func kernelValue(of name: String) -> Int? {
        let found: Int32
        if name == "ABS_CNT" {
            // libevdev names codes, not counts: ABS_CNT is ABS_MAX + 1 by definition.
            let maximum = libevdev_event_code_from_name(UInt32(EV_ABS), "ABS_MAX")
            found = maximum < 0 ? -1 : maximum + 1
        } else if name.hasPrefix("EV_") {
            found = libevdev_event_type_from_name(name)
        } else if name.hasPrefix("INPUT_PROP_") {
            found = libevdev_property_from_name(name)
        } else {
            let type: Int32
            switch name.prefix(while: { $0 != "_" }) {
            case "SYN": type = EV_SYN
            case "ABS": type = EV_ABS
            case "BTN", "KEY": type = EV_KEY
            default: return nil
            }
            found = libevdev_event_code_from_name(UInt32(type), name)
        }
        return found < 0 ? nil : Int(found)
    }

    @Test(arguments: constants)
    func equalsTheKernelsValue(_ constant: Constant) throws {
        let kernel = try #require(
            Self.kernelValue(of: constant.kernelName), "libevdev does not know \(constant.kernelName)")
        #expect(
            Int(constant.value) == kernel,
            "\(constant.swiftName) is \(constant.value), the kernel's \(constant.kernelName) is \(kernel)")
    }

    @Test func countsAgreeWithTheCompiledHeader() {
        #expect(Int32(AbsoluteAxis.count) == ABS_CNT)
        #expect(Int32(EventType.maximum) == EV_MAX)
        #expect(Int32(KeyCode.maximum) == KEY_MAX)
        #expect(Int32(InputProperty.maximum) == INPUT_PROP_MAX)
    }

    @Test func isKnownMatchesTheTypesTheKernelNames() {
        // Every type below EV_MAX that the kernel gives a name to, and no other.
        for type in 0..<EventType.maximum {
            let named = libevdev_event_type_get_name(UInt32(type)) != nil
            #expect(EventType.isKnown(type) == named, "type \(type)")
        }
        #expect(!EventType.isKnown(EventType.maximum))
        #expect(!EventType.isKnown(0x20))
    }

    /// The names board files give absolute axes (`touch.axes`) and warnings
    /// print (`AbsoluteAxis.name(of:)`) are the kernel header's, code for code
    /// (read from the header itself: libevdev's tables may be older than it).
    @Test func absoluteAxisNamesAreTheKernels() throws {
        let header = try String(contentsOfFile: "/usr/include/linux/input-event-codes.h", encoding: .utf8)
        var kernel: [UInt16: String] = [:]
        for line in header.split(separator: "\n") where line.hasPrefix("#define ABS_") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count >= 3, words[1] != "ABS_MAX", words[1] != "ABS_CNT", words[2].hasPrefix("0x"),
                let code = UInt16(words[2].dropFirst(2), radix: 16)
            else { continue }
            kernel[code] = String(words[1])
        }
        #expect(kernel.count >= 43, "found only \(kernel.count) ABS_ codes; is the parser still right?")
        for code in 0..<AbsoluteAxis.count {
            #expect(AbsoluteAxis.name(of: code) == kernel[code], "code \(code)")
        }
    }

    /// Guards the table above: a constant added to InputCodes.swift without a
    /// row here fails, so "every constant" stays every constant.
    @Test func everyConstantInTheSourceIsChecked() throws {
        let source = URL(fileURLWithPath: PackagePaths.path("Sources/PanelUI/Input/InputCodes.swift"))
        let text = try String(contentsOf: source, encoding: .utf8)

        var declared: Set<String> = []
        var enclosingType = ""
        for line in text.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "{" })
            if let index = words.firstIndex(of: "enum"), index + 1 < words.count {
                enclosingType = String(words[index + 1])
            } else if let index = words.firstIndex(of: "let"), words.contains("static"), index + 1 < words.count {
                declared.insert("\(enclosingType).\(words[index + 1])")
            }
        }

        let checked = Set(Self.constants.map(\.swiftName))
        #expect(declared.count >= 40, "found only \(declared.count) constants; is the parser still right?")
        #expect(
            declared.subtracting(checked).isEmpty,
            "not checked against the kernel: \(declared.subtracting(checked).sorted())")
        #expect(
            checked.subtracting(declared).isEmpty, "checked but not declared: \(checked.subtracting(declared).sorted())"
        )
    }
}
