import CDRM
import CLinux
import PanelUI

/// Board settings for the display.
public struct DRMDisplayConfiguration {
    /// A card such as `/dev/dri/card0`; `nil` takes the first card in `directory` with a connected connector.
    public var cardPath: String?
    public var directory: String = "/dev/dri"
    /// A connector name such as `Virtual-1` or `HDMI-A-1`; `nil` takes the first connected one.
    public var connectorName: String?
    /// A mode `WIDTHxHEIGHT` (or a mode name); `nil` takes the preferred mode.
    public var mode: String?
    /// The format the board asks for (`display.pixelFormat`); `nil` takes XRGB8888,
    /// or RGB565 when the primary plane offers nothing better.
    public var pixelFormat: PixelFormat?
    /// How the panel is mounted (`display.rotation`): the UI is drawn turned back by this.
    public var rotation: DisplayRotation = .none
    public init(cardPath: String? = nil) { self.cardPath = cardPath }
}

/// A KMS display through libdrm: two dumb buffers, page flips with at most
/// one in flight, dirty-rect copies, the previous CRTC restored on close.
///
/// The board's rotation is done by the primary plane's `rotation` property
/// when the driver offers that angle (no CPU cost), else by the dirty copy
/// (`DisplayRotation.copy(_:from:to:)`). The UI is drawn in the board's
/// pixel format; the buffers scan it out as it is when the plane offers it,
/// else the copy converts it (RGB565 into XRGB8888), without dithering.
/// Blanking goes through the connector's DPMS property (`setBlanked(_:)`).
public final class DRMDisplay: ScanoutDisplay, EpollSource, RunLoopTarget {
    public let cardPath: String
    public let fd: FileDescriptor
    public let connectorName: String
    public let width: Int
    public let height: Int
    public let modeName: String
    public var delegate: (any ScanoutDisplayDelegate)?
    public let rotation: DisplayRotation
    /// What the UI draws in.
    public let pixelFormat: PixelFormat
    /// What the buffers scan out: `pixelFormat`, unless the plane cannot.
    public let scanoutFormat: PixelFormat
    /// Whether the plane turns the image (its buffers are then the logical size).
    public internal(set) var rotatesInHardware = false
    /// The formats the primary plane offers, as fourcc names (`XR24`, `RG16`, …); empty when the driver lists none.
    public let offeredFormats: [String]
    public var devicePath: String { cardPath }
    /// False while DRM master is lost (another VT or client owns the display).
    public internal(set) var isPresenting = true

    @usableFromInline let connectorID: UInt32
    /// The connector's "DPMS" property, looked up by name at open (0: it has none).
    @usableFromInline var dpmsPropertyID: UInt32 = 0
    @usableFromInline let crtcID: UInt32
    @usableFromInline var mode: drmModeModeInfo
    @usableFromInline var savedCRTC: UnsafeMutablePointer<drmModeCrtc>?
    @usableFromInline var buffers: [(handle: UInt32, fb: UInt32, pitch: Int, size: Int, map: UnsafeMutableRawPointer)] =
        []
    /// The buffers' size: the mode's, turned when the plane rotates.
    @usableFromInline var bufferWidth = 0
    @usableFromInline var bufferHeight = 0
    public var scanoutBytes: Int {
        var bytes = 0
        for index in buffers.indices { bytes += buffers[index].size }
        return bytes
    }
    /// The plane whose rotation property was changed, to put back on close.
    @usableFromInline var rotatedPlane: (plane: UInt32, property: UInt32, previous: UInt64)?
    @usableFromInline var front = 0
    @usableFromInline var flipPending = false
    /// What the buffers lack and the input times of the frames on their way.
    @usableFromInline var frames = FrameDamage()
    @usableFromInline var source: Framebuffer?
    @usableFromInline var runLoop: RunLoop?
    @usableFromInline var isClosed = false

