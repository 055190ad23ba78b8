# shellcheck shell=bash
# The host side shared by scripts/vm-test (x86_64, `panel`) and
# scripts/board-vm-test (a board bundle, e.g. aarch64): the check list, Debian's
# kernel, the initramfs, QEMU in the background, and the talk with the VM's
# /init (scripts/vm/init): "@@VM" markers on the serial log, "go" answers on the
# control socket, screendumps through the monitor. Sourced after lib/common.sh.
#
# The caller sets VM_DIR (the cache, e.g. .build-vm), TRACE (a file name in
# Tests/Traces) and TIMEOUT (seconds per wait on the VM).

START=$SECONDS
PASSED=()
FAILED=()
SKIPPED=()
pass() { PASSED+=("$*"); echo "  PASS $*"; }
failed() { FAILED+=("$*"); echo "  FAIL $*"; }
skip() { SKIPPED+=("$*"); echo "  SKIP $*"; }
elapsed() { echo "$((SECONDS - START)) s"; }

# apt_download PACKAGE...: apt-get download into the current folder, updating
# the package lists once when they do not know a package yet.
apt_download() {
    apt-get download "$@" 2>"$VM_DIR/download.err" && return 0
    echo "apt-get download $* failed; updating the package lists once"
    apt_get "apt-get download $* failed" update || echo "warning: apt-get update reported errors; trying the download anyway" >&2
    apt-get download "$@" || die "apt-get download $* failed (is a Debian mirror reachable?)"
}

# fetch_kernel DEB_ARCH [PACKAGE]: Debian's stock kernel for DEB_ARCH (amd64,
# arm64, armhf): PACKAGE (default linux-image-DEB_ARCH; armhf has flavours,
# e.g. linux-image-armmp-lpae), then the versioned package it depends on,
# unpacked with dpkg -x into $VM_DIR/kernel and cached there. Sets KROOT,
# VMLINUZ, KVER.
fetch_kernel() {
    local arch="$1" package="${2:-linux-image-$1}"
    KROOT="$VM_DIR/kernel"
    mkdir -p "$VM_DIR/debs"
    if ! ls "$KROOT"/boot/vmlinuz-* >/dev/null 2>&1; then
        ensure_foreign_architecture "$arch"
        (
            cd "$VM_DIR/debs"
            rm -f ./linux-image-*.deb
            apt_download "$package:$arch"
            local meta versioned
            meta="$(ls "$package"_*.deb)"
            versioned="$(dpkg-deb -f "$meta" Depends | grep -o 'linux-image-[0-9][^ ,(]*' | head -n 1)"
            [ -n "$versioned" ] || die "cannot find the versioned kernel package in the Depends of $meta"
            echo "$package depends on $versioned"
            apt_download "$versioned:$arch"
            rm -rf "$KROOT.tmp"
            mkdir -p "$KROOT.tmp"
            dpkg -x "$versioned"_*.deb "$KROOT.tmp"
            mv "$KROOT.tmp" "$KROOT"
        )
    else
        echo "cached: $(ls "$KROOT"/boot/vmlinuz-*)"
    fi
    VMLINUZ="$(ls "$KROOT"/boot/vmlinuz-* | head -n 1)"
    KVER="${VMLINUZ##*/vmlinuz-}"
    [ -f "$KROOT/lib/modules/$KVER/modules.dep" ] || depmod -b "$KROOT" "$KVER" ||
        die "depmod -b $KROOT $KVER failed"
    echo "kernel $KVER"
}

# new_image: an empty initramfs tree in $VM_DIR/initramfs (sets IR).
new_image() {
    IR="$VM_DIR/initramfs"
    rm -rf "$IR"
    mkdir -p "$IR"/{bin,sbin,dev,proc,sys,tmp,traces,usr/bin,usr/local/bin,lib/modules/"$KVER"}
    install -m 755 "$PANELKIT_ROOT/scripts/vm/init" "$IR/init"
}

