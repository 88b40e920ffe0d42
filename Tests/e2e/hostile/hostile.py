#!/usr/bin/env python3
"""Hostile files against the real binaries (issue "Robustness"), standard library only.

Each case runs through `template-fmt` (check, format --check) and through `template-lsp`
(didOpen, the diagnostics of that version, one more request, shutdown, exit). Every run
must end with exit 0, 1 or 2 (never a signal), print the expected diagnostic or error, and
stay within a memory bound; size-scaled cases also run at a tenth of the size, and the
time ratio must be far from quadratic. Then "nothing lost": `format` and `check --fix`
are killed at many moments while rewriting a 10 MB file, which must always be either the
original or the complete result.

usage: hostile.py BIN_DIR [GEN_CORPUS]    (prints a table; the last line is "N passed, M failed")
"""

import json
import os
import re
import signal
import stat
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lsp"))
from framing import frame, read_messages  # noqa: E402  (shared with the LSP suite)

BIN = sys.argv[1]
GEN_CORPUS = sys.argv[2] if len(sys.argv) > 2 else None
FMT = os.path.join(BIN, "template-fmt")
LSP = os.path.join(BIN, "template-lsp")
MIB = 1024 * 1024

passed = 0
failures = []
rows = []


def check(condition, what):
    global passed
    if condition:
        passed += 1
    else:
        failures.append(what)
        print(f"FAIL: {what}", flush=True)


# A child's ru_maxrss starts from the RSS of the process that forked it (Linux keeps the
# high-water mark across exec), so measuring from this big Python process would report its
# own size. A small fresh interpreter forks the command instead and reports its peak.
TRAMPOLINE = """
import os, sys
pid = os.fork()
if pid == 0:
    try:
        os.execv(sys.argv[2], sys.argv[2:])
    finally:
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as f:
    f.write("%d %d" % (os.waitstatus_to_exitcode(status), usage.ru_maxrss))
"""


