#!/bin/sh
# Installs @APP@ (a PanelKit app) for @BOARD@ (@ARCH@), built by scripts/build-board:
#
#   ./install.sh user@host    copies this folder to the board over ssh and installs it there
#   ./install.sh              installs on this machine (run on the board; uses sudo when not root)
#
# It puts the bundle in @PREFIX@, creates the system user panelkit (in the
# video and input groups), installs the udev rule and the systemd unit, and
# enables and starts @SERVICE@.service. `journalctl -u @SERVICE@` shows
# its output; `systemctl stop @SERVICE@` ends it and gives the console back.
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
board=@BOARD@
prefix=@PREFIX@
app=@APP@
service=@SERVICE@

if [ $# -ge 1 ] && [ "$1" != --local ]; then
    target="$1"
    remote="/tmp/panelkit-$board"
    echo "install.sh: copying $here to $target:$remote"
    tar -C "$here" -cf - . | ssh "$target" "rm -rf '$remote' && mkdir -p '$remote' && tar -C '$remote' -xf -"
    echo "install.sh: installing on $target"
    exec ssh -t "$target" "sh '$remote/install.sh' --local && rm -rf '$remote'"
fi

# On the board.
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "install.sh: run as root (no sudo here)" >&2; exit 1; }
    exec sudo sh "$0" --local
fi

case @ARCH@ in
    aarch64) loader=/lib/ld-linux-aarch64.so.1 ;;
    armv7) loader=/lib/ld-linux-armhf.so.3 ;;
    x86_64) loader=/lib64/ld-linux-x86-64.so.2 ;;
esac
if [ ! -e "$loader" ]; then
    echo "install.sh: this bundle is for @ARCH@ (glibc's $loader), which this system ($(uname -m)) lacks; build the bundle for this board's boards/NAME.json" >&2
    exit 1
fi

# The shared libraries the app links, and libthai-data (the dictionary libthai
# breaks Thai lines with): Debian and Raspberry Pi OS names.
if command -v apt-get >/dev/null 2>&1; then
    missing=""
    for package in libdrm2 libevdev2 libfreetype6 libharfbuzz0b libfribidi0 libunibreak1 libthai0 libdatrie1 libthai-data libpng16-16 libjpeg62-turbo libxkbcommon0 libsqlite3-0; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing="$missing $package"
    done
    if [ -n "$missing" ]; then
        echo "install.sh: installing$missing"
        DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing
    fi
fi

getent group video >/dev/null || groupadd --system video
getent group input >/dev/null || groupadd --system input
if ! id panelkit >/dev/null 2>&1; then
    useradd --system --user-group --no-create-home --home-dir "$prefix" --shell /usr/sbin/nologin panelkit
fi
usermod -a -G video,input panelkit

echo "install.sh: $prefix"
if systemctl is-active --quiet "$service.service" 2>/dev/null; then systemctl stop "$service.service"; fi
rm -rf "$prefix"
mkdir -p "$prefix"
# The app, PanelKit's bench harness beside the demo, the assets, the app's
# own Resources and the recordings its bench plays.
for part in "$app" panel-bench assets Resources traces "$board.json" keymap.xkb; do
    if [ -e "$here/$part" ]; then cp -R "$here/$part" "$prefix/"; fi
done
chmod 0755 "$prefix/$app"

install -m 0644 "$here/70-$service.rules" "/etc/udev/rules.d/70-$service.rules"
install -m 0644 "$here/$service.service" "/etc/systemd/system/$service.service"
# Into a system that is not running (a chroot, an SD card's image): the rule
# and the unit take effect at its next boot.
if [ ! -d /run/systemd/system ]; then
    systemctl enable "$service.service"
    echo "install.sh: $service.service enabled; systemd is not running here, so it starts at the next boot"
    exit 0
fi
if command -v udevadm >/dev/null 2>&1; then
    udevadm control --reload
    udevadm trigger --subsystem-match=drm --subsystem-match=input
fi
systemctl daemon-reload
systemctl enable "$service.service"
systemctl restart "$service.service"
echo "install.sh: $service.service enabled and started; 'journalctl -u $service -f' follows it"
