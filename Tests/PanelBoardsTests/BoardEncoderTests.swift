import Foundation
import PanelBoards
import PanelJSON
import PanelUI
import Testing

/// `goodBoard` with an `encoder` section before `sources`.
func boardWithEncoder(_ encoder: String) throws(JSONError) -> Board {
    try parseBoard(
        goodBoard.replacingOccurrences(of: #""sources":"#, with: #""encoder": "# + encoder + #", "sources":"#))
}

func encoderError(_ encoder: String) -> String? {
    do {
        _ = try boardWithEncoder(encoder)
        return nil
    } catch {
        return error.description
    }
}

@Suite("Board files: the encoder section")
struct BoardEncoderTests {
    @Test("An encoder with its axis, detent size and a push button on another device")
    func reads() throws {
        let board = try boardWithEncoder(
            #"{"device": "rotary@0", "axis": "REL_DIAL", "stepsPerDetent": 4, "reversed": true, "button": {"device": "gpio-keys", "key": "KEY_ENTER"}}"#
        )
        let encoder = try #require(board.encoder)
        #expect(encoder.device == "rotary@0")
        #expect(encoder.axis == RelativeAxis.dial)
        #expect(encoder.stepsPerDetent == 4)
        #expect(encoder.reversed)
        #expect(encoder.button == Board.Encoder.Button(device: "gpio-keys", key: 28))
    }

    @Test(
        "The defaults: REL_X as the rotary-encoder driver, one count a detent, the button on the encoder's device; no section, no encoder"
    )
    func defaults() throws {
        let board = try boardWithEncoder(
            #"{"device": "/dev/input/by-path/platform-rotary-event", "button": {"key": "BTN_0"}}"#)
        #expect(
            board.encoder
                == Board.Encoder(
                    device: "/dev/input/by-path/platform-rotary-event", axis: RelativeAxis.x,
                    stepsPerDetent: 1, reversed: false,
                    button: Board.Encoder.Button(device: nil, key: 0x100)))
        #expect(try parseBoard(goodBoard).encoder == nil)
    }

    @Test("Errors name the file, line, field and the fix")
    func errors() {
        #expect(
            encoderError(#"{"axis": "REL_DIAL"}"#)?
                .contains(
                    #"boards/test-board.json:11:14: encoder: missing the key 'device' (the evdev device: its name, such as "rotary@0", or a path under /dev/input)"#
                ) == true)
        #expect(
            encoderError(#"{"device": "rotary@0", "axis": "ABS_X"}"#)?
                .contains(
                    "encoder.axis: unknown relative axis 'ABS_X'; expected REL_X, REL_Y, REL_HWHEEL, REL_DIAL, REL_WHEEL"
                ) == true)
        #expect(
            encoderError(#"{"device": "rotary@0", "stepsPerDetent": 0}"#)?
                .contains("encoder.stepsPerDetent: expected the counts one detent reports, 1 to 120") == true)
        #expect(
            encoderError(#"{"device": "rotary@0", "button": {"key": "KEY_ENTR"}}"#)?
                .contains("encoder.button.key: unknown key 'KEY_ENTR'; expected one of KEY_ENTER, ") == true)
        #expect(
            encoderError(#"{"device": "rotary@0", "button": {"device": "gpio-keys"}}"#)?
                .contains(#"encoder.button: missing the key 'key' (the push button's key code, such as "KEY_ENTER")"#)
                == true)
        #expect(
            encoderError(#"{"device": "/sys/class/input/event2"}"#)?
                .contains("encoder.device: expected the evdev device's name") == true)
        #expect(
            encoderError(#"{"device": "rotary@0", "clicks": 20}"#)?
                .contains(
                    "encoder.clicks: unknown key 'clicks'; expected one of: device, axis, stepsPerDetent, reversed, button"
                ) == true)
    }
}
