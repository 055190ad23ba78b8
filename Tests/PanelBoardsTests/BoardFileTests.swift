import Foundation
import PanelBoards
import PanelJSON
import PanelTesting
import PanelUI
import Testing

/// A valid board file, to break one field at a time.
let goodBoard = """
    {
      "name": "test-board",
      "description": "A 7-inch test panel",
      "display": {"connector": "DSI-1", "mode": [800, 480, 60], "physicalSize": [154.08, 85.92],
                  "pixelFormat": "XRGB8888", "rotation": 0},
      "touch": {"device": "auto", "driver": "edt-ft5x06", "maxContacts": 10, "calibration": [1, 0, 0, 0, 1, 0],
                "rotation": 0, "grab": false},
      "scale": 1,
      "cpu": {"architecture": "aarch64", "flags": ["-mcpu=cortex-a72"]},
      "budgets": {"frameTime": 16.7, "latency": 50, "memory": 32},
      "sources": {"display": "a datasheet", "touch": "a driver binding", "cpu": "a SoC manual"}
    }
    """

func parseBoard(_ text: String) throws(JSONError) -> Board {
    try Board(parsing: Array(text.utf8), path: "boards/test-board.json")
}

/// `goodBoard` with `old` replaced by `new`, and the error it gives.
func breakage(_ old: String, _ new: String) -> String? {
    precondition(goodBoard.contains(old), "no \(old) in the good board")
    do {
        _ = try parseBoard(goodBoard.replacingOccurrences(of: old, with: new))
        return nil
    } catch {
        return error.description
    }
}

@Suite("Board files")
struct BoardFileTests {
    @Test("Every board file in boards/ is valid and cites its display, touch and CPU sources")
    func shippedBoards() throws {
        let folder = PackagePaths.path("boards")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
            .sorted()
        #expect(files.count >= 8, "six real boards and the two emulated ones")
        for file in files {
            let board = try Board.load(path: folder + "/" + file)
            #expect(board.name + ".json" == file)
            #expect(Set(board.sources.map(\.topic)).isSuperset(of: ["display", "touch", "cpu"]))
        }
    }

    @Test("A valid file reads into the board's screen, touch settings and budgets")
    func reads() throws {
        let board = try parseBoard(goodBoard)
        #expect(board.display.connector == "DSI-1")
        #expect(board.display.modeName == "800x480")
        #expect(board.screenSize == Size(width: 800, height: 480))
        #expect(board.touch.maxContacts == 10)
        #expect(board.cpu.architecture == .aarch64)
        #expect(board.budgets.frameTime == 16.7)
        #expect(Int(board.pixelsPerInch.rounded()) == 132)
    }

