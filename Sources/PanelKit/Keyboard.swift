import PanelBoards
import PanelJSON
import PanelKeys
import PanelLinux

extension Board {
    /// The XKB names of the board's `keyboard` section.
    public var keymapNames: KeymapNames {
        KeymapNames(
            model: keyboard.model, layout: keyboard.layout, variant: keyboard.variant, options: keyboard.options)
    }

    /// Compiles the board's keymap from this machine's XKB data. A layout,
    /// variant, option or model xkbcommon does not know is a board-file error
    /// at that field's line, naming the value and where to find valid ones.
    public func compileKeymap() throws(JSONError) -> Keymap {
        do {
            return try Keymap.compiling(keymapNames)
        } catch {
            throw keyboardError(field: error.field, error.message)
        }
    }
}

/// The keymap file `scripts/build-board` compiles into a board bundle, beside
/// the binary: a board needs no XKB data of its own.
public let bundledKeymapFile = "keymap.xkb"

extension AppRuntime {
    /// The keymap hardware keys type through: the bundle's compiled keymap
    /// (a board build's binary with its board compiled in), else the board's
    /// `keyboard` section (or US) compiled from this machine's XKB data.
    /// Nil, said once, when there is neither a bundled keymap nor XKB data:
    /// touch still works. A name xkbcommon rejects stops the app with the board file's error.
    func keymap() -> Keymap? {
        if options.board == nil, board != nil {
            let path = executableDirectory() + "/" + bundledKeymapFile
            if fileExists(path: path) {
                do throws(KeymapError) {
                    guard let bytes = try? readWholeFile(path: path) else { fail("cannot read the keymap " + path) }
                    return try Keymap(text: String(decoding: bytes, as: UTF8.self))
                } catch {
                    fail(path + ": " + error.message + "; rebuild the bundle with scripts/build-board")
                }
            }
        }
        #if canImport(PanelSDL)
            guard fileExists(path: Keymap.dataDirectory + "/rules/evdev") else {
                note(
                    "no XKB data in " + Keymap.dataDirectory + " (Debian's xkb-data) and no bundled "
                        + bundledKeymapFile
                        + ": hardware keys are not read")
                return nil
            }
            guard let board else {
                do throws(KeymapError) { return try Keymap.compiling(KeymapNames()) } catch { fail(error.message) }
            }
            do throws(JSONError) { return try board.compileKeymap() } catch { fail(error.description) }
        #else
            // A board build loads the keymap build-board compiled: compiling XKB names (and
            // telling which one is wrong) is the host's work, and would cost the binary ~15 KB.
            note(
                "no " + bundledKeymapFile
                    + " beside the binary (scripts/build-board writes it): hardware keys are not read")
            return nil
        #endif
    }
}

extension AppRuntime {
    /// A keyboard for a replay of the key trace at `path`: the board's keymap,
    /// or the program's end, saying what is missing.
    func keyTranslator(typing path: String, source: Int = EvdevKeyInput.firstSource) -> KeyTranslator {
        guard let keymap = keymap() else {
            fail(
                path
                    + " is a keyboard trace: typing it needs a keymap, and this machine has no XKB data (install xkb-data)"
            )
        }
        return KeyTranslator(keymap: keymap, source: source)
    }
}