    /// The scan-out buffers as PanelKit framebuffers.
    public func framebuffer(_ index: Int) -> Framebuffer {
        Framebuffer(
            width: bufferWidth, height: bufferHeight, stride: buffers[index].pitch, format: scanoutFormat,
            baseAddress: buffers[index].map)
    }

    public var summary: String {
        var text = cardPath + " " + connectorName + " " + modeName + ", " + Self.name(of: pixelFormat)
        if scanoutFormat != pixelFormat {
            text +=
                " converted to " + Self.name(of: scanoutFormat) + " as it is copied (the primary plane offers "
                + offeredFormats.joined(separator: ", ") + ")"
        }
        if pixelFormat == .rgb565 { text += ", not dithered" }
        switch (rotation, rotatesInHardware) {
        case (.none, _): break
        case (_, true): text += ", turned " + String(rotation.rawValue) + "° by the KMS plane"
        case (_, false):
            text +=
                ", turned " + String(rotation.rawValue) + "° in software as dirty areas are copied (the plane "
                + (offeredRotations.isEmpty ? "has no rotation property)" : "offers only " + offeredRotations + ")")
        }
        return text
    }

    /// The plane's rotation property's angles, e.g. `rotate-0, rotate-180`; empty when it has none.
    public let offeredRotations: String

    static func name(of format: PixelFormat) -> String {
        format == .rgb565 ? "RGB565" : "XRGB8888"
    }

    // MARK: Opening

    /// Opens the card, picks connector and mode, allocates two dumb buffers
    /// (cleared to black) and sets the CRTC, saving the one it replaces.
    public static func open(_ configuration: DRMDisplayConfiguration) throws(PanelLinuxError) -> DRMDisplay {
        if let path = configuration.cardPath {
            let fd: FileDescriptor
            do {
                fd = try FileDescriptor.openReadWriteNonBlocking(path)
            } catch {
                throw PanelLinuxError.opening(path, what: "DRM card", group: "video", error)
            }
            do {
                return try DRMDisplay(path: path, fd: fd, configuration: configuration)
            } catch {
                fd.close()
                throw error
            }
        }
        let cards = cardPaths(in: configuration.directory)
        if cards.isEmpty {
            throw PanelLinuxError(
                "no DRM card in \(configuration.directory): no KMS driver is loaded (e.g. modprobe bochs, vc4, i915), or give --card PATH"
            )
        }
        var reasons: [String] = []
        var permissionError: PanelLinuxError?
        for path in cards {
            let fd: FileDescriptor
            do {
                fd = try FileDescriptor.openReadWriteNonBlocking(path)
            } catch {
                let failure = PanelLinuxError.opening(path, what: "DRM card", group: "video", error)
                if error == .permissionDenied || error == .notPermitted { permissionError = failure }
                reasons.append(failure.message)
                continue
            }
            do {
                return try DRMDisplay(path: path, fd: fd, configuration: configuration)
            } catch {
                fd.close()
                reasons.append(error.message)
            }
        }
        if let permissionError, reasons.count == 1 { throw permissionError }
        // One line: the only card's reason names the card already; with
        // several cards, each card's reason follows, separated by "; ".
        if reasons.count == 1 { throw PanelLinuxError(reasons[0], errno: permissionError?.errno) }
        var message = "no usable DRM card in \(configuration.directory): "
        for (index, reason) in reasons.enumerated() { message += (index == 0 ? "" : "; ") + reason }
        throw PanelLinuxError(message, errno: permissionError?.errno)
    }

    /// `card*` entries of `directory`, sorted.
    public static func cardPaths(in directory: String) -> [String] {
        var names = directoryEntries(in: directory) { hasPrefixBytes($0, "card") }
        names.sort { a, b in a.utf8.count != b.utf8.count ? a.utf8.count < b.utf8.count : bytesPrecede(a, b) }
        return names.map { directory + "/" + $0 }
    }

