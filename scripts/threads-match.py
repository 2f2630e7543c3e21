#!/usr/bin/env python3
"""Threads 2 against Threads 1 with `parachess match`, in chunks of games, on a machine other
programs share: before each chunk it waits (a while) for the other programs' CPU use to drop,
takes /work/measure.lock for the chunk only (builds run with `flock /work/measure.lock …` then
never overlap a game), and records how much CPU the other programs used during it, so chunks
played while the second core was taken can be told apart.

Usage: scripts/threads-match.py ENGINE CHUNKS GAMES_PER_CHUNK MOVETIME_MS [FIRST_SEED [MAX_WAIT_S]]
Prints one line per chunk (with running totals of the clean chunks: the others used under 0.2 of
a core on average) and the totals: all chunks, and the clean ones.
"""
import fcntl, math, os, re, resource, subprocess, sys, time


def busy_jiffies():
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    idle = v[3] + v[4]
    return sum(v[:8]) - idle, sum(v[:8])


def others_load(seconds):
    """Cores the machine was busy over `seconds` (this script is idle meanwhile)."""
    b0, t0 = busy_jiffies(); time.sleep(seconds); b1, t1 = busy_jiffies()
    return (b1 - b0) / (t1 - t0) * os.cpu_count()


def elo(w, l, d):
    n = w + l + d
    s = (w + d / 2) / n
    to = lambda p: -400 * math.log10(1 / p - 1)
    if s <= 0 or s >= 1:
        return to(min(max(s, 1e-9), 1 - 1e-9)), math.inf
    var = (w / n) * (1 - s) ** 2 + (l / n) * s ** 2 + (d / n) * (0.5 - s) ** 2
    spread = 1.959964 * math.sqrt(var / n)
    return to(s), (to(min(s + spread, 1 - 1e-9)) - to(max(s - spread, 1e-9))) / 2


def main():
    engine, chunks, games, movetime = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    first = int(sys.argv[5]) if len(sys.argv) > 5 else 100
    max_wait = int(sys.argv[6]) if len(sys.argv) > 6 else 120
    hz = os.sysconf("SC_CLK_TCK")
    rows = []
    for c in range(chunks):
        waited = 0
        while waited < max_wait and others_load(2) > 0.3:
            waited += 2
        cmd = [engine, "match",
               "--engine1", f"{engine} uci", "--engine2", f"{engine} uci",
               "--option1", "Threads=2", "--games", str(games), "--concurrency", "1",
               "--movetime", movetime, "--openings", "random-plies", "8",
               "--seed", str(first + c)]
        # The lock is held for the chunk only, and taken before the clocks start, so a build
        # that takes it too (`flock /work/measure.lock cargo …`) waits for the games and a
        # chunk waiting for the build is not counted as played beside it.
        lock = open("/work/measure.lock", "a")
        fcntl.flock(lock, fcntl.LOCK_EX)
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        b0, t0 = busy_jiffies()
        start = time.time()
        out = subprocess.run(cmd, capture_output=True, text=True).stdout
        wall = time.time() - start
        b1, t1 = busy_jiffies()
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        lock.close()
        mine = (r1.ru_utime + r1.ru_stime) - (r0.ru_utime + r0.ru_stime)
        busy = (b1 - b0) / hz
        others = max(0.0, (busy - mine) / wall)
        m = re.search(r"score (\d+)-(\d+)-(\d+)", out)
        w, l, d = (int(x) for x in m.groups()) if m else (0, 0, 0)
        times = [x for x in out.splitlines() if x.startswith("time a move: engine1 mean")]
        forfeits = sum(1 for x in out.splitlines() if x.startswith("game ") and "time" in x)
        rows.append((w, l, d, others, mine / wall))
        clean = [r for r in rows if r[3] < 0.2]
        cw, cl, cd = (sum(r[i] for r in clean) for i in range(3))
        print(f"chunk {c + 1} seed {first + c}: {w}-{l}-{d}, wall {wall:.0f} s, "
              f"match {mine / wall:.2f} cores, others {others:.2f} cores, waited {waited} s, "
              f"time losses {forfeits}; {times[0] if times else ''}; "
              f"clean so far {cw}-{cl}-{cd}", flush=True)
    for name, keep in [("all chunks", lambda r: True),
                       ("chunks with others under 0.2 cores", lambda r: r[3] < 0.2)]:
        sel = [r for r in rows if keep(r)]
        if not sel:
            continue
        w, l, d = (sum(r[i] for r in sel) for i in range(3))
        e, margin = elo(w, l, d)
        print(f"{name}: {len(sel)} chunks, {w}-{l}-{d} (Threads 2 first), elo {e:+.0f} +/- {margin:.0f}")


main()
