import PanelJSON
import PanelKeys
import PanelLinux
import PanelReplay
import PanelTrace
import PanelUI

/// The traces one replay plays together: one trace (`--replay TRACE`: a
/// touch screen's or a keyboard's), or a flight recording's devices
/// (`FlightRecorder`), each file checked whole first, then streamed a line at a time.
struct InputReplay {
    /// One recorded device: its file, the next event it has, and (once
    /// playing) its keyboard state or its encoder's decoder.
    struct Device {
        var role: FlightRecording.Role
        var reader: TraceReader
        var next: InputEvent?
        var keys: KeyTranslator?
        var encoder: EncoderDecoder?
    }

    var devices: [Device] = []
    /// Whether every file holds its device's whole session since launch (a flight recording's).
    var coversWholeSession = true

    /// One trace, read as the device it records: a keyboard (`isKeyDevice`) or a touch screen.
    init(trace reader: TraceReader) throws(TraceError) {
        devices = [Device(role: isKeyDevice(reader.device) ? .keys : .touch, reader: reader, next: try reader.next())]
    }

    /// The devices recorded with the flight recording `replayed` reads (the
    /// file `--replay` names), each file beside it; a missing or malformed one
    /// ends the program, saying which.
    init(_ recording: FlightRecording, replayed: TraceReader, runtime: AppRuntime) {
        for device in recording.devices {
            do throws(TraceError) {
                var reader = replayed
                if !sameBytes(device.path, replayed.path) {
                    guard fileExists(path: device.path) else {
                        runtime.fail(
                            device.path + " is missing: the flight recording " + replayed.path + " was made with it ("
                                + device.role.text + "); copy it beside " + replayed.path
                                + " from the panel's data directory")
                    }
                    try TraceReader.check(path: device.path)
                    reader = try TraceReader(path: device.path)
                }
                if reader.flightRecording?.coversWholeSession != true { coversWholeSession = false }
                devices.append(Device(role: device.role, reader: reader, next: try reader.next()))
            } catch {
                runtime.fail(error.description)
            }
        }
    }

    /// The device whose next event comes first (the first opened, at a tie), nil at the end.
    func earliest() -> Int? {
        var earliest: Int?
        for i in 0..<devices.count {
            guard let event = devices[i].next else { continue }
            if earliest == nil || event.time < devices[earliest!].next!.time { earliest = i }
        }
        return earliest
    }
}

extension HeadlessHost {
    /// Draws the first frame, then plays the trace `reader` streams (one line
    /// in memory at a time): a touch screen's through decoder, transform (the
    /// board's calibration and rotation, onto the screen in points) and
    /// filters into the app, a keyboard's through the board's keymap.
    public func replay(_ reader: TraceReader) {
        do throws(TraceError) {
            play(try InputReplay(trace: reader))
        } catch {
            fail(error.description)
        }
    }

    /// Draws the first frame (drawing lays the views out, so the first touch
    /// hits them where they are), then plays every device of `input`, each
    /// event at its time, through the paths a board reads them by
    /// (`TouchInputPath`, a `KeyTranslator` per keyboard, `EncoderDecoder` with
    /// the board's encoder), each frame a turn of the app that ends in a frame
    /// (`frameDriver`), so layout, animation and drawing happen when they would
    /// on the panel. Then it ends as devices that go away: the clock runs on so
    /// due timers fire, touches, keys and a push still down are cancelled, and
    /// a summary line closes the log, as `panel replay` does.
    func play(_ input: InputReplay) {
        drawAll()
        var replay = input
        let log = launchOptions.log
        var touch: TouchInputPath?
        for i in 0..<replay.devices.count {
            let reader = replay.devices[i].reader
            switch replay.devices[i].role {
            case .touch:
                do throws(ReplayError) {
                    touch = try TouchInputPath(
                        trace: Trace(path: reader.path, device: reader.device, events: [], eventLines: []),
                        screenSize: window.bounds.size, board: runtime.board)
                } catch {
                    fail(error.message)
                }
            case .keys:
                // Each keyboard its own state, as on the board.
                replay.devices[i].keys = runtime.keyTranslator(
                    typing: reader.path, source: EvdevKeyInput.firstSource + i)
            case .encoder, .encoderButton:
                guard let encoder = runtime.encoderConfiguration() else {
                    fail(
                        reader.path
                            + " is a rotary encoder's recording: replaying it needs the board's encoder settings; give the --board the panel runs"
                    )
                }
                let turns = replay.devices[i].role == .encoder
                replay.devices[i].encoder = encoder.decoder(
                    reportsTurns: turns, reportsPush: !turns || encoder.buttonIsOnTurnsDevice)
            }
        }
        let runLoop = application.runLoop
        var frames = 0
        do throws(TraceError) {
            while let i = replay.earliest() {
                let event = replay.devices[i].next!
                replay.devices[i].next = try replay.devices[i].reader.next()
                if replay.devices[i].role == .touch {
                    if touch!.feed(event, to: application) { log.writer.flush() }
                    continue
                }
                // Keys and the encoder: each frame a turn at its SYN_REPORT, on the trace's clock.
                if event.time > runLoop.now { runLoop.advance(to: event.time) }
                if let keys = replay.devices[i].keys {
                    keys.handle(type: event.type, code: event.code, value: event.value, into: application)
                } else {
                    replay.devices[i].encoder!.decode(event) {
                        application.enqueue($0, source: EvdevKeyInput.firstSource + i)
                    }
                }
                if event.type == EventType.synchronization && event.code == SynchronizationCode.report {
                    frames += 1
                    application.runTurn()
                    log.writer.flush()
                }
            }
        } catch {
            fail(error.description)
        }
        application.finishReplay {
            application.cancelTouches()
            for i in 0..<replay.devices.count {
                replay.devices[i].keys?.cancelAll { application.enqueue($0) }
                if replay.devices[i].encoder?.cancelPush() == true {
                    application.enqueue(.push(.cancelled), source: EvdevKeyInput.firstSource + i)
                }
            }
        }
        log.summary(
            frames: frames + (touch?.frames ?? 0), touches: application.touchDispatcher.touchesSeen,
            droppedFrames: touch?.decoder.droppedEventBursts ?? 0)
    }
}