    static func name(of connector: drmModeConnector) -> String {
        let type = drmModeGetConnectorTypeName(connector.connector_type).map { String(cString: $0) } ?? "Unknown"
        return type + "-" + String(connector.connector_type_id)
    }

    static func name(of mode: drmModeModeInfo) -> String { PrimaryPlane.string(mode.name) }

    init(path: String, fd: FileDescriptor, configuration: DRMDisplayConfiguration) throws(PanelLinuxError) {
        guard let resources = drmModeGetResources(fd.rawValue) else {
            throw PanelLinuxError(
                "\(path): not a KMS display device (no mode-setting resources; a render-only node or not DRM at all)")
        }
        defer { drmModeFreeResources(resources) }
        // The connector.
        var chosen: UnsafeMutablePointer<drmModeConnector>?
        var seen: [String] = []
        for i in 0..<Int(resources.pointee.count_connectors) {
            guard let connector = drmModeGetConnector(fd.rawValue, resources.pointee.connectors[i]) else { continue }
            let name = Self.name(of: connector.pointee)
            let connected = connector.pointee.connection == DRM_MODE_CONNECTED
            seen.append(name + (connected ? " (connected)" : " (disconnected)"))
            if chosen == nil && connected && connector.pointee.count_modes > 0
                && (configuration.connectorName == nil || sameBytes(configuration.connectorName, name))
            {
                chosen = connector
            } else {
                drmModeFreeConnector(connector)
            }
        }
        guard let connector = chosen else {
            let list = seen.isEmpty ? "it has no connectors" : "its connectors: " + seen.joined(separator: ", ")
            if let wanted = configuration.connectorName {
                throw PanelLinuxError("\(path): no connected connector named \(wanted); \(list)")
            }
            throw PanelLinuxError("\(path): no connected connector (no display attached); \(list)")
        }
        defer { drmModeFreeConnector(connector) }
        let connectorName = Self.name(of: connector.pointee)
        // The mode.
        var modeIndex: Int?
        var available: [String] = []
        for i in 0..<Int(connector.pointee.count_modes) {
            let mode = connector.pointee.modes[i]
            let size = String(mode.hdisplay) + "x" + String(mode.vdisplay)
            if !available.contains(where: { sameBytes($0, size) }) { available.append(size) }
            if modeIndex != nil { continue }
            if let wanted = configuration.mode {
                if sameBytes(wanted, size) || sameBytes(wanted, Self.name(of: mode)) { modeIndex = i }
            } else if mode.type & cdrm_mode_type_preferred() != 0 {
                modeIndex = i
            }
        }
        if modeIndex == nil && configuration.mode == nil { modeIndex = 0 }
        guard let modeIndex else {
            throw PanelLinuxError(
                "\(path): mode \(configuration.mode ?? "") not supported by \(connectorName); it supports: \(available.joined(separator: ", "))"
            )
        }
        let mode = connector.pointee.modes[modeIndex]
        // The CRTC: the encoder's current one, else the first its encoders can drive.
        var crtcID: UInt32 = 0
        if connector.pointee.encoder_id != 0, let encoder = drmModeGetEncoder(fd.rawValue, connector.pointee.encoder_id)
        {
            crtcID = encoder.pointee.crtc_id
            drmModeFreeEncoder(encoder)
        }
        if crtcID == 0 {
            search: for e in 0..<Int(connector.pointee.count_encoders) {
                guard let encoder = drmModeGetEncoder(fd.rawValue, connector.pointee.encoders[e]) else { continue }
                defer { drmModeFreeEncoder(encoder) }
                for c in 0..<Int(resources.pointee.count_crtcs)
                where encoder.pointee.possible_crtcs & (1 << UInt32(c)) != 0 {
                    crtcID = resources.pointee.crtcs[c]
                    break search
                }
            }
        }
        guard crtcID != 0 else { throw PanelLinuxError("\(path): no CRTC can drive \(connectorName)") }
        var crtcIndex = 0
        for c in 0..<Int(resources.pointee.count_crtcs) where resources.pointee.crtcs[c] == crtcID { crtcIndex = c }
        let modeName = String(mode.hdisplay) + "x" + String(mode.vdisplay) + "@" + String(mode.vrefresh)

        // The primary plane: the formats it scans out and the angles it turns.
        let plane = PrimaryPlane.find(fd: fd, crtcIndex: crtcIndex)
        let offered = plane?.formats ?? []
        let formats = try Self.choosePixelFormats(
            requested: configuration.pixelFormat, offered: offered,
            where: path + ": " + connectorName + "'s primary plane")
        let rotation = configuration.rotation
        let hardwareAngle = rotation == .none ? nil : plane?.rotationBit(named: PrimaryPlane.drmRotationName(rotation))

        self.cardPath = path
        self.fd = fd
        self.connectorName = connectorName
        self.connectorID = connector.pointee.connector_id
        self.crtcID = crtcID
        self.mode = mode
        self.width = Int(mode.hdisplay)
        self.height = Int(mode.vdisplay)
        self.modeName = modeName
        self.rotation = rotation
        self.pixelFormat = formats.render
        self.scanoutFormat = formats.scanout
        self.offeredFormats = offered.map(PrimaryPlane.fourccName)
        self.offeredRotations = plane?.rotationNames.joined(separator: ", ") ?? ""
        self.dpmsPropertyID = Self.propertyID(named: "DPMS", fd: fd, connector: connector)
        savedCRTC = drmModeGetCrtc(fd.rawValue, crtcID)

        // The plane turns the image when it can; the CRTC is switched off
        // around the change, since the console's buffer does not fit a
        // quarter-turned plane. A driver that lists the angle but refuses
        // linear dumb buffers turned (i915 wants tiled ones) falls back to software.
        var inHardware = false
        if let plane, let property = plane.rotationProperty, let bit = hardwareAngle {
            _ = drmModeSetCrtc(fd.rawValue, crtcID, 0, 0, 0, nil, 0, nil)
            if drmModeObjectSetProperty(fd.rawValue, plane.id, cdrm_object_plane(), property, 1 << UInt64(bit)) == 0 {
                rotatedPlane = (plane.id, property, plane.rotationValue)
                inHardware = true
            }
        }
        var attempt = 0
        while true {
            let turned = inHardware && rotation.swapsAxes
            bufferWidth = turned ? height : width
            bufferHeight = turned ? width : height
            rotatesInHardware = inHardware
            let failure = setUpBuffersAndCRTC()
            guard let failure else { return }
            destroyBuffers()
            if inHardware && attempt == 0 {
                undoPlaneRotation()
                inHardware = false
                attempt += 1
                continue
            }
            if let savedCRTC { drmModeFreeCrtc(savedCRTC) }
            savedCRTC = nil
            throw failure
        }
    }