def measured(argv, stdin_bytes=None, timeout=300):
    """Runs argv with stdin_bytes; returns (exit code, stdout, stderr, seconds, peak RSS MiB).
    A negative exit code is a signal."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as inp, \
            tempfile.NamedTemporaryFile("r") as report:
        if stdin_bytes is not None:
            inp.write(stdin_bytes)
            inp.seek(0)
        started = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", TRAMPOLINE, report.name] + argv,
                                stdin=inp if stdin_bytes is not None else subprocess.DEVNULL, stdout=out, stderr=err)
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        elapsed = time.perf_counter() - started
        fields = report.read().split()
        code, rss = (int(fields[0]), int(fields[1]) / 1024) if len(fields) == 2 else (-9, 0.0)
        out.seek(0)
        err.seek(0)
        return code, out.read(), err.read(), elapsed, rss


def cli(name, path, expect_codes=(), expect_text=None, size=None):
    """`check` and `format --check` on path; returns the check time."""
    code, out, err, secs, rss = measured([FMT, "check", path])
    text = (out + err).decode("utf-8", "replace")
    check(code in (0, 1, 2), f"{name}: check exit {code} is a signal or unknown")
    for c in expect_codes:
        check(c in text, f"{name}: check names {c}")
    if expect_text:
        check(expect_text in text, f"{name}: check says {expect_text!r}")
    rows.append((name, "check", code, secs, rss, size))
    code2, out2, err2, secs2, rss2 = measured([FMT, "format", "--check", path])
    check(code2 in (0, 1, 2), f"{name}: format --check exit {code2}")
    rows.append((name, "format --check", code2, secs2, rss2, size))
    return secs, rss


def server(name, uri, text, expect_codes=(), size=None, folder=None):
    """Opens text in the server, waits for its diagnostics, asks for symbols, shuts down."""
    stream = (frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                  "capabilities": {}, "rootUri": None, "processId": None}})
              + frame({"jsonrpc": "2.0", "method": "initialized", "params": {}})
              + frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
                  "uri": uri, "languageId": "tdl", "version": 7, "text": text}}})
              + frame({"jsonrpc": "2.0", "id": 2, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": uri}}})
              + frame({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
              + frame({"jsonrpc": "2.0", "method": "exit"}))
    code, out, err, secs, rss = measured([LSP, "--stdio"], stream)
    check(code == 0, f"{name}: server exit {code} (stderr {err[-300:]!r})")
    try:
        got = read_messages(out)
    except (ValueError, IndexError) as e:
        check(False, f"{name}: server output is not framed JSON ({e})")
        return secs
    published = [m["params"] for m in got if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri]
    check(published and published[-1].get("version") == 7, f"{name}: server publishes diagnostics of version 7")
    codes = {d.get("code") for p in published[-1:] for d in p["diagnostics"]}
    for c in expect_codes:
        check(c in codes, f"{name}: server reports {c} (got {sorted(codes)[:8]})")
    answer = [m for m in got if m.get("id") == 2]
    check(len(answer) == 1 and "result" in answer[0], f"{name}: server answers documentSymbol")
    rows.append((name, "server", code, secs, rss, size))
    return secs


def linear(name, small_secs, big_secs, factor):
    """A 10x larger input must not take anywhere near 100x as long (slack for noise)."""
    ratio = big_secs / max(small_secs, 0.02)
    check(big_secs < 0.5 or ratio < factor * 3, f"{name}: time ratio {ratio:.1f} for {factor}x the size")
    print(f"  linearity {name}: {small_secs:.3f} s -> {big_secs:.3f} s for {factor}x the size (ratio {ratio:.1f})", flush=True)


def main():
    work = tempfile.mkdtemp(prefix="tdl-hostile-")

    def write(name, data):
        path = os.path.join(work, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    # 100,000 nested blocks: nesting is capped at 128 (TDL015), one error node below.
    def nested(n):
        return ("format 1\n\ntemplate deep {\n  size: 10 x 10\n" + "group g {\n" * n + "}\n" * n + "}\n").encode()
    small = write("nested-10k.tdl", nested(10_000))
    big = write("nested-100k.tdl", nested(100_000))
    t1, _ = cli("100,000 nested blocks (10,000)", small, ["TDL015"], size=os.path.getsize(small))
    t2, _ = cli("100,000 nested blocks", big, ["TDL015"], size=os.path.getsize(big))
    linear("nested blocks", t1, t2, 10)
    server("100,000 nested blocks", "file://" + big, nested(100_000).decode(), ["TDL015"], size=os.path.getsize(big))

    # A 50 MB single line: one template, its text a 50 MB string, no line break at all.
    def one_line(n):
        return ('format 1; template t { size: 100 x 100; text a { text: "' + "x" * n
                + '"; at: 0, 0; size: 10 x 10 } }').encode()
    small = write("line-5mb.tdl", one_line(5 * MIB))
    big = write("line-50mb.tdl", one_line(50 * MIB))
    t1, _ = cli("50 MB single line (5 MB)", small, size=os.path.getsize(small))
    t2, rss = cli("50 MB single line", big, size=os.path.getsize(big))
    linear("single line", t1, t2, 10)
    check(rss < 20 * 50 + 100, f"50 MB single line: check peak RSS {rss:.0f} MiB within 20x the input + 100 MiB")
    server("50 MB single line", "file://" + big, one_line(50 * MIB).decode(), size=os.path.getsize(big))

    # 1,000,000 properties in one block (parameters, whose unused warnings are suppressed).
    def many(n):
        return ("// tdl-ignore-file TDL305\nformat 1\n\ntemplate t {\n  size: 10 x 10\n  params {\n"
                + "".join(f"    p{i}: {i}\n" for i in range(n)) + "  }\n}\n").encode()
    small = write("props-100k.tdl", many(100_000))
    big = write("props-1m.tdl", many(1_000_000))
    t1, _ = cli("1,000,000 properties (100,000)", small, size=os.path.getsize(small))
    t2, _ = cli("1,000,000 properties", big, size=os.path.getsize(big))
    linear("properties", t1, t2, 10)
    s1 = server("1,000,000 properties (100,000)", "file://" + small, many(100_000).decode(), size=os.path.getsize(small))
    s2 = server("1,000,000 properties", "file://" + big, many(1_000_000).decode(), size=os.path.getsize(big))
    linear("properties, server", s1, s2, 10)

    # Invalid UTF-8 and NUL bytes.
    bad = b"format 1\n\ntemplate t {\n  size: 10 x 10\n  text a { text: \"caf\xe9 \xff\xfe\" }\n  \x00\x00\n}\n"
    path = write("invalid-utf8.tdl", bad)
    cli("invalid UTF-8 and NUL", path, ["TDL002", "TDL001"], size=len(bad))
    server("invalid UTF-8 and NUL", "file://" + path, bad.decode("utf-8", "replace"), ["TDL001"], size=len(bad))

    # Lone CR line endings, and a BOM: ordinary documents, no error.
    cr = b"format 1\r\rtemplate t {\r  size: 10 x 10\r}\r"
    path = write("lone-cr.tdl", cr)
    cli("lone CR line endings", path, size=len(cr))
    code, out, err, _, _ = measured([FMT, "check", path])
    check(code == 0, f"lone CR: check exit {code}: {out[:200]!r}")
    server("lone CR line endings", "file://" + path, cr.decode(), size=len(cr))
    bom = b"\xef\xbb\xbfformat 1\n\ntemplate t {\n  size: 10 x 10\n}\n"
    path = write("bom.tdl", bom)
    cli("BOM", path, size=len(bom))
    code, out, err, _, _ = measured([FMT, "check", path])
    check(code == 0, f"BOM: check exit {code}: {out[:200]!r}")
    server("BOM", "file://" + path, bom.decode("utf-8"), size=len(bom))

    # An unterminated string at the start of a 10 MB file.
    def unterminated(n):
        body = "template t{i} {{\n  size: 10 x 10\n}}\n\n"
        parts, size, i = ['"never closed\nformat 1\n\n'], 0, 0
        while size < n:
            piece = body.format(i=i)
            parts.append(piece)
            size += len(piece)
            i += 1
        return "".join(parts).encode()
    small = write("unterminated-1mb.tdl", unterminated(MIB))
    big = write("unterminated-10mb.tdl", unterminated(10 * MIB))
    t1, _ = cli("unterminated string, 10 MB (1 MB)", small, ["TDL003"], size=os.path.getsize(small))
    t2, _ = cli("unterminated string, 10 MB", big, ["TDL003"], size=os.path.getsize(big))
    linear("unterminated string", t1, t2, 10)
    server("unterminated string, 10 MB", "file://" + big, unterminated(10 * MIB).decode(), ["TDL003"], size=os.path.getsize(big))

    # Imports: a cycle, /dev/zero, a FIFO and a directory.
    a = write("cycle-a.tdl", b'format 1\nimport "cycle-b.tdl"\n\nstyle a { font-size: 12 }\n')
    write("cycle-b.tdl", b'format 1\nimport "cycle-a.tdl"\n\nstyle b { font-size: 12 }\n')
    cli("import cycle", a, ["TDL114"])
    server("import cycle", "file://" + a, open(a).read(), ["TDL114"])
    fifo = os.path.join(work, "fifo.tdl")
    os.mkfifo(fifo)
    os.mkdir(os.path.join(work, "folder.tdl"))
    for what, target in [("/dev/zero", "/dev/zero"), ("a FIFO", fifo), ("a directory", os.path.join(work, "folder.tdl"))]:
        text = f'format 1\nimport "{target}"\n\ntemplate t {{\n  size: 10 x 10\n}}\n'
        path = write(f"import-{what.replace('/', '').replace(' ', '-')}.tdl", text.encode())
        cli(f"import of {what}", path, ["TDL113"])
        server(f"import of {what}", "file://" + path, text, ["TDL113"])

    # Paths that are not regular files, given where a file is expected.
    for what, target in [("a directory", os.path.join(work, "folder.tdl")), ("a FIFO", fifo), ("/dev/zero", "/dev/zero")]:
        code, out, err, secs, rss = measured([FMT, "export", target, "-o", os.path.join(work, "out.html")], timeout=30)
        text = (out + err).decode("utf-8", "replace")
        check(code == 2, f"export of {what}: exit {code} (want 2): {text[:200]!r}")
        check(any(s in text for s in ("is a directory", "not a regular file")), f"export of {what}: says why: {text[:200]!r}")
        rows.append((f"export of {what}", "export", code, secs, rss, None))
        code, out, err, secs, rss = measured([FMT, "check", target], timeout=30)
        check(code in (0, 2) and secs < 10, f"check of {what}: exit {code} in {secs:.1f} s")
        rows.append((f"check of {what}", "check", code, secs, rss, None))

    nothing_lost(work)

    print()
    print(f"{'case':44} {'run':15} {'exit':>4} {'seconds':>8} {'peak RSS MiB':>12} {'input MiB':>9}")
    for name, what, code, secs, rss, size in rows:
        size_text = f"{size / MIB:9.1f}" if size else f"{'':9}"
        print(f"{name:44} {what:15} {code:>4} {secs:8.3f} {rss:12.0f} {size_text}")
    print()
    for f in failures:
        print("FAIL:", f)
    print(f"{passed} passed, {len(failures)} failed")
    return 1 if failures else 0


def nothing_lost(work):
    """SIGKILL `format` and `check --fix` at many moments while they rewrite a 10 MB file:
    afterwards the file is the original or the complete result, never a mix, and no
    temporary file is left but the hidden `.NAME.tdl-tmp-*` kind the writer uses."""
    if not GEN_CORPUS:
        print("  (nothing-lost: no corpus generator given; skipped)")
        return
    corpus = os.path.join(work, "corpus")
    subprocess.run([sys.executable, GEN_CORPUS, "--preset", "10mb", "--out", corpus], check=True, stdout=subprocess.DEVNULL)
    messy = open(os.path.join(corpus, "corpus.messy.tdl"), "rb").read()
    canonical = open(os.path.join(corpus, "corpus.tdl"), "rb").read()
    # A document with certain fixes (`327x180` -> `327 x 180`) for check --fix.
    fixable = re.sub(rb"size: (\d+) x (\d+)", rb"size: \1x\2", canonical)
    target = os.path.join(work, "victim.tdl")

    def result_of(argv, original):
        with open(target, "wb") as f:
            f.write(original)
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return open(target, "rb").read()

    for label, argv, original in [("format", [FMT, "format", target], messy),
                                  ("check --fix", [FMT, "check", "--fix", target], fixable)]:
        complete = result_of(argv, original)
        check(complete != original, f"nothing lost: {label} changes the file")
        started = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        duration = time.perf_counter() - started
        outcomes = {"original": 0, "complete": 0}
        for k in range(30):
            with open(target, "wb") as f:
                f.write(original)
            os.chmod(target, 0o640)
            proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(duration * 2.0 * k / 30)
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            now = open(target, "rb").read()
            if now == original:
                outcomes["original"] += 1
            elif now == complete:
                outcomes["complete"] += 1
            else:
                check(False, f"nothing lost: {label} killed after {duration * 2.0 * k / 30:.3f} s left a partial file ({len(now)} bytes)")
            check(stat.S_IMODE(os.stat(target).st_mode) == 0o640, f"nothing lost: {label} keeps the mode 0640")
            for name in os.listdir(work):
                if "victim" in name and name != "victim.tdl":
                    check(name.startswith(".victim.tdl.tdl-tmp-"), f"nothing lost: {label} left {name}")
                    os.unlink(os.path.join(work, name))
        check(outcomes["original"] + outcomes["complete"] == 30, f"nothing lost: {label}: {outcomes}")
        print(f"  nothing lost, {label}: 30 kills over {duration * 2.0:.2f} s -> {outcomes['original']} original, "
              f"{outcomes['complete']} complete, 0 partial", flush=True)

    # A file with syntax errors is never written, and keeps its bytes and mtime.
    broken = canonical[:1000] + b"\n}}}{{ broken\n" + canonical[1000:]
    with open(target, "wb") as f:
        f.write(broken)
    before = os.stat(target).st_mtime_ns
    code, out, err, _, _ = measured([FMT, "format", target])
    check(code != 0 and open(target, "rb").read() == broken and os.stat(target).st_mtime_ns == before,
          f"nothing lost: format leaves a file with syntax errors untouched (exit {code})")
    code, out, err, _, _ = measured([FMT, "check", "--fix", target])
    check(open(target, "rb").read() == broken, "nothing lost: check --fix leaves a file with syntax errors untouched")
    # A read-only file keeps its mode through a rewrite.
    with open(target, "wb") as f:
        f.write(messy)
    os.chmod(target, 0o444)
    code, out, err, _, _ = measured([FMT, "format", target])
    check(code == 0 and open(target, "rb").read() == canonical and stat.S_IMODE(os.stat(target).st_mode) == 0o444,
          f"nothing lost: a read-only file is formatted and stays 0444 (exit {code}: {err[:200]!r})")
    os.chmod(target, 0o644)


if __name__ == "__main__":
    sys.exit(main())