# copy_with_libs FILE DEST [LIBDIR...]: copies an executable to DEST in the
# image with every shared library it needs. Without LIBDIRs, ldd lists them
# and each goes to its own path. With LIBDIRs (a foreign architecture, which
# ldd cannot run), the ELF NEEDED entries are looked up in those folders,
# recursively, and go to /lib, which the dynamic loader always searches.
copy_with_libs() {
    local file="$1" dest="$2" lib
    shift 2
    install -D -m 755 "$file" "$IR$dest"
    if [ $# -eq 0 ]; then
        while read -r lib; do
            [ -n "$lib" ] || continue
            [ -e "$IR$lib" ] || install -D -m 755 "$(readlink -f "$lib")" "$IR$lib"
        done < <(ldd "$file" | grep -o '/[^ ]*' | sort -u)
        return 0
    fi
    local todo=("$file") needed dir found
    while [ "${#todo[@]}" -gt 0 ]; do
        file="${todo[0]}"
        todo=("${todo[@]:1}")
        for needed in $(readelf -d "$file" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
            [ -e "$IR/lib/$needed" ] && continue
            found=""
            for dir in "$@"; do
                if [ -e "$dir/$needed" ]; then found="$dir/$needed"; break; fi
            done
            [ -n "$found" ] || die "$needed (needed by $file) is in none of: $*"
            install -D -m 755 "$(readlink -f "$found")" "$IR/lib/$needed"
            todo+=("$found")
        done
    done
}

# add_modules MODULE...: copies the kernel modules (uncompressed) into the image.
add_modules() {
    local m path
    for m in "$@"; do
        path="$(grep -E "(^|/)$m\.ko(\.xz)?:" "$KROOT/lib/modules/$KVER/modules.dep" | cut -d: -f1 | head -n 1)"
        [ -n "$path" ] || die "module $m is not in the Debian kernel $KVER"
        install -D -m 644 "$KROOT/lib/modules/$KVER/$path" "$IR/lib/modules/$KVER/$path"
        case "$path" in *.xz) xz -d "$IR/lib/modules/$KVER/$path" ;; esac
    done
}

# pack_image: packs the tree into $VM_DIR/initramfs.cpio.gz (sets INITRD).
pack_image() {
    INITRD="$VM_DIR/initramfs.cpio.gz"
    (cd "$IR" && find . | cpio -o -H newc --quiet | gzip -1 > "$INITRD")
}

# start_qemu QEMU_COMMAND...: starts QEMU in the background with a fresh
# $VM_DIR/run (serial.log, control.sock, monitor.sock, qemu.out); the command
# uses $LOG, $CTL and $MON. A trap stops QEMU by its pid on exit.
prepare_run() {
    RUN="$VM_DIR/run"
    rm -rf "$RUN"
    mkdir -p "$RUN"
    LOG="$RUN/serial.log"
    MON="$RUN/monitor.sock"
    CTL="$RUN/control.sock"
    : > "$LOG"
}
start_qemu() {
    "$@" > "$RUN/qemu.out" 2>&1 &
    QEMU_PID=$!
    trap stop_qemu EXIT
    BOOT_START=$SECONDS
}
stop_qemu() {
    if kill -0 "$QEMU_PID" 2>/dev/null; then
        kill "$QEMU_PID" 2>/dev/null || true
        wait "$QEMU_PID" 2>/dev/null || true
    fi
}

# wait_marker REGEX [SECONDS]: waits for a marker line on the serial log.
# Fails (names the marker) on timeout, or when QEMU exits or the VM finishes first.
# SECONDS defaults to TIMEOUT, which each script sets and says why its number.
# A deadline on the clock, polled every 0.2 s: a fast VM goes on at once.
wait_marker() {
    local limit=$((SECONDS + ${2:-$TIMEOUT}))
    local ended
    while ! grep -Eq "^@@VM $1" "$LOG"; do
        # The marker and the end may both arrive between two polls: the end is
        # seen first, then the marker looked for once more (the log only
        # grows, so a marker printed before the end is found).
        ended=
        grep -q '^@@VM DONE' "$LOG" && ended=done
        kill -0 "$QEMU_PID" 2>/dev/null || ended=exited
        if [ -n "$ended" ] && grep -Eq "^@@VM $1" "$LOG"; then break; fi
        if [ "$ended" = exited ]; then
            echo "QEMU exited before marker '$1'; its output:"; cat "$RUN/qemu.out"; tail -n 30 "$LOG"
            die "QEMU exited before the VM printed '@@VM $1'"
        fi
        if [ "$ended" = done ]; then
            grep '^@@VM' "$LOG"
            die "the VM finished without printing '@@VM $1'"
        fi
        if [ "$SECONDS" -ge "$limit" ]; then
            tail -n 30 "$LOG"
            die "timed out after ${2:-$TIMEOUT} s waiting for '@@VM $1' on the serial log ($LOG)"
        fi
        sleep 0.2
    done
}
# answer: lets the VM go on past its current WAIT marker.
answer() { printf '%s\n' "${1:-go}" | socat -u - "UNIX-CONNECT:$CTL" || die "cannot write to the VM's control socket $CTL"; }
# screendump FILE: asks QEMU's monitor for the screen and waits for the whole PPM.
screendump() {
    rm -f "$1"
    # socat -t 5: how long it lingers for the monitor's reply after sending
    # the command; the monitor never closes, so this is paid on every dump
    # and is no deadline: the wait for the file below is.
    printf 'screendump %s\n' "$1" | socat -t 5 - "UNIX-CONNECT:$MON" > /dev/null ||
        die "cannot talk to QEMU's monitor at $MON"
    # 60 s: QEMU writes the PPM (1.5 MB at 800x480) in well under a second;
    # was 20 s, which a TCG QEMU beside a CPU hog, busy in the guest, could come near.
    local limit=$((SECONDS + 60))
    until [ -s "$1" ] && python3 "$PANELKIT_ROOT/scripts/vm/images.py" size "$1" >/dev/null 2>&1; do
        [ "$SECONDS" -lt "$limit" ] || die "screendump $1 was not written completely within 60 s"
        sleep 0.2
    done
}
# vm_results FIRST_LINE: the checks the VM did itself, from that line of the serial log on.
vm_results() {
    local line
    while read -r line; do
        case "$line" in
            "@@VM PASS "*) pass "vm: ${line#@@VM PASS }" ;;
            "@@VM FAIL "*) failed "vm: ${line#@@VM FAIL }" ;;
        esac
    done < <(sed -n "$1,\$p" "$LOG" | grep -a '^@@VM \(PASS\|FAIL\)' || true)
}
# vm_file PATH: a file the VM printed between "@@VM FILE PATH begin/end" markers.
vm_file() { sed -n "\\|^@@VM FILE $1 begin|,\\|^@@VM FILE $1 end|p" "$LOG"; }

