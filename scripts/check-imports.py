#!/usr/bin/env python3
"""The import check: who may import whom in src/, so the layering stays as it is meant.

Reads every `use crate::…`, `use super::…` and inline `crate::…`/`super::…` path in
src/**/*.rs (and `parachess::…` in the binaries), builds the module graph at folder level and:

(a) prints the floors, the imports between them and any circle (also, for information, the
    largest circle of files in and outside src/game; an import of a folder's re-export counts
    as an import of its mod.rs, so these are upper bounds);
(b) fails if a folder imports one on its own floor or a higher one (FLOORS below: rules lowest,
    the game and the command line on top);
(c) fails if src/game/core imports any other part of src/game but text, and if a part of
    src/game imports another part that ALLOWED_IN_GAME does not allow and KNOWN_DEBTS does not
    list. KNOWN_DEBTS was the tangle while it was paid off, and has been empty since 2026-12-05:
    it may only shrink, and an entry no import needs any more fails too;
(d) fails if, inside src/server or src/rules, a part imports a part on a higher layer (LAYERS
    below), a part is on no layer, or a circle of files is longer than MAX_CIRCLE.

Python 3.11, standard library only. `--root DIR` checks another tree (a folder with src/);
`--self-test` runs it on the fixtures in tests/data/imports/, where it must fail;
`--print-debts` prints the src/game imports outside ALLOWED_IN_GAME as a KNOWN_DEBTS table.
Exit status: 0 when clean, 1 when a rule is broken, 2 on a usage or read error.
"""

from __future__ import annotations

import argparse
import io
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

# The floors outside src/game, lowest first. A folder may import only folders on LOWER floors
# (never its own floor: two folders that import each other are one folder in disguise). Derived
# from the imports as they are; "app" is src/main.rs and src/bin/ (the executables).
FLOORS: list[tuple[str, ...]] = [
    ("rules", "manual"),  # geometry, positions, moves, game end, records, clocks: pure; the man pages and completions from a clap definition
    ("engine", "theme", "net"),  # the computer player; board themes; games over the network
    ("study", "client"),  # review and puzzles (use the engine); the server protocol's client
    ("store",),  # files in the data folder (saves, puzzle and lesson progress)
    ("uci", "lessons"),  # the UCI protocol; learn
    ("server",),  # the game server (its web pages check the lessons' stages)
    ("game", "commands"),  # the Bevy game; the command line's commands
    ("app",),  # src/main.rs and src/bin/: the executables
]

# Inside src/game: which parts every part may import. `core` (the game resource, messages,
# screens, selection, board geometry) is the floor everything stands on; `ui` is the kit
# (palette, widgets); `text` the words. Anything else between two parts is a feature talking to a feature.
ALLOWED_IN_GAME: dict[str, str] = {
    "core": "the shared vocabulary: every part may use it, it imports no part",
    "ui": "the kit (palette, widgets, text fields, the side panel's shared parts): every part may use it, it imports no part but the floor",
    "board": "the board every screen shows (tiles, pieces, lines, arrows): every part may use it, it imports no part but the floor and the kit",
    "text": "the catalogue of words (Fluent): every part may use it, it imports no part",
}

# Parts of src/game that import no other part of the game, but for what is named here: the floor
# may say things in words (the catalogue, which imports nothing).
IMPORT_NOTHING = ("core", "text", "board", "ui")
IMPORT_NOTHING_BUT: dict[str, tuple[str, ...]] = {
    "core": ("text",),
    "board": ("core", "text", "ui"),
    "ui": ("core", "text"),
}

# The root (src/game/mod.rs) assembles the plugins: it may import every part.
GAME_ROOT = "game"

# Imports between parts of src/game that break ALLOWED_IN_GAME (importer -> imported). The last
# was paid on 2026-12-05: keep it empty; talk through game/core instead of adding one.
KNOWN_DEBTS: set[tuple[str, str]] = set()

