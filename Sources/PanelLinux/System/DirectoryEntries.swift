import CLinux
import PanelUI

/// The names in `directory` that `include` accepts, in the order the
/// kernel lists them; none when the directory cannot be opened. The one
/// readdir loop the device scans share (input nodes, DRM cards,
/// framebuffers, backlights).
func directoryEntries(in directory: String, where include: (String) -> Bool) -> [String] {
    guard let dir = opendir(directory) else { return [] }
    var names: [String] = []
    while let name = clinux_readdir_name(dir) {
        let entry = String(cString: name)
        if include(entry) { names.append(entry) }
    }
    closedir(dir)
    return names
}

/// The paths of the evdev nodes (`eventN`) in `directory`, as listed.
func eventNodePaths(in directory: String) -> [String] {
    directoryEntries(in: directory) { hasPrefixBytes($0, "event") }.map { directory + "/" + $0 }
}
