# shellcheck shell=bash
# Helpers sourced by scripts/test, scripts/demo, scripts/embedded-check and scripts/sim-test.
#
# Environment (all optional):
#   PANELKIT_BUILD_PATH           SwiftPM scratch path for the normal build (default .build)
#   PANELKIT_EMBEDDED_BUILD_PATH  scratch path for the Embedded Swift check (default .build-embedded)

set -Eeuo pipefail

PANELKIT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PANELKIT_BUILD_PATH="${PANELKIT_BUILD_PATH:-.build}"
PANELKIT_EMBEDDED_BUILD_PATH="${PANELKIT_EMBEDDED_BUILD_PATH:-.build-embedded}"

# What building and testing PanelKit needs from Debian, besides Swift itself.
PANELKIT_DEBIAN_PACKAGES=(pkg-config libdrm-dev libevdev-dev libfreetype-dev libpng-dev libjpeg-dev libsdl2-dev libxkbcommon-dev xkb-data
                          libharfbuzz-dev libfribidi-dev libunibreak-dev libthai-dev fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
                          fonts-inter fonts-material-design-icons-iconfont libsqlite3-dev)

# Everything the whole test run needs besides those (scripts/test installs it up
# front, in one apt-get, so a run does not stop halfway for a package): the
# simulator under Xvfb, the board builds under qemu-user, both real-kernel VMs.
PANELKIT_TEST_DEBIAN_PACKAGES=(
    xvfb xdotool imagemagick x11-utils python3                     # scripts/sim-test
    qemu-user-static time jq binutils                              # scripts/board-test
    gcc-aarch64-linux-gnu libc6-dev-arm64-cross                    # scripts/build-board (aarch64)
    gcc-arm-linux-gnueabihf libc6-dev-armhf-cross                  # scripts/build-board (armv7)
    qemu-system-x86 qemu-system-arm busybox-static cpio kmod       # scripts/vm-test, scripts/board-vm-test
    evemu-tools socat gzip gcc libc6-dev
    libharfbuzz-bin                                                # Tests/PanelTextTests/ShapingTests (hb-shape)
    systemd                                                        # scripts/board-test: systemd-analyze security --offline=true
    mmdebstrap e2fsprogs                                           # scripts/service-vm-test: Debian 12's root file system, its disks
    valgrind                                                       # scripts/bench-instructions (callgrind)
)

# depmod and friends live in /usr/sbin, which Debian's default user PATH lacks.
case ":$PATH:" in *:/usr/sbin:*) ;; *) export PATH="$PATH:/usr/sbin" ;; esac
case ":$PATH:" in *:/sbin:*) ;; *) export PATH="$PATH:/sbin" ;; esac

PANELKIT_STEP="setup"

# step TITLE: prints a header for the next step and remembers it for errors.
step() {
    PANELKIT_STEP="$*"
    # Seconds since the script started: the timings a note on CI quotes.
    printf '\n==> %s  (at %d s)\n' "$*" "$SECONDS"
}

die() {
    printf '\nerror: %s\n' "$*" >&2
    exit 1
}

# On any failing command, say which step it broke before `set -e` exits.
trap 'status=$?; printf "\nerror: step \"%s\" failed (exit status %s) in %s\n" "$PANELKIT_STEP" "$status" "$(basename "$0")" >&2' ERR

# wait_until SECONDS COMMAND...: runs COMMAND every 0.1 s until it succeeds
# (0), or returns 1 once SECONDS of wall time have passed. A deadline on the
# clock, not a count of tries, so tries that run slowly on a busy machine do
# not stretch it. An idle machine goes on as soon as the condition holds, so
# callers can give generous SECONDS; each says why its number.
wait_until() {
    local deadline=$((SECONDS + $1 + 1)) # + 1: SECONDS counts whole seconds
    shift
    until "$@"; do
        [ "$SECONDS" -lt "$deadline" ] || return 1
        sleep 0.1
    done
}

