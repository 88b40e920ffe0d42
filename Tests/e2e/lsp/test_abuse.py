"""Protocol abuse through the real binary (issue "Robustness"): broken framing, bodies that
are not JSON-RPC messages, ids of every JSON type, batches, floods, edits that make no
sense, a 100 MB document and `exit` without `shutdown`. After each, the server must still
answer a final request correctly and exit as LSP says. Raw bytes, so no LSP library
stands between the test and the server."""

import json
import os
import subprocess
import time

from conftest import SERVER
from framing import frame, read_messages
from test_protocol import EXIT, INIT, SHUTDOWN, by_id

URI = "file:///tmp/abuse/a.tdl"
DOC = "format 1\n\ntemplate card {\n  size: 100 x 100\n  text t { text: \"hi\"; at: 1, 1; size: 10 x 10 }\n}\n"
OPEN = {"jsonrpc": "2.0", "method": "textDocument/didOpen",
        "params": {"textDocument": {"uri": URI, "languageId": "tdl", "version": 1, "text": DOC}}}
SYMBOLS = {"jsonrpc": "2.0", "id": "final", "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": URI}}}


def run(chunks, timeout=60):
    """Runs the server on these bytes; returns (exit code, messages, seconds, None)."""
    started = time.perf_counter()
    proc = subprocess.run([SERVER, "--stdio"], input=b"".join(chunks), capture_output=True, timeout=timeout)
    return proc.returncode, read_messages(proc.stdout), time.perf_counter() - started, None


