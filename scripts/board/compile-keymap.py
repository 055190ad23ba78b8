#!/usr/bin/env python3
"""Compiles a board file's keyboard (layout, variant, options, model; us on
pc105 by default) with the host's libxkbcommon and XKB data (xkb-data) into
one XKB keymap file, which scripts/build-board ships in the bundle as
keymap.xkb: the board then needs no XKB data of its own.

    scripts/board/compile-keymap.py boards/NAME.json > keymap.xkb

A name xkbcommon does not know stops it with one line naming the file, the
field and the value (as `panel` says it, with the line, at run time).
"""
import ctypes
import json
import sys


class RuleNames(ctypes.Structure):
    _fields_ = [(name, ctypes.c_char_p) for name in ("rules", "model", "layout", "variant", "options")]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    path = sys.argv[1]
    with open(path) as f:
        keyboard = json.load(f).get("keyboard", {})
    names = {"model": keyboard.get("model", "pc105"), "layout": keyboard.get("layout", "us"),
             "variant": keyboard.get("variant", ""), "options": keyboard.get("options", "")}
    try:
        xkb = ctypes.CDLL("libxkbcommon.so.0")
    except OSError:
        sys.exit("compile-keymap.py: no libxkbcommon.so.0 on this machine: install libxkbcommon0 (Debian)")
    xkb.xkb_context_new.restype = ctypes.c_void_p
    xkb.xkb_keymap_new_from_names.restype = ctypes.c_void_p
    xkb.xkb_keymap_new_from_names.argtypes = [ctypes.c_void_p, ctypes.POINTER(RuleNames), ctypes.c_int]
    xkb.xkb_keymap_get_as_string.restype = ctypes.c_void_p
    xkb.xkb_keymap_get_as_string.argtypes = [ctypes.c_void_p, ctypes.c_int]
    xkb.xkb_context_set_log_level.argtypes = [ctypes.c_void_p, ctypes.c_int]
    context = xkb.xkb_context_new(2)   # XKB_CONTEXT_NO_ENVIRONMENT_NAMES: only the board file decides
    if not context:
        sys.exit("compile-keymap.py: xkbcommon could not create a context")
    xkb.xkb_context_set_log_level(context, 0)   # quiet: each field is tried on its own below

    def compile(model, layout, variant="", options=""):
        rmlvo = RuleNames(b"evdev", model.encode(), layout.encode(), variant.encode(), options.encode())
        return xkb.xkb_keymap_new_from_names(context, ctypes.byref(rmlvo), 0)

    lst = "/usr/share/X11/xkb/rules/evdev.lst"
    hint = "list valid ones with `localectl list-x11-keymap-%s` or in " + lst
    if not compile(names["model"], names["layout"]):
        sys.exit("%s: keyboard.layout: xkbcommon has no keyboard layout '%s'; %s" % (path, names["layout"], hint % "layouts"))
    if not compile(names["model"], names["layout"], names["variant"]):
        sys.exit("%s: keyboard.variant: xkbcommon has no variant '%s' of the layout '%s'; %s"
                 % (path, names["variant"], names["layout"], hint % ("variants " + names["layout"])))
    # xkbcommon only logs an option it does not know: check them against the rules' list.
    try:
        with open(lst) as f:
            listed, section = set(), None
            for line in f:
                if line.startswith("!"):
                    section = line[1:].strip()
                elif section in ("option", "model") and line.strip():
                    listed.add((section, line.split()[0]))
    except OSError:
        listed = None
    if listed is not None:
        for option in filter(None, names["options"].split(",")):
            if ("option", option) not in listed:
                sys.exit("%s: keyboard.options: xkbcommon has no keyboard option '%s'; %s" % (path, option, hint % "options"))
        if ("model", names["model"]) not in listed:
            sys.exit("%s: keyboard.model: xkbcommon has no keyboard model '%s'; %s" % (path, names["model"], hint % "models"))
    keymap = compile(**names)
    if not keymap:
        sys.exit("%s: keyboard: xkbcommon cannot compile the keymap %s" % (path, names))
    text = xkb.xkb_keymap_get_as_string(keymap, 1)
    sys.stdout.write(ctypes.string_at(text).decode())


main()