# vm_flight_recording VM_DIR HOST_DIR: the flight recording's files the VM
# printed from VM_DIR (flight-recording.evemu, and the keys' and encoder's
# beside it), each into HOST_DIR by its name, as a replay of them needs.
vm_flight_recording() {
    mkdir -p "$2"
    local path
    for path in $(grep -ao "^@@VM FILE $1/flight-recording[a-z.-]*\.evemu begin" "$LOG" | awk '{print $3}' | sort -u); do
        vm_file "$path" | sed '1d;$d' > "$2/$(basename "$path")"
    done
}

# boot_and_check_console MODE: waits for /init and its KMS checks, then
# screendumps the console (kept as console.ppm for check_sigterm) and checks
# its size is MODE (WIDTHxHEIGHT). Sets SEEN, the serial log's length then.
boot_and_check_console() {
    wait_marker BOOTED
    echo "booted to /init in $((SECONDS - BOOT_START)) s: $(grep -a '^@@VM BOOTED' "$LOG")"
    BOOT_TIME=$((SECONDS - BOOT_START))
    wait_marker 'WAIT console'
    echo "modules loaded, KMS checked after $((SECONDS - BOOT_START)) s"
    vm_results 1
    SEEN=$(wc -l < "$LOG")
    step "Checks"
    screendump "$RUN/console.ppm"
    local size
    size="$(python3 scripts/vm/images.py size "$RUN/console.ppm")"
    if [ "$size" = "${1%x*} ${1#*x}" ]; then
        pass "display: QEMU's screen is $1 after bochs set the console's mode ($(python3 scripts/vm/images.py stats "$RUN/console.ppm"))"
    else
        failed "display: QEMU's screen is '$size', expected ${1/x/ } (bochs did not set the mode)"
    fi
    answer go
}

