"""Protocol errors through the real binary: malformed input, cancellation, error codes."""

import asyncio
import json
import subprocess

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from conftest import SERVER, open_doc
from framing import frame, read_messages


def run_raw(chunks, timeout=20):
    proc = subprocess.run([SERVER, "--stdio"], input=b"".join(chunks), capture_output=True, timeout=timeout)
    return proc.returncode, read_messages(proc.stdout)


INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
SHUTDOWN = {"jsonrpc": "2.0", "id": 99, "method": "shutdown"}
EXIT = {"jsonrpc": "2.0", "method": "exit"}


def by_id(messages, id_):
    return [m for m in messages if m.get("id") == id_ and "method" not in m]


def test_malformed_input_is_survived():
    code, messages = run_raw([
        frame(INIT),
        frame(b'{"jsonrpc":"2.0","id":7,"method":"x",'),        # truncated JSON with a readable id
        frame(b"\xff\xfe garbage"),                                # not JSON, no id
        b"Content-Length: nope\r\n\r\n",                          # bad header
        frame(b'{"id":8,"method":"shutdown"}'),                   # not JSON-RPC 2.0
        frame(b'[' * 100000),                                      # absurdly deep
        frame({"jsonrpc": "2.0", "id": 9, "method": "textDocument/unknown", "params": {}}),
        frame(SHUTDOWN), frame(EXIT)])
    assert code == 0
    assert by_id(messages, 7)[0]["error"]["code"] == -32700
    assert by_id(messages, 8)[0]["error"]["code"] == -32600
    assert by_id(messages, 9)[0]["error"]["code"] == -32601
    assert by_id(messages, 99)[0]["result"] is None
    logs = [m for m in messages if m.get("method") == "window/logMessage"]
    assert len(logs) >= 4


def test_before_initialize_and_after_shutdown():
    code, messages = run_raw([
        frame({"jsonrpc": "2.0", "id": 2, "method": "textDocument/formatting", "params": {}}),
        frame(INIT), frame(SHUTDOWN),
        frame({"jsonrpc": "2.0", "id": 3, "method": "textDocument/formatting", "params": {}}),
        frame(EXIT)])
    assert by_id(messages, 2)[0]["error"]["code"] == -32002
    assert by_id(messages, 3)[0]["error"]["code"] == -32600
    assert code == 0


def test_end_of_input_without_exit_is_code_one():
    code, _ = run_raw([frame(INIT)])
    assert code == 1


def test_cancel_overtakes_a_queued_request():
    # Everything arrives in one write. A big document is analysed first, so the reader thread
    # has long registered the cancel when the processing thread reaches request 5: -32800.
    big = "format 1\n\n" + "".join(f"style s{i} {{\n  font-size: {i % 90 + 1}\n}}\n\n" for i in range(20000))
    open_big = {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": "file:///tmp/big-cancel.tdl", "languageId": "tdl", "version": 1, "text": big}}}
    fmt = {"jsonrpc": "2.0", "id": 5, "method": "textDocument/formatting",
           "params": {"textDocument": {"uri": "file:///tmp/big-cancel.tdl"}, "options": {"tabSize": 2, "insertSpaces": True}}}
    code, messages = run_raw([frame(INIT), frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
                              frame(open_big), frame(fmt),
                              frame({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 5}}),
                              frame(SHUTDOWN), frame(EXIT)])
    assert by_id(messages, 5)[0]["error"]["code"] == -32800
    assert code == 0


async def test_cancel_through_the_client(client, tmp_path):
    text = "format 1\n\n" + "".join(f"style s{i} {{\nfont-size: {i % 90 + 1}\n}}\n\n" for i in range(3000))
    uri = open_doc(client, tmp_path / "big.tdl", text)
    params = types.DocumentFormattingParams(text_document=types.TextDocumentIdentifier(uri=uri),
                                            options=types.FormattingOptions(tab_size=2, insert_spaces=True))
    futures = [asyncio.wrap_future(client.protocol.send_request(types.TEXT_DOCUMENT_FORMATTING, params, msg_id=f"f{i}"))
               for i in range(5)]
    client.protocol.notify(types.CANCEL_REQUEST, types.CancelParams(id="f4"))
    results = await asyncio.gather(*futures, return_exceptions=True)
    assert all(len(r) == 1 for r in results[:4])
    # The last one either ran before the cancel arrived or was answered -32800.
    last = results[4]
    assert (not isinstance(last, Exception) and len(last) == 1) or type(last).__name__ == "JsonRpcRequestCancelled"
    again = await client.text_document_formatting_async(params)
    assert len(again) == 1


async def test_unknown_document_is_invalid_params(client):
    with pytest.raises(JsonRpcException) as info:
        await client.text_document_formatting_async(types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri="file:///nowhere/missing.tdl"),
            options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert "32602" in repr(info.value) or getattr(info.value, "code", None) == -32602


async def test_set_trace_and_log_trace(client):
    traces = []
    client.feature(types.LOG_TRACE)(lambda params: traces.append(params))
    client.protocol.notify(types.SET_TRACE, types.SetTraceParams(value=types.TraceValue.Messages))
    uri = "file:///nowhere/missing.tdl"
    with pytest.raises(JsonRpcException):
        await client.text_document_formatting_async(types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri), options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    for _ in range(100):
        if traces:
            break
        await asyncio.sleep(0.01)
    assert traces and "textDocument/formatting" in traces[0].message
