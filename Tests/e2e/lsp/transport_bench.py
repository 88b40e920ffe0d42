#!/usr/bin/env python3
"""How long a message of N bytes takes to reach an asyncio reader through a pipe, with no
server behind it: the floor under `lspbench.py`'s edit -> diagnostics figures. Not a test.

A child process writes 30 framed messages (`Content-Length` header, then the body), each
after a pause, through a pipe widened to 1 MiB as `template-lsp` widens its own; the reader
frames them as `lspbench.py` does (readline, readexactly) and times each from the child's
write to the body's last byte (both clocks CLOCK_MONOTONIC).

usage: python3 Tests/e2e/lsp/transport_bench.py [BYTES ...]   (default: 1000 100000 589000)
"""
import asyncio
import sys
import time

CHILD = r'''
import fcntl, os, sys, time
n = int(sys.argv[1])
try:
    fcntl.fcntl(1, 1031, 1 << 20)  # F_SETPIPE_SZ
except OSError:
    pass
body = b"x" * n
out = sys.stdout.buffer
for _ in range(30):
    time.sleep(0.02)
    os.write(2, (repr(time.clock_gettime(time.CLOCK_MONOTONIC)) + "\n").encode())
    out.write(b"Content-Length: %d\r\n\r\n" % n)
    out.flush()
    out.write(body)
    out.flush()
'''


async def measure(n):
    child = await asyncio.create_subprocess_exec(sys.executable, "-c", CHILD, str(n),
                                                 stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    times = []
    for _ in range(30):
        header = await child.stdout.readline()
        length = int(header.split(b":")[1])
        await child.stdout.readline()
        await child.stdout.readexactly(length)
        arrived = time.clock_gettime(time.CLOCK_MONOTONIC)
        sent = float((await child.stderr.readline()).decode())
        times.append((arrived - sent) * 1000)
    await child.wait()
    times.sort()
    print("%8d bytes: p50 %.2f ms, p90 %.2f ms, max %.2f ms (30 messages)"
          % (n, times[len(times) // 2], times[int(len(times) * 0.9)], times[-1]))


def main():
    sizes = [int(a) for a in sys.argv[1:]] or [1000, 100000, 589000]
    for n in sizes:
        asyncio.run(measure(n))


if __name__ == "__main__":
    main()