# check_readback: the events evemu-record read from the uinput device against
# what the kernel's input core makes of the trace.
# CHECK_TAG (e.g. -vt) and CHECK_TRACE (a trace's path on the host) select
# another replay than the trace's: the VM's READBACK$CHECK_TAG block.
check_readback() {
    local tag="${CHECK_TAG:-}" trace="${CHECK_TRACE:-Tests/Traces/$TRACE}"
    sed -n "/^@@VM READBACK$tag begin/,/^@@VM READBACK$tag end/p" "$LOG" > "$RUN/readback$tag.evemu"
    local out
    if out="$(python3 scripts/vm/images.py readback "$trace" "$RUN/readback$tag.evemu" 2>&1)"; then
        pass "readback$tag: ${trace##*/} replayed by evemu-play into the uinput device; $out"
    else
        failed "readback$tag: events read from the uinput device differ from ${trace##*/}: $out"
    fi
}

# check_against_headless MAX_CHANNEL MAX_FRACTION [REPLAY_OPTION...]: the app's
# screen after the replay ($RUN/app-replayed.ppm) and its action lines against
# `panel replay DELIVERED --scene controls --png` on the host ($PANEL_BIN), or
# with CHECK_APP=demo against the demo app, `panel demo --backend headless --replay`.
# DELIVERED is the trace's device description with the events the kernel
# delivered (read back beside the app), since the input core smooths fuzzy axes.
# A pixel differs when a channel is off by more than MAX_CHANNEL; at most
# MAX_FRACTION of them may. Sets INFO_LOG (the whole log compared, for information).
# With CHECK_TAG set (see check_readback), the files and the screendump
# ($RUN/app-replayed$CHECK_TAG.ppm) carry the tag, and INFO_LOG is left alone.
# With CHECK_ROTATE=DEGREES, the headless frame is turned clockwise by that
# much before the comparison (a board mounted turned: see check_mounted).
check_against_headless() {
    local max_channel="$1" max_fraction="$2" out tag="${CHECK_TAG:-}" trace="${CHECK_TRACE:-Tests/Traces/$TRACE}"
    shift 2
    check_readback
    DELIVERED="$RUN/delivered$tag.evemu"
    { grep -v '^E:' "$trace"; grep '^E:' "$RUN/readback$tag.evemu"; } > "$DELIVERED"
    if [ "${CHECK_APP:-}" = demo ]; then
        # The demo app itself, headless: its log and last frame once still.
        "$PANEL_BIN" demo --backend headless --replay "$DELIVERED" --png "$RUN/headless$tag.png" --assets assets "$@" \
            > "$RUN/headless$tag.jsonl" || die "panel demo --backend headless --replay $DELIVERED $* failed on the host"
    else
        "$PANEL_BIN" replay "$DELIVERED" --scene controls --png "$RUN/headless$tag.png" --assets assets "$@" \
            > "$RUN/headless$tag.jsonl" || die "panel replay $DELIVERED --scene controls $* failed on the host"
    fi
    vm_file "/tmp/actions-replay$tag.jsonl" > "$RUN/vm-actions$tag.jsonl"
    local reference="$RUN/headless$tag.png"
    if [ -n "${CHECK_ROTATE:-}" ]; then
        # The headless frame is the UI upright; the panel shows it turned by the board's rotation.
        reference="$RUN/headless$tag-turned.ppm"
        python3 scripts/vm/images.py rotate "$RUN/headless$tag.png" "$reference" "$CHECK_ROTATE" ||
            die "cannot turn $RUN/headless$tag.png by $CHECK_ROTATE degrees"
    fi
    if out="$(python3 scripts/vm/images.py compare "$reference" "$RUN/app-replayed$tag.ppm" "$max_channel" "$max_fraction")"; then
        pass "screen$tag: screendump after the replay matches the headless render ($out)"
    else
        failed "screen$tag: screendump after the replay differs from \`panel replay --png\` beyond ${max_fraction} of pixels off by > ${max_channel}: $out (files in $RUN)"
    fi
    if out="$(python3 scripts/vm/images.py actions "$RUN/headless$tag.jsonl" "$RUN/vm-actions$tag.jsonl")"; then
        pass "actions$tag: $out"
    else
        failed "actions$tag: the app's action lines differ from the headless replay's: $out"
    fi
    # Touch phases and responder messages too: reported, not required, since the
    # app may deliver evdev frames that the headless replay coalesces.
    out="$(python3 scripts/vm/images.py actions "$RUN/headless$tag.jsonl" "$RUN/vm-actions$tag.jsonl" all || true)"
    echo "  info: whole log$tag (touch, responder, action lines) against the headless replay: $out"
    [ -n "$tag" ] || INFO_LOG="$out"
}

