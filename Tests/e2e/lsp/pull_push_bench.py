#!/usr/bin/env python3
"""Pulled against pushed diagnostics, timed the same way (a benchmark, not a test).

For each edit: the time from writing `didChange` to the arrival of the whole answer, the
`publishDiagnostics` notification (push) or the `textDocument/diagnostic` response (pull),
taken when its last byte is read and before it is parsed. shared/bench/lspbench.py stops
the push clock before parsing but the pull clock after, so on large documents its pull
figure includes the client's own JSON parsing (about 150 ms for the 5 MB report of the
100,000-line corpus in Python) and its pull/push ratio measures the client.

usage: pull_push_bench.py SERVER FILE [EDITS]
"""
import json
import os
import statistics
import subprocess
import sys
import time


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_message(stream):
    """Returns (arrival time of the last byte, body bytes)."""
    length = None
    while True:
        line = stream.readline()
        if not line:
            raise EOFError("the server closed its output")
        line = line.strip()
        if not line:
            break
        key, _, value = line.decode("ascii").partition(":")
        if key.lower() == "content-length":
            length = int(value)
    body = stream.read(length)
    return time.perf_counter(), body


def run(server, path, mode, edits):
    text = open(path, encoding="utf-8").read()
    uri = "file://" + os.path.abspath(path)
    proc = subprocess.Popen([server, "--stdio"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    send = lambda m: (proc.stdin.write(frame(m)), proc.stdin.flush())
    caps = {"textDocument": {"publishDiagnostics": {"versionSupport": True}}}
    if mode == "pull":
        caps["textDocument"]["diagnostic"] = {"dynamicRegistration": False}
    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": caps}})
    while b'"id":1' not in read_message(proc.stdout)[1].replace(b" ", b""):
        pass
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
          "params": {"textDocument": {"uri": uri, "languageId": "tdl", "version": 1, "text": text}}})
    lines = text.split("\n")
    line = len(lines) // 2
    samples = []
    next_id = 2
    if mode == "pull":
        send({"jsonrpc": "2.0", "id": next_id, "method": "textDocument/diagnostic", "params": {"textDocument": {"uri": uri}}})
        while b'"id":%d' % next_id not in read_message(proc.stdout)[1][:64].replace(b" ", b""):
            pass
        next_id += 1
    else:
        while b"publishDiagnostics" not in read_message(proc.stdout)[1][:200]:
            pass
    for i in range(edits):
        version = i + 2
        change = ({"range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}}, "text": "  "}
                  if i % 2 == 0 else
                  {"range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 2}}, "text": ""})
        start = time.perf_counter()
        send({"jsonrpc": "2.0", "method": "textDocument/didChange",
              "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
        if mode == "pull":
            send({"jsonrpc": "2.0", "id": next_id, "method": "textDocument/diagnostic", "params": {"textDocument": {"uri": uri}}})
            wanted = b'"id":%d' % next_id
            next_id += 1
            while True:
                arrived, body = read_message(proc.stdout)
                if wanted in body[:64].replace(b" ", b""):
                    break
        else:
            wanted = b'"version":%d' % version
            while True:
                arrived, body = read_message(proc.stdout)
                if b"publishDiagnostics" in body[:200] and wanted in body.replace(b" ", b""):
                    break
        samples.append((arrived - start) * 1000)
    send({"jsonrpc": "2.0", "id": next_id, "method": "shutdown"})
    send({"jsonrpc": "2.0", "method": "exit"})
    proc.stdin.close()
    proc.wait(timeout=10)
    return samples


def main():
    server, path = sys.argv[1], sys.argv[2]
    edits = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    results = {}
    for mode in ("push", "pull"):
        samples = sorted(run(server, path, mode, edits))
        results[mode] = samples
        p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
        print(f"{mode}: edit -> whole answer p50 {statistics.median(samples):.1f} ms, p99 {p99:.1f} ms (n={len(samples)})")
    ratio = statistics.median(results["pull"]) / statistics.median(results["push"])
    print(f"pull / push (p50): {ratio:.2f}")


if __name__ == "__main__":
    main()
