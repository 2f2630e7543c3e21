#!/usr/bin/env python3
"""Writes the licences of the Rust crates compiled into a binary: each crate with its version
and licence expression, then every licence text those crates ship (LICENSE*, COPYING*,
NOTICE*), each text once with the crates that carry it.

Usage: third_party.py OUT.txt [cargo feature flags...]   (run in the repository root)
Reads `cargo metadata` for Linux x86_64 with those features, and follows only normal
dependencies (build scripts and tests put nothing into the binary)."""

import hashlib
import json
import os
import subprocess
import sys


def main():
    out_path, flags = sys.argv[1], sys.argv[2:]
    meta = json.loads(subprocess.check_output(
        ["cargo", "metadata", "--format-version", "1", "--locked",
         "--filter-platform", "x86_64-unknown-linux-gnu", *flags]))
    packages = {p["id"]: p for p in meta["packages"]}
    nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
    root = meta["resolve"]["root"]
    seen, todo = set(), [root]
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        for dep in nodes[pid]["deps"]:
            if any(k["kind"] is None for k in dep["dep_kinds"]):
                todo.append(dep["pkg"])
    seen.discard(root)
    crates = sorted((packages[p] for p in seen), key=lambda p: (p["name"], p["version"]))
    texts = {}  # hash -> (text, [crate names])
    lines = ["Rust crates compiled into this program, with their licences.", ""]
    for p in crates:
        licence = p.get("license") or ("see " + p["license_file"] if p.get("license_file") else "unknown")
        lines.append(f"{p['name']} {p['version']}: {licence}")
        folder = os.path.dirname(p["manifest_path"])
        names = sorted(os.listdir(folder))
        for name in names:
            upper = name.upper()
            if upper.startswith(("LICENSE", "LICENCE", "COPYING", "NOTICE", "COPYRIGHT")):
                path = os.path.join(folder, name)
                if not os.path.isfile(path):
                    continue
                with open(path, encoding="utf-8", errors="replace") as f:
                    text = f.read().strip()
                key = hashlib.sha256(text.encode()).hexdigest()
                texts.setdefault(key, (text, []))[1].append(f"{p['name']} {p['version']} ({name})")
    lines.append("")
    for text, owners in sorted(texts.values(), key=lambda t: t[1][0]):
        lines.append("=" * 78)
        lines.append("Licence text of: " + ", ".join(owners))
        lines.append("=" * 78)
        lines.append(text)
        lines.append("")
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{out_path}: {len(crates)} crates, {len(texts)} licence texts")


if __name__ == "__main__":
    main()