# ensure_swift: makes `swift` callable, adding /opt/swift/usr/bin to PATH when
# it is not already found there.
ensure_swift() {
    if ! command -v swift >/dev/null 2>&1; then
        if [ -x /opt/swift/usr/bin/swift ]; then
            export PATH="/opt/swift/usr/bin:$PATH"
        else
            die "swift was not found on PATH or at /opt/swift/usr/bin. Install Swift 6 (https://www.swift.org/install/linux/) and put its usr/bin on PATH."
        fi
    fi
    echo "Using $(command -v swift): $(swift --version 2>&1 | head -n 1)"
}

# ensure_debian_packages PACKAGE...: installs whichever of the packages are not
# installed, with apt-get (through sudo when not root). Runs `apt-get update`
# at most once per script run, and only when something is missing. A failed
# update is a warning: a mirror serving one stale index (say, an armhf list in
# the middle of a sync) fails the update while everything else is usable, so
# the install decides.
# board_runner BOARD [SYSROOTS]: sets the array `runner` to the command that
# runs BOARD's binaries here (qemu-user with the board's libraries from the
# sysroot scripts/build-board assembled under SYSROOTS, default
# $PANELKIT_ROOT/.build-cross; nothing for x86_64) and returns 1 for an
# architecture this machine cannot run.
board_runner() {
    local board="$1" sysroots="${2:-$PANELKIT_ROOT/.build-cross}" gnu sysroot
    case "$(jq -r '.cpu.architecture' "$PANELKIT_ROOT/boards/$board.json")" in
        aarch64) runner=(qemu-aarch64-static -L /usr/aarch64-linux-gnu); gnu=aarch64-linux-gnu; sysroot="$sysroots/sysroot-arm64" ;;
        armv7) runner=(qemu-arm-static -L /usr/arm-linux-gnueabihf); gnu=arm-linux-gnueabihf; sysroot="$sysroots/sysroot-armhf" ;;
        x86_64) runner=(); return 0 ;;
        *) return 1 ;;
    esac
    # The board's shared libraries come from the sysroot the build assembled.
    runner+=(-E "LD_LIBRARY_PATH=$sysroot/usr/lib/$gnu:$sysroot/lib/$gnu:$sysroot/usr/lib")
}

# copy_debian_fonts FOLDER: Inter's four weights (the theme's type family) and
# Material Icons with its list of symbol names (Image(systemName:)), from
# Debian's fonts-inter and fonts-material-design-icons-iconfont, with their
# licences, into FOLDER: what a board bundle or a VM carries instead of the
# Debian folders FontLibrary also looks in. The files are the same on every architecture.
copy_debian_fonts() {
    local folder="$1" weight
    ensure_debian_packages fonts-inter fonts-material-design-icons-iconfont
    mkdir -p "$folder"
    for weight in Regular Medium SemiBold Bold; do cp /usr/share/fonts/opentype/inter/Inter-$weight.otf "$folder/"; done
    cp /usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf "$folder/"
    cp /usr/share/fonts-material-design-icons-iconfont/scss/_variables.scss "$folder/MaterialIcons-Regular.codepoints"
    cp /usr/share/doc/fonts-inter/copyright "$folder/LICENSE-Inter.txt"
    cp /usr/share/doc/fonts-material-design-icons-iconfont/copyright "$folder/LICENSE-MaterialIcons.txt"
}

# The fallback fonts a board carries when its file names none (fonts.fallbacks):
# FreeTypeTextRenderer.defaultFallbackFontNames, the same list (a test checks
# they agree). About 31 MB: Noto Sans CJK is 19.5 MB and Noto Color Emoji 11 MB.
PANELKIT_DEFAULT_FALLBACK_FONTS=(NotoSans-Regular NotoSansArabic-Regular NotoSansHebrew-Regular NotoSansDevanagari-Regular
                                 NotoSansThai-Regular NotoSansCJK-Regular NotoColorEmoji)

# board_fallback_fonts BOARD_FILE: the fallback fonts the board carries, one
# a line: its file's fonts.fallbacks, else the default chain.
board_fallback_fonts() {
    if jq -e '.fonts.fallbacks' "$1" > /dev/null; then
        jq -r '.fonts.fallbacks[]' "$1"
    else
        printf '%s\n' "${PANELKIT_DEFAULT_FALLBACK_FONTS[@]}"
    fi
}

