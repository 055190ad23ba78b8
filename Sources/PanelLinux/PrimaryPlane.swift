import CDRM
import PanelUI

/// The primary plane that scans out a CRTC: the pixel formats it takes and
/// the angles its `rotation` property offers. Read once at open.
struct PrimaryPlane {
    var id: UInt32
    /// fourcc codes, as the driver lists them.
    var formats: [UInt32]
    /// The `rotation` property's id, when the plane has one.
    var rotationProperty: UInt32?
    /// Its current value (a bit mask), to put back on close.
    var rotationValue: UInt64 = 1
    /// Bit index by entry name (`rotate-0`, `rotate-90`, …, `reflect-x`): a
    /// handful, searched by bytes (a Dictionary keyed by String hashes
    /// through Unicode normalization, which a board binary need not carry).
    var rotationBits: [(name: String, bit: UInt64)] = []
    /// The `rotate-*` entry names, in the driver's order.
    var rotationNames: [String] = []

    /// The primary plane that can drive the CRTC at `crtcIndex`; nil when the
    /// driver lists no planes (a kernel without universal planes).
    static func find(fd: FileDescriptor, crtcIndex: Int) -> PrimaryPlane? {
        _ = drmSetClientCap(fd.rawValue, cdrm_client_cap_universal_planes(), 1)
        guard let resources = drmModeGetPlaneResources(fd.rawValue) else { return nil }
        defer { drmModeFreePlaneResources(resources) }
        var fallback: PrimaryPlane?
        for i in 0..<Int(resources.pointee.count_planes) {
            guard let plane = drmModeGetPlane(fd.rawValue, resources.pointee.planes[i]) else { continue }
            defer { drmModeFreePlane(plane) }
            guard plane.pointee.possible_crtcs & (1 << UInt32(crtcIndex)) != 0 else { continue }
            var found = PrimaryPlane(id: plane.pointee.plane_id, formats: [])
            for f in 0..<Int(plane.pointee.count_formats) { found.formats.append(plane.pointee.formats[f]) }
            var isPrimary = false
            if let properties = drmModeObjectGetProperties(fd.rawValue, found.id, cdrm_object_plane()) {
                defer { drmModeFreeObjectProperties(properties) }
                for p in 0..<Int(properties.pointee.count_props) {
                    guard let property = drmModeGetProperty(fd.rawValue, properties.pointee.props[p]) else { continue }
                    defer { drmModeFreeProperty(property) }
                    let name = Self.string(property.pointee.name)
                    let value = properties.pointee.prop_values[p]
                    if sameBytes(name, "type") { isPrimary = value == cdrm_plane_type_primary() }
                    if sameBytes(name, "rotation") && property.pointee.flags & cdrm_prop_bitmask() != 0 {
                        found.rotationProperty = property.pointee.prop_id
                        found.rotationValue = value
                        for e in 0..<Int(property.pointee.count_enums) {
                            let entry = property.pointee.enums[e]
                            let entryName = Self.string(entry.name)
                            if let i = found.rotationBits.firstIndex(where: { sameBytes($0.name, entryName) }) {
                                found.rotationBits[i].bit = entry.value
                            } else {
                                found.rotationBits.append((entryName, entry.value))
                            }
                            if hasPrefixBytes(entryName, "rotate-") { found.rotationNames.append(entryName) }
                        }
                    }
                }
            }
            if isPrimary { return found }
            if fallback == nil { fallback = found }
        }
        return fallback
    }

    /// The bit of the rotation entry `name`, if the plane offers it.
    func rotationBit(named name: String) -> UInt64? {
        for entry in rotationBits where sameBytes(entry.name, name) { return entry.bit }
        return nil
    }

    /// DRM turns planes counter-clockwise; a board's rotation is clockwise.
    static func drmRotationName(_ rotation: DisplayRotation) -> String {
        switch rotation {
        case .none: return "rotate-0"
        case .clockwise90: return "rotate-270"
        case .upsideDown: return "rotate-180"
        case .clockwise270: return "rotate-90"
        }
    }

    /// A fourcc code as its four letters (`XR24`).
    static func fourccName(_ code: UInt32) -> String {
        var text = ""
        for shift in stride(from: 0, to: 32, by: 8) {
            let byte = UInt8(truncatingIfNeeded: code >> UInt32(shift))
            text.append(Character(Unicode.Scalar(byte >= 0x20 && byte < 0x7F ? byte : UInt8(ascii: "?"))))
        }
        return text
    }

    /// A fixed C name field as a string (up to its first NUL).
    static func string<T>(_ field: T) -> String {
        var copy = field
        return withUnsafeBytes(of: &copy) { bytes in
            var text = ""
            for byte in bytes {
                if byte == 0 { break }
                text.append(Character(Unicode.Scalar(byte)))
            }
            return text
        }
    }
}
