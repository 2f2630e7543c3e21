#!/usr/bin/env bash
# Builds every release artefact into dist/, with a SHA256SUMS file:
#   parachess_VERSION-1_amd64.deb         the game (Debian package, cargo-deb)
#   parachess-server_VERSION-1_amd64.deb  the server (Debian package, systemd unit)
#   parachess-VERSION-linux-x86_64.tar.gz the game as a portable archive
#
#   scripts/package.sh                 release builds (a quarter of an hour on two cores)
#   scripts/package.sh --debug         debug builds (the dev profile), to test the packaging
#   scripts/package.sh --profile NAME  another cargo profile
#   PARACHESS_GAME_BIN=path PARACHESS_SERVER_BIN=path scripts/package.sh
#                                      package binaries already built (CI packages the ones it
#                                      tested); nothing is compiled but the stage's tools
#
# The commit printed by `--version` comes from PARACHESS_COMMIT (set here from git, so a build
# from a source tarball can be given it too). Needs cargo-deb (`cargo install cargo-deb`),
# python3, gzip, tar and sha256sum.
set -euo pipefail
cd "$(dirname "$0")/.."

profile=release
while [ $# -gt 0 ]; do
    case "$1" in
        --debug) profile=dev ;;
        --profile) profile="${2:?--profile NAME}"; shift ;;
        -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
        *) echo "package.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done

command -v cargo-deb >/dev/null || { echo "package.sh: needs cargo-deb: cargo install cargo-deb" >&2; exit 1; }

if [ -z "${PARACHESS_COMMIT:-}" ]; then
    PARACHESS_COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
fi
export PARACHESS_COMMIT
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n1)
out_dir=$([ "$profile" = dev ] && echo debug || echo "$profile")

# The binaries: given, or built here.
game="${PARACHESS_GAME_BIN:-}"
server="${PARACHESS_SERVER_BIN:-}"
if [ -z "$game" ]; then
    echo "== building the game ($profile)"
    cargo build --locked --profile "$profile" --bin parachess
    game="${CARGO_TARGET_DIR:-target}/$out_dir/parachess"
fi
if [ -z "$server" ]; then
    echo "== building the server without Bevy ($profile)"
    cargo build --locked --profile "$profile" --no-default-features --features server --bin parachess-server
    server="${CARGO_TARGET_DIR:-target}/$out_dir/parachess-server"
fi
for bin in "$game" "$server"; do
    [ -x "$bin" ] || { echo "package.sh: no binary at $bin" >&2; exit 1; }
done

# The stage: cargo-deb reads its assets from target/release/, which it maps onto
# CARGO_TARGET_DIR/release/, so the stage is given as the target folder.
stage="$PWD/target/package-stage"
rm -rf "$stage"
mkdir -p "$stage/release" dist
rel="$stage/release"
cp "$game" "$rel/parachess"
cp "$server" "$rel/parachess-server"
"$rel/parachess" generate-docs "$rel/docs-game"
"$rel/parachess-server" generate-docs "$rel/docs-server"
gzip -9n "$rel"/docs-game/man1/*.1 "$rel"/docs-server/man1/*.1
python3 packaging/third_party.py "$rel/THIRD-PARTY-LICENSES.txt"
python3 packaging/third_party.py "$rel/THIRD-PARTY-LICENSES-server.txt" --no-default-features --features server

echo "== Debian packages"
rm -f dist/parachess_*.deb dist/parachess-server_*.deb dist/parachess-*-linux-*.tar.gz dist/SHA256SUMS
# Binaries given (CI's check of the packaging) are packed with fast compression: the best
# compression is for the release packages, and costs minutes on two cores.
deb_flags=(--locked --no-build --strip -o dist/)
[ -n "${PARACHESS_GAME_BIN:-}" ] && deb_flags+=(--fast)
CARGO_TARGET_DIR="$stage" cargo deb "${deb_flags[@]}"
CARGO_TARGET_DIR="$stage" cargo deb "${deb_flags[@]}" --variant server

echo "== portable archive"
name="parachess-$version-linux-x86_64"
tree="$stage/$name"
mkdir -p "$tree/share/applications" "$tree/share/mime/packages" "$tree/share/man" "$tree/share/doc"
# The packaged (stripped) binary, as the .deb has it.
dpkg-deb --fsys-tarfile dist/parachess_"$version"-1_amd64.deb | tar -x -C "$stage" ./usr/bin/parachess
cp "$stage/usr/bin/parachess" "$tree/parachess"
cp -r packaging/icons/hicolor "$tree/share/icons"
mkdir -p "$tree/share/icons/scalable/apps"
cp packaging/icons/parachess.svg "$tree/share/icons/scalable/apps/"
cp packaging/parachess.desktop "$tree/share/applications/"
cp packaging/parachess-mime.xml "$tree/share/mime/packages/parachess.xml"
cp -r "$rel/docs-game/man1" "$tree/share/man/"
cp -r "$rel/docs-game/completions" "$tree/share/"
cp README.md CHANGELOG.md packaging/copyright "$rel/THIRD-PARTY-LICENSES.txt" "$tree/share/doc/"
cp assets/fonts/LICENSE-OFL.txt "$tree/share/doc/fonts-LICENSE-OFL.txt"
cat > "$tree/README.txt" <<EOF
Parachess $version ($PARACHESS_COMMIT) for Linux x86_64.

Run ./parachess from this folder (or from anywhere: the game's files are inside the binary).
The system needs: glibc 2.36 or newer, a Vulkan driver (Mesa's, or your GPU vendor's) and the
Vulkan loader (libvulkan.so.1), ALSA (libasound.so.2), X11 client libraries (libX11, libX11-xcb,
libXcursor, libXi, libxcb) and xkbcommon (libxkbcommon, libxkbcommon-x11).
On Wayland desktops it runs through XWayland.

share/ holds a desktop entry, icons, the file type of game files, the man page and shell
completions, to copy under ~/.local/share/ if you want the game in your menu. The licences of
everything inside are in share/doc/.
EOF
tar -C "$stage" --owner=0 --group=0 --sort=name -czf "dist/$name.tar.gz" "$name"

(cd dist && sha256sum parachess_*.deb parachess-server_*.deb "$name.tar.gz" > SHA256SUMS)
echo "== dist/ (binaries: $game, $server)"
cat dist/SHA256SUMS
