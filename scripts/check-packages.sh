#!/usr/bin/env bash
# Checks the Debian packages from outside, as a player and an operator would meet them:
# installs dist/parachess_*.deb and dist/parachess-server_*.deb into this machine (as root),
# takes a screenshot of the installed game under Xvfb, opens a game file through its MIME type,
# starts the installed server from its unit's ExecStart and plays bots games against it on
# 127.0.0.1, runs systemd-analyze verify and security on the unit, then purges both packages
# and checks that nothing is left behind but the server's data.
#
#   scripts/check-packages.sh                  check the packages already in dist/
#   scripts/check-packages.sh --game BIN --server BIN
#                                              package these binaries first (scripts/package.sh
#                                              with PARACHESS_GAME_BIN/PARACHESS_SERVER_BIN: CI
#                                              packages the debug binaries it already built)
#   scripts/check-packages.sh --build-debug    package.sh --debug first
#
# Leaves its screenshots and logs in dist/check/. Needs root, apt-get, xvfb-run, a Vulkan
# driver (lavapipe: mesa-vulkan-drivers), gio (libglib2.0-bin), shared-mime-info, curl and
# systemd (for systemd-analyze; systemd need not be running).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)

game_bin="" server_bin="" build_debug=0
while [ $# -gt 0 ]; do
    case "$1" in
        --game) game_bin="${2:?--game BIN}"; shift ;;
        --server) server_bin="${2:?--server BIN}"; shift ;;
        --build-debug) build_debug=1 ;;
        -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
        *) echo "check-packages.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done
[ "$(id -u)" = 0 ] || { echo "check-packages.sh: run as root (it installs packages)" >&2; exit 1; }

if [ -n "$game_bin$server_bin" ]; then
    [ -n "$game_bin" ] && [ -n "$server_bin" ] || { echo "give both --game and --server" >&2; exit 2; }
    PARACHESS_GAME_BIN="$(realpath "$game_bin")" PARACHESS_SERVER_BIN="$(realpath "$server_bin")" \
        scripts/package.sh
elif [ "$build_debug" = 1 ]; then
    scripts/package.sh --debug
fi