    /// Allocates the two buffers and sets the CRTC to the first; the error, or nil.
    func setUpBuffersAndCRTC() -> PanelLinuxError? {
        for _ in 0..<2 {
            switch Self.createBuffer(fd: fd, width: bufferWidth, height: bufferHeight, format: scanoutFormat) {
            case .success(let buffer): buffers.append(buffer)
            case .failure(let error):
                return PanelLinuxError(
                    "\(cardPath): cannot allocate a \(bufferWidth)x\(bufferHeight) \(Self.name(of: scanoutFormat)) dumb buffer: \(error.message)",
                    errno: error.errno)
            }
        }
        var connectorID = self.connectorID
        if drmModeSetCrtc(fd.rawValue, crtcID, buffers[0].fb, 0, 0, &connectorID, 1, &self.mode) != 0 {
            let error = Errno.current
            if error == .permissionDenied || error == .notPermitted {
                return PanelLinuxError(
                    "\(cardPath): permission denied setting the mode: another program (a display server?) is DRM master; stop it, or run from a text console as root or a member of the 'video' group",
                    errno: error)
            }
            return PanelLinuxError(
                "\(cardPath): cannot set mode \(modeName) on \(connectorName) with a \(bufferWidth)x\(bufferHeight) \(Self.name(of: scanoutFormat)) buffer (errno \(error.rawValue))",
                errno: error)
        }
        return nil
    }