# Inside a folder outside src/game: its parts (files and sub-folders) in layers, lowest first,
# each with why it stands there. A part imports parts on its own layer or lower ones, never a
# higher one; the folder's mod.rs is its door (it declares and re-exports the parts: it may
# import all, and an import of it, a re-export of a lower folder, counts for no part). Parts on
# one layer may lean on each other, so a circle of files may only form inside a layer, and
# MAX_CIRCLE caps it: a sub-folder (`variant/`) counts as one file in its parent's circles, and
# its own files' circles are capped on their own. A folder's tests (`tests.rs`) may import
# anything in it.
LAYERS: dict[str, list[tuple[tuple[str, ...], str]]] = {
    "server": [
        (("auth", "limit", "rating", "variant", "metrics", "config_file", "routes", "lessons",
          "lesson_words", "refusals", "signal"),
         "passwords and tokens, token buckets, Glicko-2, variant names, the vital signs, the "
         "config file, the routes web pages draw, lesson stages checked and their sentences, the "
         "refusals in two languages, the stop signals: pure helpers"),
        (("db",), "the database: pool and migrations, rows, queries, the writer task"),
        (("computer",), "the engine pool, the computer's seat in a game, its levels and names"),
        (("worker",), "an engine worker: takes the jobs' table's rows onto its engine threads (no HTTP)"),
        (("game", "bus"),
         "a live game's task, and the bus that carries its events to the other instances"),
        (("stored",), "a finished or remote game read back from the database"),
        (("puzzles",), "the shipped puzzles judged, and their ratings read and written"),
        (("blind",), "the blind mode's answers: a game read out in words"),
        (("hub",), "the shared state: live games, seeks, presence, limits, the cross-instance proxy"),
        (("tournaments",), "arenas and Swiss events: pairing and scoring (pure), their rows, the director"),
        (("web",), "the HTML pages, over the hub"),
        (("ws",), "a WebSocket connection's task"),
        (("downloads",), "the /download page and its files (uses the pages' frame)"),
        (("http",), "the routes: the WebSocket endpoint, the API, the pages"),
        (("bots", "cli"), "the computer players (clients of the protocol); the command line"),
    ],
    "rules": [
        (("piece",), "piece kinds and sides: the words everything else uses"),
        (("cell", "board", "zobrist"), "the board's geometry (cells and boards know each other), its hash keys"),
        (("movement", "moves", "position", "text", "variant"),
         "a position and what defines it: variants, piece movement, moves, position text"),
        (("movegen", "route", "perft"), "legal moves, a move's route, move counts"),
        (("notation",), "moves as text"),
        (("game",), "a game: moves played, its end"),
        (("clock", "setup"), "clocks; setting up a start position"),
        (("record",), "game records (PGN-like files)"),
        (("words",), "the board, pieces and moves in words (the blind mode's vocabulary)"),
    ],
}

# The largest circle of files allowed inside each folder of LAYERS.
MAX_CIRCLE = 5

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
USE_RE = re.compile(r"\buse\s+([^;]*?);", re.S)
INLINE_RE = re.compile(rf"\b((?:crate|super|parachess)(?:\s*::\s*{IDENT})+)")
FIXTURES = Path(__file__).resolve().parent.parent / "tests/data/imports"