shopt -s nullglob
games=(dist/parachess_*_amd64.deb)
servers=(dist/parachess-server_*_amd64.deb)
[ ${#games[@]} = 1 ] && [ ${#servers[@]} = 1 ] || {
    echo "check-packages.sh: expected one dist/parachess_*.deb and one dist/parachess-server_*.deb" >&2
    exit 1
}
shopt -u nullglob

check="$PWD/dist/check"
rm -rf "$check"
mkdir -p "$check"
tmp=$(mktemp -d)
server_pid=""
installed=0
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    rm -rf "$tmp"
    # After a failure: leave the machine as it was, so the check can run again.
    if [ "$installed" = 1 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get purge -y parachess parachess-server > /dev/null 2>&1 || true
        rm -rf /var/lib/parachess /var/lib/private/parachess
    fi
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "== $* ($(($(date +%s) - start)) s)"; }

# Not installed yet: what purging must leave as it was.
dpkg -s parachess >/dev/null 2>&1 && fail "parachess is already installed; remove it first"
dpkg -s parachess-server >/dev/null 2>&1 && fail "parachess-server is already installed; remove it first"
[ -e /var/lib/parachess ] && fail "/var/lib/parachess exists already; move it away first"

step "install"
installed=1
# With the recommended packages, as apt installs them for a player (desktop-file-utils
# indexes the desktop entry's file types).
DEBIAN_FRONTEND=noninteractive apt-get install -y "./${games[0]}" "./${servers[0]}" \
    > "$check/apt-install.log" 2>&1 || { cat "$check/apt-install.log"; fail "apt-get install"; }
dpkg -L parachess parachess-server | sort -u > "$check/files.txt"
for f in /usr/bin/parachess /usr/bin/parachess-server /usr/share/applications/parachess.desktop \
    /usr/share/icons/hicolor/scalable/apps/parachess.svg /usr/share/icons/hicolor/48x48/apps/parachess.png \
    /usr/share/mime/packages/parachess.xml /usr/share/man/man1/parachess.1.gz \
    /usr/share/man/man1/parachess-server.1.gz /etc/parachess-server/config.toml \
    /usr/share/bash-completion/completions/parachess /usr/share/doc/parachess/copyright \
    /usr/share/doc/parachess/THIRD-PARTY-LICENSES.txt /usr/share/doc/parachess/fonts-LICENSE-OFL.txt; do
    [ -f "$f" ] || fail "not installed: $f"
done
unit=$(grep -E '/systemd/system/parachess-server\.service$' "$check/files.txt") || fail "no unit installed"
dpkg-query -W -f='${Conffiles}\n' parachess-server | grep -q /etc/parachess-server/config.toml \
    || fail "config.toml is not a conffile"
for bin in parachess parachess-server; do
    v=$("$bin" --version)
    echo "$v"
    [[ "$v" =~ ^$bin\ [0-9]+\.[0-9]+\.[0-9]+\ \([0-9a-z]+\)$ ]] || fail "$bin --version: $v"
done
man -w parachess-server >/dev/null || fail "man parachess-server"
if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate /usr/share/applications/parachess.desktop || fail "desktop-file-validate"
fi

step "the installed game under Xvfb"
export WGPU_BACKEND=vulkan
xvfb=(xvfb-run -a -s "-screen 0 1280x720x24")
"${xvfb[@]}" parachess --screenshot "$check/title.png" --size 800x600 > "$check/game.log" 2>&1 \
    || { tail -20 "$check/game.log"; fail "the game's screenshot"; }
[ -s "$check/title.png" ] || fail "no screenshot"

step "a game file through its MIME type"
parachess selfplay --games 1 --white random --black random --save "$tmp/games" > /dev/null
gamefile="$tmp/games/game-001.pgn"
[ -f "$gamefile" ] || fail "selfplay wrote no game file"
head -n 12 "$gamefile"
printf '[Event "Casual"]\n[Result "*"]\n\n1. e4 e5 *\n' > "$tmp/chess.pgn"
type_of() { gio info -a standard::content-type "$1" | sed -n 's/^ *standard::content-type: //p'; }
[ "$(type_of "$gamefile")" = application/x-parachess-game ] || fail "game file is $(type_of "$gamefile")"
[ "$(type_of "$tmp/chess.pgn")" = application/vnd.chess-pgn ] || fail "chess file is $(type_of "$tmp/chess.pgn")"
# xdg-mime asks file(1) outside a desktop session, which knows no shared-mime-info types.
echo "xdg-mime query filetype (file(1) here): $(xdg-mime query filetype "$gamefile" || true)"
# The desktop's handler of the type is the installed entry; a test entry beside it (its Exec
# the installed one's, plus --screenshot) is made the default, so `gio open` runs it.
export HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/.local/share" XDG_CONFIG_HOME="$tmp/home/.config"
mkdir -p "$XDG_DATA_HOME/applications" "$XDG_CONFIG_HOME"
gio mime application/x-parachess-game | tee "$check/gio-mime.txt"
grep -q parachess.desktop "$check/gio-mime.txt" || fail "parachess.desktop does not handle the type"
exec_line=$(sed -n 's/^Exec=//p' /usr/share/applications/parachess.desktop)
[ "$exec_line" = "parachess %f" ] || fail "unexpected Exec line: $exec_line"
cat > "$XDG_DATA_HOME/applications/parachess-check.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Parachess (check)
Exec=${exec_line% %f} --screenshot $check/opened.png --size 800x600 %f
MimeType=application/x-parachess-game;
EOF
xdg-mime default parachess-check.desktop application/x-parachess-game
"${xvfb[@]}" sh -c "gio open '$gamefile'; for i in \$(seq 600); do [ -s '$check/opened.png' ] && exit 0; sleep 0.5; done; exit 1" \
    > "$check/open.log" 2>&1 || fail "gio open did not open the game (dist/check/open.log)"

step "the installed server, started from its unit's ExecStart"
exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
echo "ExecStart: $exec_start"
# As systemd would: a state directory owned by an unprivileged user, that user running it.
mkdir -p /var/lib/parachess
chown 65534:65534 /var/lib/parachess
chmod 700 /var/lib/parachess
read -r -a words <<< "$exec_start"
dist="$PWD/dist"
# Port 0 and the download folder on top of the unit's flags: the command line wins over the
# config file, as in `systemctl edit`. The output files exist before the server starts: the
# loop below reads them at once, maybe before the background shell has opened them.
: > "$check/server.out"
: > "$check/server.err"
(cd /var/lib/parachess && exec setpriv --reuid=65534 --regid=65534 --clear-groups \
    "${words[@]}" --listen 127.0.0.1:0 --downloads "$dist") > "$check/server.out" 2> "$check/server.err" &
server_pid=$!
url=""
for _ in $(seq 300); do
    url=$(sed -n 's/^listening on //p' "$check/server.out" | head -n1)
    [ -n "$url" ] && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$check/server.err"; fail "the server stopped"; }
    sleep 0.2
done
[ -n "$url" ] || fail "the server did not start"
echo "server at $url"
[ -f /var/lib/parachess/server.sqlite ] || fail "no database in /var/lib/parachess"
curl -fsS "$url/download" > "$check/download.html" || fail "GET /download"
deb_sum=$(sha256sum "${games[0]}" | cut -d' ' -f1)
grep -q "$deb_sum" "$check/download.html" || fail "/download lacks the game package's checksum"
curl -fsS "$url/download/$(basename "${games[0]}")" | cmp - "${games[0]}" || fail "download differs"
parachess-server bots --server "$url" --games 4 --tc 20+1 --timeout 300 > "$check/bots.txt" 2>&1 \
    || { cat "$check/bots.txt"; fail "bots"; }
tail -n 2 "$check/bots.txt"
kill "$server_pid"
wait "$server_pid" 2>/dev/null || true
server_pid=""

step "systemd-analyze"
systemd-analyze verify "$unit" 2>&1 | tee "$check/verify.txt"
# verify fails on real problems (exit status); a missing man page or network target is a note.
systemd-analyze verify "$unit" > /dev/null 2>&1 || fail "systemd-analyze verify $unit"
systemd-analyze security --offline=true "$unit" > "$check/security.txt" 2>&1 || true
grep 'Overall exposure level' "$check/security.txt" || fail "systemd-analyze security gave no score"

step "purge"
DEBIAN_FRONTEND=noninteractive apt-get purge -y parachess parachess-server > "$check/apt-purge.log" 2>&1 \
    || { cat "$check/apt-purge.log"; fail "apt-get purge"; }
left=""
while read -r f; do
    [ -e "$f" ] && [ ! -d "$f" ] && left="$left $f"
done < "$check/files.txt"
[ -z "$left" ] || fail "left behind:$left"
[ -e /etc/parachess-server ] && fail "/etc/parachess-server left behind"
[ -e "$unit" ] && fail "$unit left behind"
[ -L /etc/systemd/system/multi-user.target.wants/parachess-server.service ] && fail "the unit is still enabled"
[ "$(type_of "$gamefile")" = application/vnd.chess-pgn ] || fail "the MIME type outlived the package"
# The server's data is all that stays (Debian policy); this check's own is removed.
ls /var/lib/parachess
rm -rf /var/lib/parachess
installed=0

step "all checks passed in $(($(date +%s) - start)) s"