    /// Puts the plane's rotation back as it was found (CRTC off first: the
    /// console's buffer is the mode's size, unturned).
    @usableFromInline func undoPlaneRotation() {
        guard let rotated = rotatedPlane else { return }
        _ = drmModeSetCrtc(fd.rawValue, crtcID, 0, 0, 0, nil, 0, nil)
        _ = drmModeObjectSetProperty(
            fd.rawValue, rotated.plane, cdrm_object_plane(), rotated.property, rotated.previous)
        rotatedPlane = nil
    }

    /// What the UI draws in and what the buffers scan out, from what the board
    /// asks for and the plane offers (fourcc codes; empty: the driver lists
    /// none, so XRGB8888 is taken on trust, as every KMS driver scans it out).
    static func choosePixelFormats(requested: PixelFormat?, offered: [UInt32], where plane: String)
        throws(PanelLinuxError) -> (render: PixelFormat, scanout: PixelFormat)
    {
        let xrgb = offered.isEmpty || offered.contains(cdrm_format_xrgb8888())
        let rgb565 = offered.contains(cdrm_format_rgb565())
        let list = offered.map(PrimaryPlane.fourccName).joined(separator: ", ")
        switch requested {
        case .rgb565?:
            if rgb565 { return (.rgb565, .rgb565) }
            if xrgb { return (.rgb565, .xrgb8888) }
            throw PanelLinuxError(
                plane + " scans out neither RG16 nor XR24 (it offers " + list
                    + "): PanelKit cannot show an RGB565 board on it")
        case .xrgb8888?, nil:
            if xrgb { return (.xrgb8888, .xrgb8888) }
            if rgb565 { return (.rgb565, .rgb565) }
            throw PanelLinuxError(
                plane + " scans out neither XR24 nor RG16 (it offers " + list
                    + "): PanelKit draws only XRGB8888 and RGB565")
        }
    }

    /// The id of `connector`'s property called `name`; 0 when it has none.
    static func propertyID(named name: String, fd: FileDescriptor, connector: UnsafeMutablePointer<drmModeConnector>)
        -> UInt32
    {
        for i in 0..<Int(connector.pointee.count_props) {
            guard let property = drmModeGetProperty(fd.rawValue, connector.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(property) }
            if sameBytes(PrimaryPlane.string(property.pointee.name), name) { return property.pointee.prop_id }
        }
        return 0
    }

