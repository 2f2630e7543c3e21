#!/usr/bin/env python3
"""Searches the bench positions over UCI with Threads 1 and Threads 2 and prints, per position,
the time to finish depth D (`go depth D`) and the depth, nodes (all threads) and nodes/s reached
with a fixed limit (`go movetime MS`, or `go nodes N`, which counts the main thread's nodes only):
a sanity check that a second thread adds speed and depth.

Usage: scripts/threads-bench.py ENGINE [DEPTH] [LIMIT]
LIMIT: "movetime 1000" (the default) or "nodes 500000"; a bare number means movetime.
(ENGINE: the parachess binary; the positions are those of `parachess bench`.)
"""
import subprocess, sys, time, re, statistics

POSITIONS = [
    "startpos",
    "r1qk1r/1bb1/1p1s1ppp/1p2p/3S6/6/2P1P5/s1P2/PP1P1PPP/1BB1/R1QK1R w 0 7",
    "r1qk1r/1bb1/p2p2pp/2p2/1ps1pp4/6/5P4/2PB1/PPPS1sPP/Q1B1/RS1K1R b 1 8",
    "r2k1r/1bb1/pppqp1p1/3p1/2s2s4/3S2/1PS1p5/1P3/1BPPPPPP/2B1/R1Q1KR b 0 8",
    "r1b2r/1b2/p3k1pp/s4/1ppp1p4/6/3P1B4/P1P2/P1Q2sPP/2B1/RS1K1R w 0 16",
    "2k2r/1b2/4p1pp/rp3/3p6/3P2/3PSs1p2/4P/1PPKP1P1/1B2/R4R w 1 16",
    "6/2k1/4p3/5/2Pp1P2p1/1r1r2/p7P1/1P3/2PbBKp1/4/R4R w 1 31",
    "6/1rk1/1b6/5/3p1P2P1/5B/3PP2K1p/5/1p3p2/4/4R1 w 0 46",
    "6/2k1/1p1p4/5/10/6/10/5/1P1P1P2/1K2/6 w 0 40",
]


class Engine:
    def __init__(self, binary, threads):
        self.p = subprocess.Popen([binary, "uci"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci"); self.until("uciok")
        self.send(f"setoption name Threads value {threads}")

    def send(self, line):
        self.p.stdin.write(line + "\n"); self.p.stdin.flush()

    def until(self, word):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            lines.append(line.strip())
            if line.startswith(word):
                return lines

    def go(self, pos, go):
        self.send("ucinewgame"); self.send("isready"); self.until("readyok")
        self.send("position startpos" if pos == "startpos" else f"position fen {pos}")
        start = time.perf_counter()
        self.send("go " + go)
        lines = self.until("bestmove")
        elapsed = time.perf_counter() - start
        info = [l for l in lines if l.startswith("info") and " depth " in l]
        last = info[-1] if info else ""
        get = lambda k: int(re.search(rf" {k} (\d+)", last).group(1)) if re.search(rf" {k} (\d+)", last) else 0
        return elapsed, get("depth"), get("nodes")

    def quit(self):
        self.send("quit"); self.p.wait()


def main():
    binary = sys.argv[1]
    depth = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    limit = sys.argv[3] if len(sys.argv) > 3 else "movetime 1000"
    if limit.isdigit():
        limit = f"movetime {limit}"
    engines = {t: Engine(binary, t) for t in (1, 2)}
    ttd = {1: [], 2: []}
    reach = {1: [], 2: []}
    print(f"pos  depth {depth}: 1 thread s / 2 threads s | {limit}: depth, knodes, knodes/s for 1 / 2")
    for i, pos in enumerate(POSITIONS, 1):
        row = []
        for t in (1, 2):
            ttd[t].append(engines[t].go(pos, f"depth {depth}")[0] if depth > 0 else 0.0)
        for t in (1, 2):
            e, d, n = engines[t].go(pos, f"{limit}")
            reach[t].append((d, n / e, n))
        print(f"{i:3}  {ttd[1][-1]:6.2f} / {ttd[2][-1]:6.2f} | "
              f"{reach[1][-1][0]:2} {reach[1][-1][2]/1000:6.0f} {reach[1][-1][1]/1000:6.0f} / "
              f"{reach[2][-1][0]:2} {reach[2][-1][2]/1000:6.0f} {reach[2][-1][1]/1000:6.0f}")
    total = {t: sum(ttd[t]) for t in (1, 2)}
    ratios = [a / b for a, b in zip(ttd[1], ttd[2]) if b > 0]
    if ratios:
        print(f"time to depth {depth}: total {total[1]:.2f} s / {total[2]:.2f} s, "
              f"speed-up {total[1]/total[2]:.2f} (median per position {statistics.median(ratios):.2f})")
    for t in (1, 2):
        print(f"threads {t}: {limit}: mean depth {statistics.mean(r[0] for r in reach[t]):.2f}, "
              f"nodes {sum(r[2] for r in reach[t])/1000:.0f} k, "
              f"median nodes/s {statistics.median(r[1] for r in reach[t])/1000:.0f} k")
    for e in engines.values():
        e.quit()


main()