# copy_fallback_fonts FOLDER NAME...: the Noto fonts NAME (file names without
# extension) from Debian's fonts-noto-core, fonts-noto-cjk and
# fonts-noto-color-emoji, with their licences, into FOLDER.
copy_fallback_fonts() {
    local folder="$1" name file found
    shift
    [ "$#" -gt 0 ] || return 0
    ensure_debian_packages fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
    mkdir -p "$folder"
    for name in "$@"; do
        found=""
        for file in /usr/share/fonts/truetype/noto/"$name".ttf /usr/share/fonts/opentype/noto/"$name".ttc \
                    /usr/share/fonts/opentype/noto/"$name".otf /usr/share/fonts/truetype/noto/"$name".otf; do
            if [ -f "$file" ]; then cp "$file" "$folder/"; found="$file"; break; fi
        done
        [ -n "$found" ] || die "no font file named $name in Debian's Noto folders (/usr/share/fonts/*/noto): check fonts.fallbacks"
    done
    cp /usr/share/doc/fonts-noto-core/copyright "$folder/LICENSE-Noto.txt"
    cp /usr/share/doc/fonts-noto-cjk/copyright "$folder/LICENSE-NotoCJK.txt"
    cp /usr/share/doc/fonts-noto-color-emoji/copyright "$folder/LICENSE-NotoColorEmoji.txt"
}

ensure_debian_packages() {
    local package status missing=()
    for package in "$@"; do
        status="$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)"
        if [ "$status" != "install ok installed" ]; then
            missing+=("$package")
        fi
    done
    if [ "${#missing[@]}" -eq 0 ]; then
        echo "Debian packages already installed: $*"
        return 0
    fi

    command -v apt-get >/dev/null 2>&1 ||
        die "missing packages (${missing[*]}) and no apt-get to install them: is this Debian?"
    echo "Installing missing Debian packages: ${missing[*]}"
    if [ "${PANELKIT_APT_UPDATED:-0}" != 1 ]; then
        apt_get "missing packages (${missing[*]})" update ||
            echo "warning: apt-get update reported errors; installing from the lists it has" >&2
        export PANELKIT_APT_UPDATED=1
    fi
    apt_get "missing packages (${missing[*]})" install -y --no-install-recommends "${missing[@]}" ||
        die "apt-get install ${missing[*]} failed; run it by hand to see why (is a Debian mirror reachable?)"
}

# apt_get WHY ARGS...: apt-get ARGS as root, one at a time: board-test builds
# boards in parallel, and two apt-get runs at once fail on dpkg's lock.
apt_lock="${TMPDIR:-/tmp}/panelkit-apt.lock"
apt_get() {
    local why="$1"
    shift
    as_root "$why" flock "$apt_lock" env DEBIAN_FRONTEND=noninteractive apt-get "$@"
}

# as_root WHY COMMAND...: runs COMMAND as root: directly when root, else
# through sudo (without a prompt when there is no terminal to ask on). Dies
# naming WHY when there is no sudo.
as_root() {
    local why="$1"
    shift
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif ! command -v sudo >/dev/null 2>&1; then
        die "$why: run as root or install sudo"
    elif [ -t 0 ]; then
        sudo "$@"
    else
        sudo -n "$@" # no terminal to ask for a password on: fail instead of hanging
    fi
}

# ensure_foreign_architecture DEB_ARCH: lets apt fetch DEB_ARCH's packages
# (dpkg --add-architecture, then apt-get update), unless it already does.
ensure_foreign_architecture() {
    [ "$1" = "$(dpkg --print-architecture)" ] && return 0
    # The list is read whole before grep: piped into `grep -q`, which stops at
    # the first match, dpkg can die of SIGPIPE, and pipefail calls that a miss.
    local foreign
    foreign="$(dpkg --print-foreign-architectures)"
    grep -qx -- "$1" <<< "$foreign" && return 0
    echo "Adding the Debian architecture $1 (dpkg --add-architecture) for its packages"
    as_root "the Debian architecture $1 is not added" flock "$apt_lock" dpkg --add-architecture "$1"
    apt_get "the Debian architecture $1 is not added" update ||
        echo "warning: apt-get update reported errors" >&2
    export PANELKIT_APT_UPDATED=1
}
