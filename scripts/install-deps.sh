#!/usr/bin/env bash
# Installs the Debian packages Parachess needs, when they are missing.
# Always (to build and play): pkg-config, the Wayland/ALSA/udev/xkbcommon headers Bevy links
# against, clang + mold (the linker set in .cargo/config.toml).
# With --test (scripts/test.sh, CI): Xvfb and Mesa's software Vulkan driver (lavapipe) for the
# headless rendering tests; PostgreSQL (its binaries only: each server test binary starts a
# private server in a temporary folder with initdb + pg_ctl); Chromium and Node for the web pages.
# With --atspi (scripts/atspi-tree.sh): Xvfb, lavapipe, xdotool, D-Bus, at-spi2-core and
# python3-pyatspi, to read the window's accessibility tree as a screen reader does.
# With --packages (.ci/run, scripts/check-packages.sh): what checking the Debian packages from
# outside needs: Xvfb and lavapipe for the installed game's screenshot, gio and the MIME database
# to open a game file by its type (xdg-utils sets its handler), man (the man pages), curl, and
# systemd for systemd-analyze.
set -euo pipefail

packages=(pkg-config libwayland-dev libasound2-dev libudev-dev libxkbcommon-dev clang mold)
if [ "${1:-}" = "--test" ]; then
    packages+=(xvfb xauth mesa-vulkan-drivers libvulkan1 postgresql chromium)
    # The web pages are tested in headless Chromium (Debian's, above) driven from Node
    # (web-tests/): Debian's Node when none is installed.
    command -v node >/dev/null || packages+=(nodejs)
    command -v npm >/dev/null || packages+=(npm)
    # The import check (scripts/check-imports.py, run by .ci/run).
    command -v python3 >/dev/null || packages+=(python3)
fi
if [ "${1:-}" = "--atspi" ]; then
    # scripts/atspi-tree.sh: the game's window under Xvfb, read over AT-SPI on a private D-Bus.
    packages+=(xvfb xauth mesa-vulkan-drivers libvulkan1 xdotool dbus dbus-daemon at-spi2-core
        python3-pyatspi libglib2.0-bin)
fi
if [ "${1:-}" = "--packages" ]; then
    packages=(xvfb xauth mesa-vulkan-drivers libvulkan1 libglib2.0-bin shared-mime-info xdg-utils
        man-db curl systemd)
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
echo "Installing missing packages: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "Need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
