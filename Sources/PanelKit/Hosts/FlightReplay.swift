import PanelJSON
import PanelKeys
import PanelLinux
import PanelReplay
import PanelTrace
import PanelUI

/// A flight recording's devices (`FlightRecorder`), read together: each
/// file checked whole first, then streamed a line at a time.
struct FlightReplay {
    /// One recorded device: its file and the next event it has.
    struct Device {
        var role: FlightRecording.Role
        var reader: TraceReader
        var next: InputEvent?
    }

    var devices: [Device] = []
    /// Whether every file holds its device's whole session since launch.
    var coversWholeSession = true

    /// The devices recorded with the file at `path` (the one `--replay`
    /// names), each file beside it; a missing or malformed one ends the program, saying which.
    init(_ recording: FlightRecording, replayed path: String, runtime: AppRuntime) {
        for device in recording.devices {
            guard fileExists(path: device.path) else {
                runtime.fail(
                    device.path + " is missing: the flight recording " + path + " was made with it ("
                        + device.role.text + "); copy it beside " + path + " from the panel's data directory")
            }
            do throws(TraceError) {
                try TraceReader.check(path: device.path)
                let reader = try TraceReader(path: device.path)
                devices.append(Device(role: device.role, reader: reader, next: try reader.next()))
            } catch {
                runtime.fail(error.description)
            }
            if let comment = FlightRecording.read(path: device.path), !comment.coversWholeSession {
                coversWholeSession = false
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
    /// Plays a flight recording: every device it kept (the touch screen, keys,
    /// the encoder), each event at its time, through the paths the device
    /// reads them by (`TouchInputPath`, `KeyTranslator`, `EncoderDecoder` with
    /// the board's encoder), each frame a turn of the app. Then it ends as
    /// devices that go away: touches, keys and a push still down are cancelled.
    func replay(_ flight: FlightReplay) {
        drawAll()
        var flight = flight
        let log = launchOptions.log
        var touch: TouchInputPath?
        // Each keyboard its own state, as on the board.
        var keys: [KeyTranslator?] = Array(repeating: nil, count: flight.devices.count)
        var encoders: [EncoderDecoder?] = Array(repeating: nil, count: flight.devices.count)
        for i in 0..<flight.devices.count {
            let device = flight.devices[i]
            switch device.role {
            case .touch:
                do throws(ReplayError) {
                    touch = try TouchInputPath(
                        trace: Trace(
                            path: device.reader.path, device: device.reader.device, events: [], eventLines: []),
                        screenSize: window.bounds.size, board: runtime.board)
                } catch {
                    fail(error.message)
                }
            case .keys:
                keys[i] = runtime.keyTranslator(typing: device.reader.path, source: EvdevKeyInput.firstSource + i)
            case .encoder, .encoderButton:
                guard let encoder = runtime.encoderConfiguration() else {
                    fail(
                        device.reader.path
                            + " is a rotary encoder's recording: replaying it needs the board's encoder settings; give the --board the panel runs"
                    )
                }
                let turns = device.role == .encoder
                encoders[i] = encoder.decoder(
                    reportsTurns: turns, reportsPush: !turns || encoder.buttonIsOnTurnsDevice)
            }
        }
        let runLoop = application.runLoop
        var frames = 0
        do throws(TraceError) {
            while let i = flight.earliest() {
                let event = flight.devices[i].next!
                flight.devices[i].next = try flight.devices[i].reader.next()
                switch flight.devices[i].role {
                case .touch:
                    if touch!.feed(event, to: application) { log.writer.flush() }
                case .keys:
                    if event.time > runLoop.now { runLoop.advance(to: event.time) }
                    if keys[i]!.handle(type: event.type, code: event.code, value: event.value, into: application) {
                        frames += 1
                        application.runTurn()
                        log.writer.flush()
                    }
                case .encoder, .encoderButton:
                    if event.time > runLoop.now { runLoop.advance(to: event.time) }
                    encoders[i]!.decode(event) { application.enqueue($0, source: EvdevKeyInput.firstSource + i) }
                    if event.type == EventType.synchronization && event.code == SynchronizationCode.report {
                        frames += 1
                        application.runTurn()
                        log.writer.flush()
                    }
                }
            }
        } catch {
            fail(error.description)
        }
        application.finishReplay {
            application.cancelTouches()
            for i in 0..<keys.count { keys[i]?.cancelAll { application.enqueue($0) } }
            for i in 0..<encoders.count where encoders[i]?.cancelPush() == true {
                application.enqueue(.push(.cancelled), source: EvdevKeyInput.firstSource + i)
            }
        }
        log.summary(
            frames: frames + (touch?.frames ?? 0), touches: application.touchDispatcher.touchesSeen,
            droppedFrames: touch?.decoder.droppedEventBursts ?? 0)
    }
}