def run_measured(chunks, timeout=120):
    """`run`, with the server's own peak RSS (ru_maxrss of the child, from wait4)."""
    started = time.perf_counter()
    proc = subprocess.Popen([SERVER, "--stdio"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    # The server reads while this writes; what it writes back is small, so the pipe to
    # this process cannot fill up before the input is all written.
    proc.stdin.write(b"".join(chunks))
    proc.stdin.close()
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    return os.waitstatus_to_exitcode(status), read_messages(out), time.perf_counter() - started, usage.ru_maxrss / 1024


def assert_jsonrpc(messages):
    """Every message is JSON-RPC 2.0: a response has exactly one of result and error."""
    for m in messages:
        assert m.get("jsonrpc") == "2.0", m
        if "method" not in m:
            assert "id" in m, m
            assert ("result" in m) != ("error" in m), m
            if "error" in m:
                assert isinstance(m["error"]["code"], int) and isinstance(m["error"]["message"], str), m


def assert_final_answer(code, messages):
    """The closing sequence worked: the final request was answered correctly, the
    shutdown too, and the server exited 0."""
    assert_jsonrpc(messages)
    final = by_id(messages, "final")
    assert len(final) == 1 and final[0]["result"][0]["name"] == "card", final
    assert by_id(messages, 99)[0]["result"] is None
    assert code == 0


def closing():
    return [frame(OPEN), frame(SYMBOLS), frame(SHUTDOWN), frame(EXIT)]


def errors_with_null_id(messages, code):
    return [m for m in messages if "method" not in m and m.get("id") is None and m.get("error", {}).get("code") == code]


# Framing -------------------------------------------------------------------------------

def test_content_length_too_short_then_the_rest_is_a_bad_header():
    body = json.dumps({"jsonrpc": "2.0", "id": 5, "method": "workspace/symbol", "params": {"query": ""}}).encode()
    short = b"Content-Length: %d\r\n\r\n" % (len(body) - 10) + body
    code, messages, _, _ = run([frame(INIT), short, b"\r\n\r\n"] + closing())
    # The truncated body is not JSON (answered -32700, with its id since it can be read);
    # its last ten bytes then fail as a header and are skipped.
    assert by_id(messages, 5)[0]["error"]["code"] == -32700
    assert_final_answer(code, messages)


def test_content_length_too_long_swallows_the_next_message_only():
    victim = frame({"jsonrpc": "2.0", "id": 6, "method": "workspace/symbol", "params": {"query": ""}})
    body = json.dumps({"jsonrpc": "2.0", "id": 5, "method": "workspace/symbol", "params": {"query": ""}}).encode()
    long = b"Content-Length: %d\r\n\r\n" % (len(body) + len(victim)) + body
    code, messages, _, _ = run([frame(INIT), long, victim] + closing())
    assert by_id(messages, 5)[0]["error"]["code"] == -32700  # body plus the next frame: not JSON
    assert by_id(messages, 6) == []
    assert_final_answer(code, messages)


def test_content_length_too_long_at_the_end_of_input():
    body = json.dumps({"jsonrpc": "2.0", "id": 5, "method": "workspace/symbol", "params": {"query": ""}}).encode()
    code, messages, _, _ = run([frame(INIT), frame(OPEN), frame(SYMBOLS), b"Content-Length: %d\r\n\r\n" % (len(body) + 100) + body])
    assert_jsonrpc(messages)
    assert by_id(messages, "final")[0]["result"][0]["name"] == "card"
    assert by_id(messages, 5) == []
    assert code == 1  # the input ended without shutdown and exit


def test_missing_content_length_is_skipped():
    body = json.dumps({"jsonrpc": "2.0", "id": 5, "method": "workspace/symbol", "params": {"query": ""}}).encode()
    no_length = b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n"
    code, messages, _, _ = run([frame(INIT), no_length, frame(json.loads(body))] + closing())
    logs = [m["params"]["message"] for m in messages if m.get("method") == "window/logMessage"]
    assert any("Content-Length" in text for text in logs), logs
    assert by_id(messages, 5)[0]["result"] == []
    assert_final_answer(code, messages)


def test_header_without_body_at_the_end_of_input():
    code, messages, _, _ = run([frame(INIT), frame(OPEN), frame(SYMBOLS), b"Content-Length: 50\r\n\r\n"])
    assert_jsonrpc(messages)
    assert by_id(messages, "final")[0]["result"][0]["name"] == "card"
    assert code == 1


# Bodies ---------------------------------------------------------------------------------

def test_body_that_is_not_json():
    code, messages, _, _ = run([frame(INIT), frame(b"\x00\xffnot json at all"), frame(b"{\"jsonrpc\": \"2.0\", \"id\": ")] + closing())
    assert len(errors_with_null_id(messages, -32700)) == 2
    assert_final_answer(code, messages)


def test_json_that_is_not_an_object():
    values = [b"42", b"-1.5e3", b'"initialize"', b"null", b"true", b"false"]
    code, messages, _, _ = run([frame(INIT)] + [frame(v) for v in values] + closing())
    assert len(errors_with_null_id(messages, -32600)) == len(values)
    assert_final_answer(code, messages)


def test_ids_of_every_json_type():
    def request(id_):
        return frame(b'{"jsonrpc":"2.0","id":%s,"method":"workspace/symbol","params":{"query":""}}' % id_)
    valid = {b"7": 7, b"-3": -3, b'"seven"': "seven", b'""': "", b"2147483648": 2147483648}
    invalid = [b"null", b"1.5", b"true", b"false", b'{"a":1}', b"[1]"]
    code, messages, _, _ = run([frame(INIT)] + [request(i) for i in valid] + [request(i) for i in invalid] + closing())
    for raw, id_ in valid.items():  # integers and strings: answered with the same id
        answers = by_id(messages, id_)
        assert len(answers) == 1 and answers[0]["result"] == [], (raw, answers)
    # Any other id: an invalid request, answered -32600 with a null id.
    assert len(errors_with_null_id(messages, -32600)) == len(invalid)
    assert_final_answer(code, messages)


def test_a_batch_gets_one_invalid_request_answer():
    batch = json.dumps([{"jsonrpc": "2.0", "id": 5, "method": "workspace/symbol", "params": {"query": ""}},
                        {"jsonrpc": "2.0", "id": 6, "method": "shutdown"}]).encode()
    code, messages, _, _ = run([frame(INIT), frame(batch), frame(b"[]")] + closing())
    assert len(errors_with_null_id(messages, -32600)) == 2  # one per batch, none per member
    assert by_id(messages, 5) == [] and by_id(messages, 6) == []
    assert_final_answer(code, messages)


def test_ten_thousand_requests_without_waiting():
    requests = [frame({"jsonrpc": "2.0", "id": 1000 + i, "method": "textDocument/hover",
                       "params": {"textDocument": {"uri": URI}, "position": {"line": 3, "character": 3}}})
                for i in range(10000)]
    cancels = [frame({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 1000 + i}}) for i in range(0, 10000, 7)]
    code, messages, elapsed, _ = run([frame(INIT), frame(OPEN)] + requests + cancels + closing(), timeout=120)
    answered = {}
    for m in messages:
        if "method" not in m and isinstance(m.get("id"), int) and m["id"] >= 1000:
            answered[m["id"]] = answered.get(m["id"], 0) + 1
    assert sorted(answered) == list(range(1000, 11000)) and set(answered.values()) == {1}
    hovers = [m for m in messages if isinstance(m.get("id"), int) and m["id"] >= 1000 and "result" in m]
    assert hovers and all("size" in json.dumps(m["result"]) for m in hovers)  # the hover of `size`
    print(f"\n10,000 requests: {elapsed:.2f} s")
    assert_final_answer(code, messages)


# Edits ----------------------------------------------------------------------------------

def change(uri, version, start, end, text):
    return frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri, "version": version},
        "contentChanges": [{"range": {"start": {"line": start[0], "character": start[1]},
                                      "end": {"line": end[0], "character": end[1]}}, "text": text}]}})


def publishes(messages, uri):
    return [m["params"] for m in messages if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri]