    static func createBuffer(fd: FileDescriptor, width: Int, height: Int, format: PixelFormat)
        -> Result<(handle: UInt32, fb: UInt32, pitch: Int, size: Int, map: UnsafeMutableRawPointer), PanelLinuxError>
    {
        var create = drm_mode_create_dumb()
        create.width = UInt32(width)
        create.height = UInt32(height)
        create.bpp = UInt32(format.bytesPerPixel * 8)
        if drmIoctl(fd.rawValue, cdrm_ioctl_mode_create_dumb(), &create) != 0 {
            return .failure(PanelLinuxError("DRM_IOCTL_MODE_CREATE_DUMB failed", errno: .current))
        }
        var destroy = drm_mode_destroy_dumb()
        destroy.handle = create.handle
        var fb: UInt32 = 0
        // Legacy depth/bpp pairs: 24/32 is XRGB8888, 16/16 is RGB565.
        let depth: UInt8 = format == .rgb565 ? 16 : 24
        if drmModeAddFB(
            fd.rawValue, UInt32(width), UInt32(height), depth, UInt8(create.bpp), create.pitch, create.handle, &fb) != 0
        {
            let error = Errno.current
            _ = drmIoctl(fd.rawValue, cdrm_ioctl_mode_destroy_dumb(), &destroy)
            return .failure(PanelLinuxError("drmModeAddFB failed", errno: error))
        }
        var map = drm_mode_map_dumb()
        map.handle = create.handle
        if drmIoctl(fd.rawValue, cdrm_ioctl_mode_map_dumb(), &map) != 0 {
            let error = Errno.current
            _ = drmModeRmFB(fd.rawValue, fb)
            _ = drmIoctl(fd.rawValue, cdrm_ioctl_mode_destroy_dumb(), &destroy)
            return .failure(PanelLinuxError("DRM_IOCTL_MODE_MAP_DUMB failed", errno: error))
        }
        guard let pointer = clinux_mmap_shared(fd.rawValue, Int(create.size), map.offset) else {
            let error = Errno.current
            _ = drmModeRmFB(fd.rawValue, fb)
            _ = drmIoctl(fd.rawValue, cdrm_ioctl_mode_destroy_dumb(), &destroy)
            return .failure(PanelLinuxError("mmap of the dumb buffer failed", errno: error))
        }
        memset(pointer, 0, Int(create.size))
        return .success((create.handle, fb, Int(create.pitch), Int(create.size), pointer))
    }

    @usableFromInline func destroyBuffers() {
        for buffer in buffers {
            _ = munmap(buffer.map, buffer.size)
            _ = drmModeRmFB(fd.rawValue, buffer.fb)
            var destroy = drm_mode_destroy_dumb()
            destroy.handle = buffer.handle
            _ = drmIoctl(fd.rawValue, cdrm_ioctl_mode_destroy_dumb(), &destroy)
        }
        buffers.removeAll()
    }

    // MARK: Presenting

    /// Starts reading page-flip events on `loop` and presenting from `source`,
    /// a framebuffer of `logicalSize` in `pixelFormat` (the renderer draws into it).
    public func attach(to loop: EpollRunLoop, source: Framebuffer) throws(PanelLinuxError) {
        let size = logicalSize
        precondition(
            source.width == size.width && source.height == size.height && source.format == pixelFormat,
            "DRMDisplay: the source framebuffer must be \(size.width)x\(size.height) \(Self.name(of: pixelFormat))")
        self.source = source
        self.runLoop = loop.application.runLoop
        do {
            try loop.add(fd, source: self)
        } catch {
            throw PanelLinuxError("\(cardPath): cannot watch the DRM fd (errno \(error.rawValue))", errno: error)
        }
        update(dirty: DirtyRegion(source.bounds), inputTime: .infinity)
    }

    /// The source changed in `dirty` (pixels), reflecting input from `inputTime`
    /// on: present it with the next flip (now, unless one is in flight).
    public func update(dirty: DirtyRegion, inputTime: Double) {
        guard !dirty.isEmpty else { return }
        frames.changed(dirty, inputTime: inputTime)
        presentIfPossible()
    }

    @usableFromInline func presentIfPossible() {
        guard frames.needsPresent, !flipPending, isPresenting, !isBlanked, !isClosed, let source else { return }
        let back = 1 - front
        // The back buffer lacks every change since it was last shown (damage
        // accumulates in both buffers), not just the latest one.
        copy(frames.damage[back], from: source, into: back)
        frames.damage[back].removeAll()
        let userData = Unmanaged.passUnretained(self).toOpaque()
        if drmModePageFlip(fd.rawValue, crtcID, buffers[back].fb, cdrm_page_flip_event(), userData) != 0 {
            let error = Errno.current
            if error == .permissionDenied || error == .notPermitted {
                masterLost()
            }
            frames.damage[back] = DirtyRegion(source.bounds) // whatever happened, draw it all next time
            return
        }
        flipPending = true
        frames.sent()
    }