# check_sigterm: after the VM's "WAIT after-exit" (the app got SIGTERM), the
# screen must be the console's again, not the app's frame.
check_sigterm() {
    wait_marker 'WAIT after-exit'
    screendump "$RUN/after-exit.ppm"
    answer go
    if grep -aq '^@@VM EXITED' "$LOG" && python3 scripts/vm/images.py differ "$RUN/app-replayed.ppm" "$RUN/after-exit.ppm" 0.05 >/dev/null &&
        python3 scripts/vm/images.py compare "$RUN/console.ppm" "$RUN/after-exit.ppm" 0 0.2 >/dev/null; then
        pass "sigterm: after SIGTERM the screen is the console again, not the app's frame ($(grep -a '^@@VM EXITED' "$LOG" | cut -c6-))"
    else
        failed "sigterm: after SIGTERM the screen still shows the app's frame or not the console (see $RUN/after-exit.ppm, $RUN/console.ppm)"
    fi
}

# summary TITLE: every check again, the counts, and the exit status.
summary() {
    step "Summary ($(elapsed) in all, $*)"
    local c
    for c in "${PASSED[@]}"; do echo "  PASS $c"; done
    for c in "${SKIPPED[@]}"; do echo "  SKIP $c"; done
    for c in "${FAILED[@]}"; do echo "  FAIL $c"; done
    [ -z "${INFO_LOG:-}" ] || echo "  info: whole log against the headless replay: $INFO_LOG"
    echo "${#PASSED[@]} passed, ${#FAILED[@]} failed, ${#SKIPPED[@]} skipped; serial log: $LOG"
    [ "${#FAILED[@]}" -eq 0 ] || die "${#FAILED[@]} check(s) failed"
}

# host_panel: the host's `panel` for the headless reference: $PANEL_BIN, or
# `swift build -c release --product panel`. Sets PANEL_BIN to an absolute path.
host_panel() {
    if [ -z "$PANEL_BIN" ]; then
        ensure_swift
        swift build -c release --product panel || die "swift build -c release --product panel failed"
        PANEL_BIN="$(swift build -c release --show-bin-path)/panel"
    fi
    [ -x "$PANEL_BIN" ] || die "the panel binary $PANEL_BIN does not exist or is not executable"
    PANEL_BIN="$(cd "$(dirname "$PANEL_BIN")" && pwd)/$(basename "$PANEL_BIN")"
}

# make_mounted_boards BOARD_FILE: the boards-as-mounted runs (scripts/vm/init,
# run_mounted): BOARD_FILE (an 800x480 display) turned a quarter clockwise
# (qemu-rot90.json) and in RGB565 (qemu-rgb565.json), written to $VM_DIR and
# the image's /boards; with a trace for each, two taps given in the display's
# own pixels where the demo shows the Wi-Fi switch and Play (portrait: at
# logical 44,139 and 67,759), written to $VM_DIR and /traces.
make_mounted_boards() {
    mkdir -p "$IR/boards"
    python3 - "$1" "$VM_DIR" <<'PY' || die "cannot write the mounted board files from $1"
import json, sys
for name, key, value in (("qemu-rot90", "rotation", 90), ("qemu-rgb565", "pixelFormat", "RGB565")):
    board = json.load(open(sys.argv[1]))
    board["name"] = name
    board["display"][key] = value
    board["description"] = "scripts/vm-test: " + board["description"].split(":")[0] + f" with display.{key} {value}"
    json.dump(board, open(f"{sys.argv[2]}/{name}.json", "w"), indent=2)
PY
    cp "$VM_DIR/qemu-rot90.json" "$VM_DIR/qemu-rgb565.json" "$IR/boards/"
    python3 scripts/vm/images.py gestures "Tests/Traces/$TRACE" 800 480 "tap 660 44 @0.2" "tap 40 67 @0.8" \
        > "$VM_DIR/mount-rot90.evemu" &&
        python3 scripts/vm/images.py gestures "Tests/Traces/$TRACE" 800 480 "tap 60 175 @0.2" "tap 118 423 @0.8" \
        > "$VM_DIR/mount-rgb565.evemu" &&
        cp "$VM_DIR/mount-rot90.evemu" "$VM_DIR/mount-rgb565.evemu" "$IR/traces/" || die "cannot write the mounted-board traces"
}