def strip_comments_and_strings(text: str) -> str:
    """The code without comments, string literals and char literals (paths there do not count)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c == "r" and re.match(r'r#*"', text[i:]) and (i == 0 or not text[i - 1].isalnum()):
            hashes = re.match(r'r(#*)"', text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            i = n if end < 0 else end + 1 + len(hashes)
            out.append('""')
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
            out.append('""')
        elif c == "'" and re.match(r"'(\\.|[^\\'])'", text[i:]):
            i += len(re.match(r"'(\\.|[^\\'])'", text[i:]).group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def expand_use_tree(tree: str) -> list[list[str]]:
    """`a::{b, c::{d, e as f}, self}` -> [[a, b], [a, c, d], [a, c, e], [a]]."""
    tree = re.sub(rf"\s+as\s+{IDENT}", "", tree)
    tree = re.sub(r"\s+", "", tree)
    paths: list[list[str]] = []

    def walk(text: str, prefix: list[str]) -> None:
        brace = text.find("{")
        if brace < 0:
            segs = [s for s in text.split("::") if s and s != "*"]
            if segs and segs[-1] == "self":
                segs = segs[:-1]
            paths.append(prefix + segs)
            return
        head = [s for s in text[:brace].split("::") if s]
        inner = text[brace + 1 : text.rindex("}")]
        depth, start, parts = 0, 0, []
        for i, ch in enumerate(inner):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                parts.append(inner[start:i])
                start = i + 1
        parts.append(inner[start:])
        for part in parts:
            if part:
                walk(part, prefix + head)

    walk(tree, [])
    return paths


class Tree:
    """The source tree under ROOT/src: files, their modules and what they import."""

    def __init__(self, root: Path):
        self.src = root / "src"
        if not self.src.is_dir():
            raise FileNotFoundError(f"{self.src} is not a folder")
        self.files = sorted(p for p in self.src.rglob("*.rs"))

    def module_of(self, path: Path) -> list[str] | None:
        """The module path of a library file (`src/game/play/state.rs` -> [game, play, state]);
        None for the executables."""
        rel = path.relative_to(self.src).with_suffix("")
        parts = list(rel.parts)
        if parts in (["main"],) or parts[0] == "bin":
            return None
        if parts == ["lib"]:
            return []
        if parts[-1] == "mod":
            parts = parts[:-1]
        return parts

    def is_module(self, segs: list[str]) -> bool:
        base = self.src.joinpath(*segs) if segs else self.src
        return (base.with_suffix(".rs")).is_file() or (base / "mod.rs").is_file()

    def file_of(self, segs: list[str]) -> Path:
        """The file defining the longest module prefix of `segs` (src/lib.rs for none)."""
        best = self.src / "lib.rs"
        for k in range(1, len(segs) + 1):
            base = self.src.joinpath(*segs[:k])
            if base.with_suffix(".rs").is_file():
                best = base.with_suffix(".rs")
            elif (base / "mod.rs").is_file():
                best = base / "mod.rs"
            else:
                break
        return best

    def unit_of_module(self, segs: list[str]) -> str:
        """The folder a module path belongs to: `rules`, `engine`, …, or inside src/game
        `game/play`, `game/keymap` (a top-level file), `game` (its mod.rs)."""
        if not segs or not self.is_module(segs[:1]):
            return "lib"
        if segs[0] == "game":
            if len(segs) > 1 and self.is_module(segs[:2]):
                return "game/" + segs[1]
            return GAME_ROOT
        return segs[0]

    def unit_of_file(self, path: Path) -> str:
        module = self.module_of(path)
        return "app" if module is None else self.unit_of_module(module)

    def imports(self, path: Path) -> list[tuple[list[str], int]]:
        """Each crate-internal path the file names, resolved to a module path from the crate
        root, with its line."""
        raw = path.read_text(encoding="utf-8")
        code = strip_comments_and_strings(raw)
        module = self.module_of(path)
        is_mod_file = path.name in ("mod.rs", "lib.rs")
        found: list[tuple[list[str], int]] = []

        def line_at(pos: int) -> int:
            return code.count("\n", 0, pos) + 1

        # Inline modules (`mod tests { … }`): a path inside one is relative to it.
        inline_mods: list[tuple[int, int, str]] = []
        for m in re.finditer(rf"\bmod\s+({IDENT})\s*\{{", code):
            depth, i = 1, m.end()
            while i < len(code) and depth:
                depth += {"{": 1, "}": -1}.get(code[i], 0)
                i += 1
            inline_mods.append((m.start(), i, m.group(1)))

        def module_at(pos: int) -> list[str]:
            inner = [name for (a, b, name) in inline_mods if a < pos < b]
            return list(module or []) + inner

        def resolve(segs: list[str], pos: int = 0) -> list[str] | None:
            if not segs:
                return None
            if module is None:
                # The executables reach the library by its name.
                return segs[1:] if segs[0] == "parachess" else None
            if segs[0] == "crate":
                return segs[1:]
            if segs[0] in ("super", "self"):
                # A file's own module is its path (and any inline module around the path);
                # `super` of a mod.rs is its folder's parent.
                here = module_at(pos)
                rest = segs
                if rest[0] == "self":
                    rest = rest[1:]
                while rest and rest[0] == "super":
                    here = here[:-1]
                    rest = rest[1:]
                return here + rest
            # A path through a child module (`use play::ChessGame` in game/mod.rs).
            if is_mod_file and self.is_module(module + segs[:1]):
                return module + segs
            return None

        for m in USE_RE.finditer(code):
            for segs in expand_use_tree(m.group(1)):
                target = resolve(segs, m.start())
                if target is not None:
                    found.append((target, line_at(m.start())))
        for m in INLINE_RE.finditer(code):
            segs = [s.strip() for s in m.group(1).split("::")]
            target = resolve(segs, m.start())
            if target is not None:
                found.append((target, line_at(m.start())))
        return found


def floor_of(unit: str) -> int | None:
    top = "game" if unit.startswith("game/") or unit == GAME_ROOT else unit
    for i, names in enumerate(FLOORS):
        if top in names:
            return i
    return None


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected parts of more than one node (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]
    nodes = set(edges) | {t for ts in edges.values() for t in ts}
    sys.setrecursionlimit(10000)

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return sorted(out, key=lambda p: (-len(p), p))


def check(root: Path, debts: set[tuple[str, str]], out=sys.stdout, print_debts: bool = False) -> int:
    tree = Tree(root)
    unit_edges: dict[str, set[str]] = defaultdict(set)
    file_edges: dict[str, set[str]] = defaultdict(set)
    # (importer unit, imported unit) -> ["file:line", …]
    where: dict[tuple[str, str], list[str]] = defaultdict(list)
    for path in tree.files:
        unit = tree.unit_of_file(path)
        rel = path.relative_to(root).as_posix()
        for target, line in tree.imports(path):
            to_unit = tree.unit_of_module(target)
            to_file = tree.file_of(target).relative_to(root).as_posix()
            if to_file != rel:
                file_edges[rel].add(to_file)
            if to_unit in (unit, "lib"):
                continue
            unit_edges[unit].add(to_unit)
            place = f"{rel}:{line}"
            if place not in where[(unit, to_unit)]:
                where[(unit, to_unit)].append(place)

    problems: list[str] = []

    # (a) The floors, and who imports whom.
    top = lambda u: "game" if u.startswith("game/") else u  # noqa: E731
    print("Floors, lowest first (a folder imports only lower floors):", file=out)
    floor_edges: dict[str, set[str]] = defaultdict(set)
    for a, targets in unit_edges.items():
        for b in targets:
            if top(a) != top(b):
                floor_edges[top(a)].add(top(b))
    for i, names in enumerate(FLOORS):
        for name in names:
            uses = ", ".join(sorted(floor_edges.get(name, ()))) or "-"
            print(f"  {i}  {name:<9} imports {uses}", file=out)
    for names in [sorted({top(u) for u in unit_edges} - {n for f in FLOORS for n in f})]:
        for name in names:
            problems.append(f"{name} is on no floor: add it to FLOORS in {Path(__file__).name}")

    # (b) Nothing imports its own floor or a higher one, outside src/game.
    for (a, b), places in sorted(where.items()):
        if top(a) == top(b):
            continue
        fa, fb = floor_of(a), floor_of(b)
        if fa is None or fb is None:
            continue
        if fb >= fa:
            how = "its own floor" if fb == fa else "a higher floor"
            problems.append(
                f"{top(a)} (floor {fa}) imports {top(b)} (floor {fb}), {how}: "
                + ", ".join(places[:5])
                + (f" and {len(places) - 5} more" if len(places) > 5 else "")
            )

    folder_circles = circles({top(a): {top(b) for b in bs} for a, bs in unit_edges.items()})
    for part in folder_circles:
        if len(part) > 1:
            problems.append("circle between folders: " + " <-> ".join(part))
    if not folder_circles:
        print("No circle between the folders outside src/game.", file=out)

    # (c) Inside src/game: the core imports nothing of the game; features import only what
    # ALLOWED_IN_GAME allows, or a known debt.
    debts_now: dict[tuple[str, str], list[str]] = {}
    for (a, b), places in sorted(where.items()):
        if not (a.startswith("game/") and (b.startswith("game/") or b == GAME_ROOT)):
            continue
        pa, pb = a.removeprefix("game/"), b.removeprefix("game/")
        if pa in IMPORT_NOTHING and pb not in IMPORT_NOTHING_BUT.get(pa, ()):
            problems.append(
                f"src/game/{pa} imports {b}: it imports no other part of the game: "
                + ", ".join(places[:5])
            )
            continue
        if pb in ALLOWED_IN_GAME:
            continue
        debts_now[(pa, pb)] = places
    if print_debts:
        print(debts_table(debts_now), file=sys.stdout)
        return 0
    new = sorted(set(debts_now) - debts)
    paid = sorted(debts - set(debts_now))
    for pa, pb in new:
        places = debts_now[(pa, pb)]
        problems.append(
            f"new import between parts of the game: {pa} -> {pb} ("
            + ", ".join(places[:5])
            + "): talk through game/core instead"
        )
    for pa, pb in paid:
        problems.append(
            f"paid debt: nothing in {pa} imports {pb} any more: remove "
            f'("{pa}", "{pb}") from KNOWN_DEBTS in {Path(__file__).name}'
        )
    known = sorted(debts & set(debts_now))
    by_importer: dict[str, list[str]] = defaultdict(list)
    for pa, pb in known:
        by_importer[pa].append(pb)
    if known:
        print(f"Known debts: {len(known)} imports between parts of src/game (may only go down):", file=out)
        for pa, pbs in by_importer.items():
            print(f"  {pa} -> {', '.join(pbs)}", file=out)
    else:
        print("No part of src/game imports another (only core, ui, board and text).", file=out)
    problems += check_layers(tree, root, out)
    inside = lambda f: f.startswith("src/game/")  # noqa: E731
    for name, keep in (("in src/game", inside), ("outside src/game", lambda f: not inside(f))):
        files = {f: {t for t in ts if keep(t)} for f, ts in file_edges.items() if keep(f)}
        parts = circles(files)
        biggest = max((len(p) for p in parts), default=0)
        print(f"Largest circle of files {name}: {biggest} files.", file=out)

    if problems:
        print(f"\nImport check FAILED ({len(problems)}):", file=out)
        for p in problems:
            print(f"  * {p}", file=out)
        return 1
    print("Import check passed.", file=out)
    return 0


def check_layers(tree: Tree, root: Path, out) -> list[str]:
    """(d) Inside each folder of LAYERS: no part imports a higher layer, every part is on a
    layer, and no circle of files is longer than MAX_CIRCLE."""
    problems: list[str] = []
    for folder, layers in LAYERS.items():
        if not tree.is_module([folder]):
            continue
        layer_of = {part: i for i, (parts, _) in enumerate(layers) for part in parts}

        def part_of(segs: list[str]) -> str | None:
            if len(segs) > 1 and segs[0] == folder and tree.is_module(segs[:2]):
                return segs[1]
            return None

        def node_of(rel: str, part: str) -> str:
            """A file, or its part's folder (`src/rules/variant/`) when the part is a folder."""
            sub = f"src/{folder}/{part}/"
            return sub if rel.startswith(sub) else rel

        where: dict[tuple[str, str], list[str]] = defaultdict(list)
        file_edges: dict[str, set[str]] = defaultdict(set)
        for path in tree.files:
            module = tree.module_of(path)
            if module is None:
                continue
            a = part_of(module)
            # A folder's tests (`tests.rs`) may exercise anything in it.
            if a is None or path.name == "tests.rs":
                continue
            rel = path.relative_to(root).as_posix()
            if a not in layer_of:
                problems.append(f"{folder}/{a} is on no layer: add it to LAYERS[{folder!r}] in {Path(__file__).name}")
                layer_of[a] = -1
            for target, line in tree.imports(path):
                b = part_of(target)
                if b is None:
                    continue
                to_file = tree.file_of(target).relative_to(root).as_posix()
                # A sub-folder is one node of its parent's circles (its door re-exports
                # its files); the circles among its own files are counted on their own.
                node_a, node_b = node_of(rel, a), node_of(to_file, b)
                if node_a != node_b:
                    file_edges[node_a].add(node_b)
                elif to_file != rel and node_a.endswith("/"):
                    file_edges[rel].add(to_file)
                if b != a and f"{rel}:{line}" not in where[(a, b)]:
                    where[(a, b)].append(f"{rel}:{line}")
        for (a, b), places in sorted(where.items()):
            la, lb = layer_of.get(a, -1), layer_of.get(b, -1)
            if la >= 0 and lb > la:
                problems.append(
                    f"{folder}/{a} (layer {la}) imports {folder}/{b} (layer {lb}), a higher layer: "
                    + ", ".join(places[:5])
                    + (f" and {len(places) - 5} more" if len(places) > 5 else "")
                )
        parts = circles(file_edges)
        biggest = max((len(p) for p in parts), default=0)
        print(f"Layers in src/{folder}: {len(layers)}; largest circle of files: {biggest} files.", file=out)
        for part in parts:
            if len(part) > MAX_CIRCLE:
                problems.append(
                    f"circle of {len(part)} files in src/{folder} (at most {MAX_CIRCLE}): " + " <-> ".join(part)
                )
    return problems


