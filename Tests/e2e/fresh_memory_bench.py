#!/usr/bin/env python3
"""What memory touched for the first time costs on this machine (a benchmark, not a test).

usage: fresh_memory_bench.py [--mb N] [--check BINARY FILE [--runs N]]

1. Maps N MiB (default 60) of fresh anonymous memory, in 4 KiB pages and advised into huge
   pages (MADV_HUGEPAGE, as `adviseHugePages` does for large buffers), and writes one byte a
   page: the kernel clears each page on its first touch. Each kind is timed right after the
   same amount was freed, and after 1, 3 and 6 seconds of idling.
2. With --check, times `BINARY check FILE > /dev/null` run back to back and run after 2 s
   of idling, taking turns, since that is the difference between a benchmark's series and a
   user's single run.

Why: on the project's 2-core virtual machine, huge pages freed a second ago or more come back
far slower than 4 KiB pages (2-4 ms a MiB against 0.5-0.9; 0.1 when reused at once), so a
`check` of the 10 MB corpus, which touches about 95 MiB, takes a different time in a series
than alone. See docs/PERFORMANCE.md.
"""

import argparse
import mmap
import statistics
import subprocess
import time

PAGE = 4096


def first_touch_ms(mib, huge):
    size = mib << 20
    m = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    if huge and hasattr(mmap, "MADV_HUGEPAGE"):
        m.madvise(mmap.MADV_HUGEPAGE)
    t = time.perf_counter()
    for offset in range(0, size, PAGE):
        m[offset] = 1
    elapsed = (time.perf_counter() - t) * 1000
    m.close()
    return elapsed


def probe(mib):
    # The loop's own cost (Python, one store a page) is measured on memory already touched.
    m = mmap.mmap(-1, mib << 20, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    for offset in range(0, mib << 20, PAGE):
        m[offset] = 1
    t = time.perf_counter()
    for offset in range(0, mib << 20, PAGE):
        m[offset] = 2
    loop = (time.perf_counter() - t) * 1000
    m.close()
    print(f"{mib} MiB, one byte a page; the loop alone takes {loop:.1f} ms (subtracted)")
    for huge in (False, True):
        kind = "huge pages" if huge else "4 KiB pages"
        first_touch_ms(mib, huge)  # so that the first row is "right after a free"
        for idle in (0, 1, 3, 6):
            time.sleep(idle)
            ms = first_touch_ms(mib, huge) - loop
            print(f"  {kind:11s} after {idle} s idle: {ms:7.1f} ms, {ms / mib:5.2f} ms a MiB")


def check_runs(binary, path, runs):
    times = {0: [], 2: []}
    for _ in range(runs):
        for gap in (0, 2):
            time.sleep(gap)
            t = time.perf_counter()
            subprocess.run([binary, "check", path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[gap].append(time.perf_counter() - t)
    for gap, xs in times.items():
        xs.sort()
        label = "back to back" if gap == 0 else "after 2 s idle"
        print(f"check {label:14s}: median {statistics.median(xs) * 1000:.0f} ms, best {xs[0] * 1000:.0f}, "
              f"worst {xs[-1] * 1000:.0f} (n={len(xs)})")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mb", type=int, default=60)
    ap.add_argument("--check", nargs=2, metavar=("BINARY", "FILE"))
    ap.add_argument("--runs", type=int, default=12)
    a = ap.parse_args()
    probe(a.mb)
    if a.check:
        check_runs(a.check[0], a.check[1], a.runs)


if __name__ == "__main__":
    main()
