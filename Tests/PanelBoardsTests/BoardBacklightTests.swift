import Foundation
import PanelBoards
import PanelJSON
import PanelTesting
import PanelUI
import Testing

/// `goodBoard` with a backlight in its display section and an `idle` section.
func boardWith(backlight: String? = #"{"device": "rpi_backlight", "minimum": 10, "maximum": 200}"#, idle: String?)
    -> String
{
    var text = goodBoard
    if let backlight {
        text = text.replacingOccurrences(
            of: #""pixelFormat": "XRGB8888", "rotation": 0}"#,
            with: #""pixelFormat": "XRGB8888", "rotation": 0, "backlight": "# + backlight + "}")
    }
    if let idle {
        text = text.replacingOccurrences(
            of: #""budgets": {"frameTime": 16.7, "latency": 50, "memory": 32},"#,
            with: #""budgets": {"frameTime": 16.7, "latency": 50, "memory": 32}, "idle": "# + idle + ",")
    }
    return text
}

/// The error `text` gives, without the file, line and column.
func boardError(_ text: String) -> String? {
    do {
        _ = try parseBoard(text)
        return nil
    } catch {
        let message = error.description
        #expect(message.hasPrefix("boards/test-board.json:"), "the error names the file and line: \(message)")
        // boards/test-board.json:LINE:COLUMN: path: message
        return message.split(separator: ":", maxSplits: 3).last.map { String($0.dropFirst()) }
    }
}

@Suite("Board files: the backlight and the idle timer")
struct BoardBacklightTests {
    @Test("display.backlight and idle read into the backlight settings and the screen's idle policy")
    func reads() throws {
        let board = try parseBoard(
            boardWith(
                idle: #"{"dimAfter": 30, "dimBrightness": 0.25, "blankAfter": 120, "dimmedWakeTouch": "deliver"}"#))
        #expect(
            board.display.backlight
                == Board.BacklightSettings(device: "rpi_backlight", minimumLevel: 10, maximumLevel: 200))
        #expect(
            board.idle
                == IdlePolicy(dimAfter: 30, dimBrightness: 0.25, blankAfter: 120, swallowsWakeTouchWhenDimmed: false))
    }

    @Test(
        "the defaults: no backlight and no idle timer; 'auto' and the levels left out take the only device from level 1 to its max_brightness; the dimmed wake touch is swallowed"
    )
    func defaults() throws {
        let plain = try parseBoard(goodBoard)
        #expect(plain.display.backlight == nil)
        #expect(plain.idle == nil)
        let auto = try parseBoard(boardWith(backlight: #"{"device": "auto"}"#, idle: #"{"dimAfter": 30}"#))
        #expect(auto.display.backlight == Board.BacklightSettings(device: nil, minimumLevel: 1, maximumLevel: nil))
        #expect(
            auto.idle == IdlePolicy(dimAfter: 30, dimBrightness: 0, blankAfter: nil, swallowsWakeTouchWhenDimmed: true))
        // Blanking alone needs no backlight: DPMS turns the display off.
        let blankOnly = try parseBoard(boardWith(backlight: nil, idle: #"{"blankAfter": 2}"#))
        #expect(blankOnly.idle == IdlePolicy(blankAfter: 2))
    }

    @Test("shipped boards without a backlight section still read (the fields are optional)")
    func shippedBoardsHaveNone() throws {
        let board = try Board.load(path: PackagePaths.path("boards/qemu-x86_64.json"))
        #expect(board.display.backlight == nil && board.idle == nil)
    }

    @Test("each mistake names the field and the fix")
    func breakages() {
        #expect(
            boardError(boardWith(backlight: #"{"device": "/sys/class/backlight/x"}"#, idle: nil))
                == "display.backlight.device: expected \"auto\" (the only backlight) or a device's name under /sys/class/backlight, such as \"rpi_backlight\", not '/sys/class/backlight/x'"
        )
        #expect(
            boardError(boardWith(backlight: #"{"minimum": 1}"#, idle: nil))
                == "display.backlight: missing the key 'device' (a string)")
        #expect(
            boardError(boardWith(backlight: #"{"device": "auto", "minimum": 50, "maximum": 50}"#, idle: nil))
                == "display.backlight.maximum: the maximum raw level 50 must be above the minimum 50; leave it out to use the device's max_brightness"
        )
        #expect(
            boardError(boardWith(backlight: #"{"device": "auto", "minimum": -1}"#, idle: nil))
                == "display.backlight.minimum: expected a raw level of 0 or more (the dimmest still lit), not -1")
        #expect(
            boardError(boardWith(backlight: #"{"device": "auto", "level": 3}"#, idle: nil))
                == "display.backlight.level: unknown key 'level'; expected one of: device, minimum, maximum")
        #expect(
            boardError(boardWith(idle: #"{"dimAfter": 0}"#))
                == "idle.dimAfter: expected seconds without input, above 0 and at most 86400 (a day), not 0; leave the key out for never"
        )
        #expect(
            boardError(boardWith(idle: #"{"dimAfter": 60, "blankAfter": 30}"#))
                == "idle.blankAfter: the screen would blank (30 s) before it dims (60 s); make blankAfter longer than dimAfter, or leave dimAfter out"
        )
        #expect(
            boardError(boardWith(backlight: nil, idle: #"{"dimAfter": 60}"#))
                == "idle.dimAfter: dimming needs a backlight PanelKit controls: add display.backlight (the device under /sys/class/backlight), or give blankAfter alone"
        )
        #expect(
            boardError(boardWith(idle: #"{"dimAfter": 60, "dimBrightness": 1.5}"#))
                == "idle.dimBrightness: expected a brightness from 0 (the backlight's minimum level) to 1, not 1.5")
        #expect(
            boardError(boardWith(idle: #"{"blankAfter": 60, "dimBrightness": 0.5}"#))
                == "idle.dimBrightness: a dim brightness without dimAfter never applies; give dimAfter too, or leave it out"
        )
        #expect(
            boardError(boardWith(idle: #"{"dimAfter": 60, "dimmedWakeTouch": "eat"}"#))
                == "idle.dimmedWakeTouch: expected \"swallow\" (the touch that wakes a dimmed screen does nothing) or \"deliver\" (it acts), not 'eat'"
        )
        #expect(
            boardError(boardWith(idle: "{}"))
                == "idle: expected dimAfter, blankAfter or both (seconds without input); leave 'idle' out for a screen that stays on"
        )
        #expect(
            boardError(boardWith(idle: #"{"blankAfter": 60, "sleepAfter": 90}"#))
                == "idle.sleepAfter: unknown key 'sleepAfter'; expected one of: dimAfter, blankAfter, dimBrightness, dimmedWakeTouch"
        )
    }
}
