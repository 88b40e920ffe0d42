#!/usr/bin/env python3
"""Project-scale benchmark of template-lsp (not a test): a workspace from
shared/bench/gen_workspace.py (FILES screens, the first USERS of which import
shared/styles.tdl and use its style `brand-card`), driven over stdio.

usage: workspace_bench.py --server BIN --workspace DIR [--runs N] [--dependents 50] [--json]

Measures, per run (a fresh server each time):
  index      initialized -> the `$/progress` end of indexing (the server shows progress
             for workspaces of 200 files and more), falling back to the answer of a
             workspace/symbol request sent right after `initialized`, which waits for it
  symbol     workspace/symbol p50 over varied queries
  references textDocument/references on `brand-card` in shared/styles.tdl (p50)
  rename     textDocument/rename of it (p50; the edit touches every user)
  rss        VmRSS of the server with the index built, MiB
  dependents an edit of shared/styles.tdl -> publishDiagnostics of DEPENDENTS open users (p50)
Prints a table, or one JSON object with --json. Python 3.8+, standard library only."""

import argparse
import json
import os
import queue
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path


class Client:
    def __init__(self, cmd):
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.inbox = queue.Queue()
        self.next_id = 1
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.inbox.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            body = out.read(length)
            self.inbox.put((time.perf_counter(), json.loads(body)))

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        return rid

    def wait(self, predicate, timeout=120):
        """Handles messages until `predicate(msg)` is true; answers the server's requests."""
        deadline = time.perf_counter() + timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError("no answer in time")
            item = self.inbox.get(timeout=left)
            if item is None:
                raise RuntimeError("the server exited")
            at, msg = item
            if "method" in msg and "id" in msg:
                self.send({"jsonrpc": "2.0", "id": msg["id"], "result": None})
            if predicate(msg):
                return at, msg

    def call(self, method, params, timeout=120):
        start = time.perf_counter()
        rid = self.request(method, params)
        at, msg = self.wait(lambda m: m.get("id") == rid and "method" not in m, timeout)
        return (at - start) * 1000, msg.get("result")

    def rss_mib(self):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return None

    def close(self):
        try:
            self.call("shutdown", None, timeout=30)
            self.notify("exit", None)
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()


def uri(path):
    return Path(path).resolve().as_uri()


def position_of(text, needle):
    index = text.index(needle)
    line = text.count("\n", 0, index)
    return {"line": line, "character": index - (text.rfind("\n", 0, index) + 1)}


def run_once(server, root, dependents):
    client = Client([server, "--stdio"])
    capabilities = {
        "window": {"workDoneProgress": True},
        "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}, "workspaceFolders": True, "symbol": {}},
        "textDocument": {"publishDiagnostics": {"versionSupport": True, "relatedInformation": True}},
    }
    client.call("initialize", {"processId": os.getpid(), "rootUri": uri(root), "capabilities": capabilities,
                               "workspaceFolders": [{"uri": uri(root), "name": "bench"}]})
    start = time.perf_counter()
    client.notify("initialized", {})
    result = {}
    try:
        at, _ = client.wait(lambda m: m.get("method") == "$/progress" and m["params"]["value"].get("kind") == "end", timeout=60)
        result["index_ms"] = (at - start) * 1000
    except TimeoutError:
        result["index_ms"] = None
    # Whatever the progress said, the index is complete once this answers.
    ms, _ = client.call("workspace/symbol", {"query": "brand"})
    if result["index_ms"] is None:
        result["index_ms"] = (time.perf_counter() - start) * 1000
    result["rss_mib"] = client.rss_mib()

    queries = ["brand", "screen-0042", "line", "go", "art-5", "zzz", "inner", "local-01", "Screen", "b"]
    samples = [client.call("workspace/symbol", {"query": q})[0] for _ in range(5) for q in queries]
    result["symbol_p50_ms"] = statistics.median(samples)

    shared = Path(root) / "shared" / "styles.tdl"
    text = shared.read_text()
    shared_uri = uri(shared)
    client.notify("textDocument/didOpen", {"textDocument": {"uri": shared_uri, "languageId": "tdl", "version": 1, "text": text}})
    where = position_of(text, "brand-card {")
    references = []
    count = 0
    for _ in range(10):
        ms, found = client.call("textDocument/references", {"textDocument": {"uri": shared_uri}, "position": where,
                                                            "context": {"includeDeclaration": True}})
        references.append(ms)
        count = len(found or [])
    result["references_p50_ms"] = statistics.median(references)
    result["references"] = count
    renames = []
    edited = 0
    for _ in range(10):
        ms, edit = client.call("textDocument/rename", {"textDocument": {"uri": shared_uri}, "position": where, "newName": "brand-box"})
        renames.append(ms)
        edited = len((edit or {}).get("changes", {}))
    result["rename_p50_ms"] = statistics.median(renames)
    result["rename_files"] = edited

    # Open dependents, then edit the shared file and wait for every dependent's diagnostics.
    users = sorted((Path(root) / "screens").glob("screen-*.tdl"))[:dependents]
    user_uris = set()
    for path in users:
        u = uri(path)
        user_uris.add(u)
        client.notify("textDocument/didOpen", {"textDocument": {"uri": u, "languageId": "tdl", "version": 1, "text": path.read_text()}})
    seen = set()
    client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and (seen.add(m["params"]["uri"]) or user_uris <= seen), timeout=60)
    value = position_of(text, "font-size: 16")
    value["character"] += len("font-size: ")
    latencies = []
    for k in range(20):
        new = "17" if k % 2 == 0 else "16"
        start = time.perf_counter()
        client.notify("textDocument/didChange", {"textDocument": {"uri": shared_uri, "version": k + 2}, "contentChanges": [{
            "range": {"start": value, "end": {"line": value["line"], "character": value["character"] + 2}}, "text": new}]})
        seen = set()
        at, _ = client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                            and (seen.add(m["params"]["uri"]) or user_uris <= seen), timeout=60)
        latencies.append((at - start) * 1000)
    result["dependents_p50_ms"] = statistics.median(latencies)
    result["dependents_p99_ms"] = sorted(latencies)[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    client.close()
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--server", required=True)
    ap.add_argument("--workspace", required=True)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--dependents", type=int, default=50)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    runs = [run_once(a.server, a.workspace, a.dependents) for _ in range(a.runs)]
    keys = runs[0].keys()
    summary = {k: statistics.median([r[k] for r in runs if r[k] is not None]) for k in keys}
    if a.json:
        print(json.dumps({"runs": runs, "median": summary}))
        return
    files = len(list(Path(a.workspace).rglob("*.tdl")))
    print(f"workspace {a.workspace}: {files} files, medians of {a.runs} runs")
    for k in keys:
        v = summary[k]
        print(f"  {k:20s} {v:10.1f}" if isinstance(v, float) else f"  {k:20s} {v:>10}")


if __name__ == "__main__":
    sys.exit(main())