    /// Copies the areas of `region` (logical pixels) of the source into buffer
    /// `index`, turned (unless the plane turns it) and converted as the buffer needs.
    @usableFromInline func copy(_ region: DirtyRegion, from source: Framebuffer, into index: Int) {
        let turn = rotatesInHardware ? DisplayRotation.none : rotation
        source.copy(region, turnedBy: turn, into: framebuffer(index))
    }

    /// Master was lost without warning (a flip failed with EACCES: another
    /// client took the display): stop presenting, try again every half second.
    @usableFromInline func masterLost() {
        isPresenting = false
        if retryTimer == nil { retryTimer = runLoop?.schedule(after: 0.5, target: self) }
    }

    @usableFromInline var retryTimer: TimerHandle?
    /// Given up with `release()` (the VT switched away): no presenting and no retries until `acquire()`.
    public internal(set) var isReleased = false

    /// Gives the display up for a VT switch away: waits for the flip in
    /// flight, stops presenting and drops DRM master, so the console (or the
    /// next VT's client) can set its mode. The app keeps running and
    /// rendering into the source; `acquire()` shows it all again.
    public func release() {
        guard !isClosed, !isReleased else { return }
        isReleased = true
        isPresenting = false // first: the flip completing below starts no other
        waitForFlip()
        if let retryTimer { runLoop?.cancel(retryTimer) }
        retryTimer = nil
        _ = drmDropMaster(fd.rawValue)
    }

    /// The VT is back: takes DRM master again and sets the CRTC to a buffer
    /// holding the whole source as it is now (everything drawn while away).
    /// Returns false when that failed; presenting then retries every half second.
    @discardableResult
    public func acquire() -> Bool {
        guard !isClosed, isReleased else { return isPresenting }
        isReleased = false
        _ = drmSetMaster(fd.rawValue) // EBUSY when another client is master: the CRTC then fails too
        if restoreCRTC() { return true }
        masterLost()
        return false
    }

    /// Sets the CRTC to the back buffer after a whole copy of the source; the
    /// screen then shows the source as it is now, so no flip is needed.
    @usableFromInline func restoreCRTC() -> Bool {
        guard let source else { return false }
        waitForFlip()
        guard !flipPending else { return false }
        var connectorID = self.connectorID
        let back = 1 - front
        copy(DirtyRegion(source.bounds), from: source, into: back)
        guard drmModeSetCrtc(fd.rawValue, crtcID, buffers[back].fb, 0, 0, &connectorID, 1, &mode) == 0 else {
            return false
        }
        front = back
        isPresenting = true
        if isBlanked {
            // Setting the CRTC lit it; DPMS On first so that Off is a change the kernel applies.
            setDPMS(on: true)
            setDPMS(on: false)
        }
        frames.damage[front].removeAll()
        frames.damage[1 - front] = DirtyRegion(source.bounds)
        frames.needsPresent = false
        frames.pendingInputTime = .infinity
        return true
    }

    // MARK: Blanking

    /// Whether `setBlanked(_:)` turned the display off.
    public internal(set) var isBlanked = false

    /// Turns the display off (`true`: the connector's DPMS property to Off,
    /// after the flip in flight; the kernel disables the CRTC and the panel)
    /// or on again, showing the buffer it showed. No flip is queued while
    /// blank: what changed meanwhile is presented once it is on. While the
    /// display is released (VT switched away) only the wish is kept, and
    /// `acquire()` applies it. The screen's idle timer calls it through
    /// the device session (`DeviceSession` is the core's `DisplayBlanking`).
    ///
    /// - Throws: when the connector has no DPMS property or the kernel
    ///   refused it; the display then stays on and presents as before.
    public func setBlanked(_ blanked: Bool) throws(PanelLinuxError) {
        guard blanked != isBlanked, !isClosed else { return }
        guard dpmsPropertyID != 0 else {
            throw PanelLinuxError(
                "\(cardPath): \(connectorName) has no DPMS property, so the display cannot be blanked; it stays on (leave blankAfter out of the board's idle section)"
            )
        }
        isBlanked = blanked
        guard !isReleased else { return }
        if blanked { waitForFlip() }
        if let error = setDPMS(on: !blanked) {
            isBlanked = false
            presentIfPossible()
            throw PanelLinuxError(
                "\(cardPath): cannot turn \(connectorName) " + (blanked ? "off" : "on") + " (DPMS): " + error.message,
                errno: error)
        }
        if !blanked { presentIfPossible() }
    }