    @Test("The display rotation turns the UI's screen; the axis quirks fold into the calibration")
    func rotationAndQuirks() throws {
        let turned = try parseBoard(
            goodBoard
                .replacingOccurrences(
                    of: #""mode": [800, 480, 60], "physicalSize": [154.08, 85.92]"#,
                    with: #""mode": [720, 1280, 60], "physicalSize": [88, 155]"#
                )
                .replacingOccurrences(
                    of: #""pixelFormat": "XRGB8888", "rotation": 0"#,
                    with: #""pixelFormat": "XRGB8888", "rotation": 90"#
                )
                .replacingOccurrences(
                    of: #""maxContacts": 10,"#, with: #""maxContacts": 10, "swapAxes": true, "invertX": true,"#))
        #expect(turned.screenSize == Size(width: 1280, height: 720))
        // Swap then invert x: (x, y) → (1 − y, x).
        let m = turned.touch.effectiveCalibration
        #expect([m.a, m.b, m.c, m.d, m.e, m.f] == [0, -1, 1, 1, 0, 0])
    }

    @Test(
        "On a panel used turned, a sensor running along the panel turns with the UI: its origin lands where the panel's top-left pixel shows"
    )
    func sensorTurnsWithTheDisplay() throws {
        let board = try Board.load(path: PackagePaths.path("boards/rpi5-touch-display-2.json"))
        #expect(board.display.rotation == .clockwise90 && board.touch.rotation == .none)
        var sensor = TouchDeviceDescription(name: "portrait sensor")
        sensor.setAxis(AbsoluteAxis.x, AbsoluteAxisInfo(minimum: 0, maximum: 719))
        sensor.setAxis(AbsoluteAxis.y, AbsoluteAxisInfo(minimum: 0, maximum: 1279))
        // The UI is 640×360 points: the panel's 1280×720 pixels at scale 2.
        #expect(board.screenSize == Size(width: 640, height: 360))
        let transform = TouchTransform(
            device: sensor, screenSize: board.screenSize, rotation: board.touchRotationOnScreen)
        // UI turned 90° clockwise: the UI's bottom-left corner shows at the panel's top-left.
        let origin = transform.point(forDeviceX: 0, y: 0)
        #expect(abs(origin.x - 0) < 0.5 && abs(origin.y - 360) < 0.5)
        // Down the panel's left edge is rightwards along the UI's bottom edge: 640 pixels are 320 points.
        let down = transform.point(forDeviceX: 0, y: 640)
        #expect(abs(down.x - 320) < 0.5 && abs(down.y - 360) < 0.5)
    }

    @Test("A board's screen is in points, its pixels over its scale: the framebuffer stays the panel's pixels")
    func screenInPoints() throws {
        let folder = PackagePaths.path("boards")
        for (name, points, pixels, scale) in [
            ("rpi4-7inch", Size(width: 800, height: 480), (800, 480), 1.0),
            ("rpi5-touch-display-2", Size(width: 640, height: 360), (1280, 720), 2),
            ("stm32mp157f-dk2", Size(width: 400, height: 240), (800, 480), 2), // turned 90°
            ("imx8mm-evk", Size(width: 360, height: 640), (1080, 1920), 3)
        ] {
            let board = try Board.load(path: folder + "/" + name + ".json")
            #expect(board.scale == scale && board.screenSize == points, "\(name)")
            #expect(board.screenPixels.width == pixels.0 && board.screenPixels.height == pixels.1, "\(name)")
        }
        let doubled = try parseBoard(goodBoard.replacingOccurrences(of: #""scale": 1,"#, with: #""scale": 2,"#))
        #expect(doubled.screenSize == Size(width: 400, height: 240))
        // A scale that would leave a screen under 16 points across is refused.
        let tiny = goodBoard.replacingOccurrences(
            of: "[800, 480, 60], \"physicalSize\": [154.08, 85.92]",
            with: "[40, 24, 60], \"physicalSize\": [7.7, 4.6]")
        #expect(try parseBoard(tiny).screenSize == Size(width: 40, height: 24))
        do {
            _ = try parseBoard(tiny.replacingOccurrences(of: #""scale": 1,"#, with: #""scale": 2,"#))
            Issue.record("a 40×24 panel at scale 2 was accepted")
        } catch {
            #expect(
                error.description.contains(
                    "scale: 2 pixels per point leave 12 points across the mode's 24 pixels; the UI needs at least 16"),
                "\(error.description)")
        }
        #expect(
            breakage(#""scale": 1,"#, #""scale": 5,"#)?.contains("scale: expected pixels per point from 1 to 4, not 5")
                == true)
    }

    @Test("Touch filters read in points, seconds and raw pressure; absent, they are off")
    func filters() throws {
        #expect(try parseBoard(goodBoard).touch.filters == .none)
        let filtered = try parseBoard(
            goodBoard.replacingOccurrences(
                of: #""rotation": 0, "grab""#,
                with: #""rotation": 0, "filters": {"jitter": 2, "debounce": 40, "pressureThreshold": 30}, "grab""#))
        #expect(filtered.touch.filters == TouchFilterSettings(jitter: 2, debounce: 0.04, pressureThreshold: 30))
    }

    @Test("display.device names a DRM card or a framebuffer (the fbdev backend)")
    func displayDevice() throws {
        #expect(try parseBoard(goodBoard).display.device == nil)
        let old = #""display": {"connector""#
        let framebuffer = try parseBoard(
            goodBoard.replacingOccurrences(of: old, with: #""display": {"device": "/dev/fb1", "connector""#))
        #expect(framebuffer.display.device == "/dev/fb1")
        let card = try parseBoard(
            goodBoard.replacingOccurrences(of: old, with: #""display": {"device": "/dev/dri/card1", "connector""#))
        #expect(card.display.device == "/dev/dri/card1")
        #expect(
            Board.DisplayDeviceKind(path: "/dev/fb1") == .fbdev
                && Board.DisplayDeviceKind(path: "/dev/graphics/fb0") == .fbdev)
        #expect(
            Board.DisplayDeviceKind(path: "/dev/dri/card0") == .drm && Board.DisplayDeviceKind(path: "card12") == .drm)
        #expect(
            Board.DisplayDeviceKind(path: "/dev/dri/renderD128") == nil
                && Board.DisplayDeviceKind(path: "/dev/fb") == nil
                && Board.DisplayDeviceKind(path: "/dev/fbcon") == nil)
        #expect(
            breakage(old, #""display": {"device": "/dev/ttyS0", "connector""#)
                == "boards/test-board.json:4:25: display.device: expected a DRM card (\"/dev/dri/card0\") or a framebuffer (\"/dev/fb0\"), not '/dev/ttyS0'; leave it out to find the display"
        )
        #expect(
            breakage(old, #""display": {"device": "fb0", "connector""#)?.contains("display.device: expected a DRM card")
                == true)
    }

    @Test("Five kinds of breakage, each with the file, line, field and the fix")
    func breakages() {
        // An unknown key.
        #expect(
            breakage(#""scale": 1,"#, #""scale": 1, "dpi": 133,"#)?
                .contains("boards/test-board.json:8:") == true)
        #expect(
            breakage(#""scale": 1,"#, #""scale": 1, "dpi": 133,"#)?
                .contains(
                    "dpi: unknown key 'dpi'; expected one of: name, description, display, touch, scale, cpu, budgets, idle, encoder, keyboard, fonts, data, sources"
                ) == true)
        // A wrong type.
        #expect(
            breakage(#""maxContacts": 10"#, #""maxContacts": "ten""#)
                == "boards/test-board.json:6:70: touch.maxContacts: expected a number, found a string")
        // An impossible mode.
        #expect(
            breakage("[800, 480, 60]", "[800, 480, 0]")
                == "boards/test-board.json:4:45: display.mode: the refresh rate must be from 1 to 360 Hz, not 0")
        #expect(
            breakage("[800, 480, 60]", "[800.5, 480, 60]")
                == "boards/test-board.json:4:45: display.mode: width and height must be whole pixels from 16 to 8192, not 800.5 × 480"
        )
        // A mode and a size that disagree: the size given turned.
        #expect(
            breakage("[154.08, 85.92]", "[85.92, 154.08]")?
                .contains(
                    "display.physicalSize: the mode 800×480 and the size 85.92×154.08 mm give pixels 0.33 times as wide as tall"
                ) == true)
        // A matrix that is not invertible.
        #expect(
            breakage("[1, 0, 0, 0, 1, 0]", "[1, 2, 0, 0.5, 1, 0]")
                == "boards/test-board.json:6:89: touch.calibration: the matrix is not invertible (a·e − b·d = 0), so touches would collapse onto a line; run `panel calibrate` or use [1, 0, 0, 0, 1, 0]"
        )
        // A rotation that is not a quarter turn.
        #expect(
            breakage(#""rotation": 0},"#, #""rotation": 45},"#)
                == "boards/test-board.json:5:54: display.rotation: expected 0, 90, 180 or 270 (degrees clockwise), not 45"
        )
        // A missing source.
        #expect(
            breakage(#", "cpu": "a SoC manual""#, "")
                == "boards/test-board.json:11:14: sources: missing the source of the cpu facts ('cpu')")
        // A name that does not match the file.
        #expect(
            breakage(#""name": "test-board""#, #""name": "other""#)
                == "boards/test-board.json:2:11: name: the name 'other' does not match the file name test-board.json; rename the file or the board, so --board finds it"
        )
        // An unknown architecture and pixel format.
        #expect(
            breakage(#""architecture": "aarch64""#, #""architecture": "riscv64""#)
                == "boards/test-board.json:9:27: cpu.architecture: unknown architecture 'riscv64'; expected aarch64, armv7 or x86_64"
        )
        #expect(
            breakage(#""pixelFormat": "XRGB8888""#, #""pixelFormat": "BGR888""#)
                == "boards/test-board.json:5:30: display.pixelFormat: expected \"XRGB8888\" or \"RGB565\"")
        // A filter past what real input survives.
        #expect(
            breakage(#""rotation": 0, "grab""#, #""rotation": 0, "filters": {"debounce": 900}, "grab""#)?
                .contains("touch.filters.debounce: expected 0 (off) to 500 milliseconds, not 900") == true)
        #expect(
            breakage(#""rotation": 0, "grab""#, #""rotation": 0, "filters": {"jiter": 2}, "grab""#)?
                .contains(
                    "touch.filters.jiter: unknown key 'jiter'; expected one of: jitter, debounce, pressureThreshold")
                == true)
        // A frame budget the panel cannot keep.
        #expect(
            breakage(#""frameTime": 16.7"#, #""frameTime": 100"#)
                == "boards/test-board.json:10:28: budgets.frameTime: 100 ms is more than two refresh intervals at 60 Hz (16.7 ms each); use the refresh interval"
        )
    }
}
