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
PANELKIT_DEBIAN_PACKAGES=(pkg-config libdrm-dev libevdev-dev libfreetype-dev libpng-dev libsdl2-dev)

PANELKIT_STEP="setup"

# step TITLE: prints a header for the next step and remembers it for errors.
step() {
    PANELKIT_STEP="$*"
    printf '\n==> %s\n' "$*"
}

die() {
    printf '\nerror: %s\n' "$*" >&2
    exit 1
}

# On any failing command, say which step it broke before `set -e` exits.
trap 'status=$?; printf "\nerror: step \"%s\" failed (exit status %s) in %s\n" "$PANELKIT_STEP" "$status" "$(basename "$0")" >&2' ERR

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
# at most once per script run, and only when something is missing.
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
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 ||
            die "missing packages (${missing[*]}): run as root or install sudo"
        if [ -t 0 ]; then
            sudo=(sudo)
        else
            sudo=(sudo -n) # no terminal to ask for a password on: fail instead of hanging
        fi
    fi

    echo "Installing missing Debian packages: ${missing[*]}"
    if [ "${PANELKIT_APT_UPDATED:-0}" != 1 ]; then
        "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
        export PANELKIT_APT_UPDATED=1
    fi
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
}