# make_encoder_files BOARD_FILE: the encoder run (scripts/vm/init, run_encoder):
# BOARD_FILE with an encoder section (qemu-encoder.json: the device named
# rotary@0, REL_DIAL, its push on KEY_ENTER), the uinput device's evemu
# description (rotary.evemu: EV_REL REL_DIAL and EV_KEY KEY_ENTER, as the
# kernel's rotary-encoder driver with a gpio-keys push would report) and the
# events played into it (encoder-*.evemu: turns of N detents, a push, a push
# left down), written to $VM_DIR and the image's /boards and /traces.
make_encoder_files() {
    mkdir -p "$IR/boards"
    python3 - "$1" "$VM_DIR" <<'PY' || die "cannot write the encoder board and traces from $1"
import json, sys
board = json.load(open(sys.argv[1]))
out = sys.argv[2]
board["name"] = "qemu-encoder"
board["description"] = "scripts/vm-test: " + board["description"].split(":")[0] + " with a uinput rotary encoder (rotary@0, REL_DIAL) and its push (KEY_ENTER)"
board["encoder"] = {"device": "rotary@0", "axis": "REL_DIAL", "stepsPerDetent": 1,
                    "button": {"key": "KEY_ENTER"}}
json.dump(board, open(f"{out}/qemu-encoder.json", "w"), indent=2)

def bits(type_, count, *codes):
    data = bytearray(count)
    for code in codes:
        data[code // 8] |= 1 << (code % 8)
    return [f"B: {type_:02x} " + " ".join(f"{b:02x}" for b in data[i:i + 8]) for i in range(0, count, 8)]

lines = ["# EVEMU 1.3", "# A rotary encoder with a push button, for scripts/vm-test", "N: rotary@0", "I: 0019 0000 0000 0001",
         "P: 00 00 00 00 00 00 00 00"]
lines += bits(0, 8, 0, 1, 2)            # EV_SYN, EV_KEY, EV_REL
lines += bits(1, 104, 28)               # KEY_ENTER
lines += bits(2, 8, 7)                  # REL_DIAL
for type_ in (3, 4, 5, 0x11, 0x12, 0x14, 0x15):
    lines += bits(type_, 8)
open(f"{out}/rotary.evemu", "w").write("\n".join(lines) + "\n")

def events(name, frames):
    text, t = [], 0.0
    for frame in frames:
        for type_, code, value in frame:
            text.append(f"E: {t:.6f} {type_:04x} {code:04x} {value}")
        text.append(f"E: {t:.6f} 0000 0000 0")
        t += 0.05
    open(f"{out}/encoder-{name}.evemu", "w").write("\n".join(text) + "\n")

turn = lambda n: [[(2, 7, 1 if n > 0 else -1)]] * abs(n)
events("turn1", turn(1))
events("turn3", turn(3))
events("turn2", turn(2))
events("back1", turn(-1))
events("push", [[(1, 28, 1)], [(1, 28, 0)]])
events("push-down", [[(1, 28, 1)]])
PY
    cp "$VM_DIR/qemu-encoder.json" "$IR/boards/" && cp "$VM_DIR/rotary.evemu" "$VM_DIR"/encoder-*.evemu "$IR/traces/" ||
        die "cannot copy the encoder files into the image"
}

# check_encoder: the screen while the encoder adjusts the volume slider
# (scripts/vm/init, run_encoder) shows the adjusting focus ring: enough pixels
# of the theme's adjusting colour (#F5B841) around the slider.
check_encoder() {
    wait_marker 'WAIT encoder-adjusting'
    screendump "$RUN/encoder-adjusting.ppm"
    answer go
    local out
    if out="$(python3 - "$RUN/encoder-adjusting.ppm" <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
parts = data.split(b"\n", 3)
width, height = map(int, parts[1].split())
pixels = parts[3]
ring = 0
# The volume slider's frame is 32,164 520x48: its ring lies within 8 points of it.
for y in range(156, 220):
    for x in range(24, 560):
        r, g, b = pixels[(y * width + x) * 3:(y * width + x) * 3 + 3]
        if abs(r - 0xF5) <= 24 and abs(g - 0xB8) <= 24 and abs(b - 0x41) <= 24:
            ring += 1
print(ring)
sys.exit(0 if ring >= 1000 else 1)
PY
)"; then
        pass "encoder-ring: while adjusting, the screen shows the adjusting focus ring around the volume slider ($out pixels of #F5B841)"
    else
        failed "encoder-ring: $out pixels of the adjusting ring's colour around the volume slider (wanted 1000 or more; see $RUN/encoder-adjusting.ppm)"
    fi
}