def debts_table(pairs) -> str:
    """`pairs` as the lines of KNOWN_DEBTS: one importer a line, wrapped at 100 columns."""
    lines: list[str] = []
    by_importer: dict[str, list[str]] = defaultdict(list)
    for a, b in sorted(pairs):
        by_importer[a].append(b)
    for a, bs in by_importer.items():
        line = "   "
        for b in bs:
            item = f' ("{a}", "{b}"),'
            if len(line) + len(item) > 100:
                lines.append(line)
                line = "   "
            line += item
        lines.append(line)
    return "\n".join(lines)


def self_test() -> int:
    """Each fixture in tests/data/imports/ must fail with the message its EXPECT file names."""
    # The reader first: use trees, renames, comments and strings.
    cases = [
        (
            expand_use_tree("crate::{rules::{Game, Outcome as O}, engine::{self}, x::*}"),
            [["crate", "rules", "Game"], ["crate", "rules", "Outcome"], ["crate", "engine"],
             ["crate", "x"]],
        ),
        (expand_use_tree("super::super::db::Db"), [["super", "super", "db", "Db"]]),
        (
            strip_comments_and_strings('a /// crate::x\n"crate::y" /* crate::z */ b'),
            'a \n""  b',
        ),
    ]
    for got, want in cases:
        if got != want:
            print(f"FAIL reader: {got!r}, wants {want!r}")
            return 1
    fixtures = sorted(p for p in FIXTURES.iterdir() if p.is_dir())
    if not fixtures:
        print(f"no fixtures in {FIXTURES}", file=sys.stderr)
        return 1
    bad = 0
    for fixture in fixtures:
        expect = (fixture / "EXPECT").read_text(encoding="utf-8").strip()
        run = subprocess.run(
            [sys.executable, __file__, "--root", str(fixture), "--no-known-debts"],
            capture_output=True,
            text=True,
            check=False,
        )
        ok = run.returncode == 1 and expect in run.stdout
        print(f"{'ok  ' if ok else 'FAIL'} {fixture.name}: exit {run.returncode}, wants {expect!r}")
        if not ok:
            print(run.stdout + run.stderr)
            bad += 1
    return 1 if bad else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--self-test", action="store_true")
    parser.add_argument("--print-debts", action="store_true")
    # The fixtures have none of the real tree's debts (used by --self-test).
    parser.add_argument("--no-known-debts", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    try:
        debts = set() if args.no_known_debts else KNOWN_DEBTS
        out = io.StringIO() if args.print_debts else sys.stdout
        return check(args.root, debts, out=out, print_debts=args.print_debts)
    except (OSError, UnicodeDecodeError) as e:
        print(f"check-imports: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