    /// Sets the connector's DPMS property; the error when the driver refused it.
    @usableFromInline @discardableResult func setDPMS(on: Bool) -> Errno? {
        guard dpmsPropertyID != 0 else { return nil }
        let value = UInt64(on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF)
        return drmModeConnectorSetProperty(fd.rawValue, connectorID, dpmsPropertyID, value) == 0 ? nil : Errno.current
    }

    public func runLoopDidFire(_ handle: TimerHandle) {
        retryTimer = nil
        guard !isPresenting, !isReleased, !isClosed else { return }
        if !restoreCRTC() { retryTimer = runLoop?.schedule(after: 0.5, target: self) }
    }

    /// Waits (up to a second) for the page flip in flight, if any, to complete.
    @usableFromInline func waitForFlip() {
        var waited = 0
        while flipPending && waited < 100 {
            var poll = pollfd(fd: fd.rawValue, events: Int16(POLLIN), revents: 0)
            if CLinux.poll(&poll, 1, 10) > 0 { handleEvents() }
            waited += 1
        }
    }

    public func readReady(_ loop: EpollRunLoop) { handleEvents() }

    @usableFromInline func handleEvents() {
        _ = cdrm_handle_event(
            fd.rawValue,
            { _, sequence, seconds, microseconds, userData in
                guard let userData else { return }
                let display = Unmanaged<DRMDisplay>.fromOpaque(userData).takeUnretainedValue()
                display.flipCompleted(at: Double(seconds) + Double(microseconds) * 1e-6, vblank: UInt32(sequence))
            })
    }

    /// Whether a page flip is queued and not yet on the screen: the display
    /// takes no other frame until it completes.
    public var isFlipPending: Bool { flipPending }

    /// Seconds between vblanks in the current mode (1/60 when the mode does not say).
    public var refreshInterval: Double {
        mode.vrefresh > 0 ? 1 / Double(mode.vrefresh) : 1.0 / 60
    }

    @usableFromInline func flipCompleted(at time: Double, vblank: UInt32 = 0) {
        flipPending = false
        front = 1 - front
        let frame = frames.shown(at: time, vblank: vblank)
        delegate?.display(self, didPresent: frame)
        presentIfPossible()
    }

    /// Waits (up to a second) for a flip in flight, restores the CRTC found at
    /// open, frees the buffers and closes the card.
    public func close(_ loop: EpollRunLoop?) {
        guard !isClosed else { return }
        isClosed = true
        loop?.remove(fd)
        if let retryTimer { runLoop?.cancel(retryTimer) }
        retryTimer = nil
        waitForFlip()
        // The console comes back lit, whatever the idle timer did.
        if isBlanked && !isReleased { setDPMS(on: true) }
        undoPlaneRotation()
        if let saved = savedCRTC {
            var connectorID = self.connectorID
            if saved.pointee.mode_valid != 0 {
                _ = drmModeSetCrtc(
                    fd.rawValue, saved.pointee.crtc_id, saved.pointee.buffer_id, saved.pointee.x, saved.pointee.y,
                    &connectorID, 1, &saved.pointee.mode)
            } else {
                _ = drmModeSetCrtc(fd.rawValue, saved.pointee.crtc_id, 0, 0, 0, nil, 0, nil)
            }
            drmModeFreeCrtc(saved)
            savedCRTC = nil
        }
        destroyBuffers()
        fd.close()
    }
}