def test_change_for_a_document_that_is_not_open():
    other = "file:///tmp/abuse/never-opened.tdl"
    code, messages, _, _ = run([frame(INIT), change(other, 2, (0, 0), (0, 0), "x")] + closing())
    assert publishes(messages, other) == []
    logs = [m["params"]["message"] for m in messages if m.get("method") == "window/logMessage"]
    assert any("not open" in text for text in logs), logs
    assert_final_answer(code, messages)


def test_change_range_past_the_end_is_clamped_to_the_end():
    # Lines past the end clamp to the end of the document, as positions do everywhere.
    appended = "\ntemplate late {\n  size: 1 x 1\n}\n"
    symbols = {"jsonrpc": "2.0", "id": 8, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": URI}}}
    code, messages, _, _ = run([frame(INIT), frame(OPEN), change(URI, 2, (500, 0), (900, 40), appended), frame(symbols)]
                               + closing())
    names = [s["name"] for s in by_id(messages, 8)[0]["result"]]
    assert names == ["card", "late"]
    # The document is the old text with the new text at its end: its diagnostics and
    # positions say so (the late template's name is on the line after the old last line).
    late = by_id(messages, 8)[0]["result"][1]
    assert late["selectionRange"]["start"] == {"line": DOC.count("\n") + 1, "character": 9}
    # The closing sequence opens the document again with its original text.
    assert_final_answer(code, messages)


def test_versions_going_backwards_are_ignored():
    stale = "template stale { size: 1 x 1 }\n"
    symbols = {"jsonrpc": "2.0", "id": 8, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": URI}}}
    opened = {"jsonrpc": "2.0", "method": "textDocument/didOpen",
              "params": {"textDocument": {"uri": URI, "languageId": "tdl", "version": 5, "text": DOC}}}
    code, messages, _, _ = run([frame(INIT), frame(opened), change(URI, 6, (1, 0), (1, 0), "// six\n"),
                                change(URI, 4, (0, 0), (0, 0), stale), change(URI, 3, (0, 0), (0, 0), stale),
                                frame(symbols), change(URI, 7, (1, 0), (1, 0), "// seven\n")] + closing())
    versions = [p.get("version") for p in publishes(messages, URI)]
    assert 4 not in versions and 3 not in versions, versions
    assert [s["name"] for s in by_id(messages, 8)[0]["result"]] == ["card"]
    assert_final_answer(code, messages)


# Size and lifecycle ---------------------------------------------------------------------

def test_a_100_mb_did_open():
    block = "template t{i} {{\n  size: 100 x 100\n  text a {{ text: \"hello\"; at: 1, 1; size: 60 x 30 }}\n}}\n\n"
    parts, size, i = ["format 1\n\n"], 10, 0
    while size < 100 * 1024 * 1024:
        piece = block.format(i=i)
        parts.append(piece)
        size += len(piece)
        i += 1
    text = "".join(parts)
    big_uri = "file:///tmp/abuse/big.tdl"
    big = {"jsonrpc": "2.0", "method": "textDocument/didOpen",
           "params": {"textDocument": {"uri": big_uri, "languageId": "tdl", "version": 1, "text": text}}}
    probe = {"jsonrpc": "2.0", "id": 8, "method": "textDocument/hover",
             "params": {"textDocument": {"uri": big_uri}, "position": {"line": 3, "character": 3}}}
    code, messages, elapsed, rss = run_measured([frame(INIT), frame(big), frame(probe)] + closing())
    assert "size" in json.dumps(by_id(messages, 8)[0]["result"])
    published = publishes(messages, big_uri)
    assert published and published[-1]["diagnostics"] == []
    print(f"\n100 MB didOpen ({i} templates): {elapsed:.1f} s, server peak RSS {rss:.0f} MiB")
    assert_final_answer(code, messages)


def test_exit_without_shutdown_is_code_one():
    code, messages, _, _ = run([frame(INIT), frame(OPEN), frame(SYMBOLS), frame(EXIT)])
    assert by_id(messages, "final")[0]["result"][0]["name"] == "card"
    assert code == 1


def test_bad_header_logs_never_split_an_answer():
    # The reader thread logs a bad header while the processing thread writes answers; a
    # header and its payload were once two writes that the other thread could split,
    # about one run in twenty. Many runs, each checked for exact framing.
    chunks = [frame(INIT)]
    for i in range(20):
        chunks += [frame({"jsonrpc": "2.0", "id": 100 + i, "method": "workspace/symbol", "params": {"query": ""}}),
                   b"Content-Length: nope\r\n\r\n"]
    for _ in range(60):
        code, messages, _, _ = run(chunks + [frame(SHUTDOWN), frame(EXIT)])
        assert code == 0
        assert sorted(m["id"] for m in messages if isinstance(m.get("id"), int) and m["id"] >= 100) == list(range(100, 120))