# check_flight TAG VM_DIR ARGS...: the flight recording the app wrote on
# SIGUSR1 (scripts/vm/init, flight_recording: one file per input device, the
# touch screen's, the keyboards', the encoder's), replayed here with the app's
# ARGS. Its log, times aside, begins with the panel's up to the recording.
check_flight() {
    local tag="$1" dir="$2"
    shift 2
    wait_marker "(PASS|FAIL) $tag-flight-written"
    local files="$RUN/flight-$tag" out
    vm_flight_recording "$dir" "$files"
    vm_file "$dir/live.jsonl" | sed '1d;$d' > "$files/live.jsonl"
    # Any file of the set replays them all; only devices with events have one.
    local first
    first="$(ls "$files"/flight-recording*.evemu 2>/dev/null | head -n 1)"
    if [ -z "$first" ]; then
        failed "$tag-flight: the VM printed no flight recording"
        return
    fi
    if ! "$PANEL_BIN" demo --backend headless --assets assets "$@" --replay "$first" \
        > "$files/replay.jsonl" 2> "$files/replay.err"; then
        failed "$tag-flight: the replay of the flight recording failed: $(tail -n 2 "$files/replay.err" | tr '\n' ' ')"
    elif out="$(python3 scripts/vm/log-prefix.py "$files/live.jsonl" "$files/replay.jsonl")"; then
        pass "$tag-flight: the flight recording (SIGUSR1; $(cd "$files" && ls flight-recording*.evemu | tr '\n' ' ')) replayed on the host logs what the panel logged: $out"
    else
        failed "$tag-flight: the flight recording's replay differs from the panel's log: $out (files in $files)"
    fi
}

# check_mounted TAG BOARD ROTATION CONTROLS: the screen of the demo run with a
# board file mounted turned or in RGB565 (scripts/vm/init, run_mounted)
# against the headless demo on the same board, turned as the panel turns it;
# and the taps, placed where the panel shows the Wi-Fi switch and Play,
# reached those controls (CONTROLS: the control names, each must send an action).
check_mounted() {
    local tag="$1" board="$2" rotation="$3" controls="$4" name missing=""
    wait_marker "WAIT mounted$tag"
    screendump "$RUN/app-replayed$tag.ppm"
    answer go
    CHECK_APP=demo CHECK_TAG="$tag" CHECK_TRACE="$VM_DIR/mount$tag.evemu" CHECK_ROTATE="$rotation" \
        check_against_headless "$MAX_CHANNEL" "$MAX_FRACTION" --board "$VM_DIR/$board.json"
    for name in $controls; do
        grep -q "\"type\":\"action\".*\"control\":\"$name\"" "$RUN/vm-actions$tag.jsonl" || missing="$missing $name"
    done
    if [ -z "$missing" ]; then
        pass "touch$tag: the taps at the screen points where the panel shows $controls sent their actions (touches turn with the display)"
    else
        failed "touch$tag: no action from$missing for the taps where the panel shows them (see $RUN/vm-actions$tag.jsonl)"
    fi
}

# check_all_mounted: both mounted runs, as scripts/vm/init plays them.
check_all_mounted() {
    check_mounted -rot90 qemu-rot90 90 "wifi play"
    check_mounted -rgb565 qemu-rgb565 0 "wifi play"
}
