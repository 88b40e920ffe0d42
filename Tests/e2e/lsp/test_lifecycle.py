"""Lifecycle: initialize result, serverInfo, capabilities, shutdown/exit codes."""

import asyncio
import json
import subprocess

from lsprotocol import types

from conftest import SERVER


async def test_initialize_result(client):
    result = client.initialize_result
    assert result.server_info.name == "template-lsp"
    assert result.server_info.version
    caps = result.capabilities
    assert caps.position_encoding == types.PositionEncodingKind.Utf16
    assert caps.text_document_sync.change == types.TextDocumentSyncKind.Incremental
    assert caps.text_document_sync.open_close is True
    assert caps.document_formatting_provider is True
    # A push client is not offered pull diagnostics.
    assert caps.diagnostic_provider is None


async def test_utf8_offered_is_chosen(utf8_client):
    assert utf8_client.initialize_result.capabilities.position_encoding == types.PositionEncodingKind.Utf8


def _frame(obj):
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _run(messages, timeout=10):
    proc = subprocess.run([SERVER, "--stdio"], input=b"".join(messages), capture_output=True, timeout=timeout)
    return proc.returncode, proc.stdout


def test_exit_code_zero_after_shutdown():
    code, _ = _run([_frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
                    _frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}),
                    _frame({"jsonrpc": "2.0", "method": "exit"})])
    assert code == 0


def test_exit_code_one_without_shutdown():
    code, _ = _run([_frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
                    _frame({"jsonrpc": "2.0", "method": "exit"})])
    assert code == 1


def test_version_and_help():
    out = subprocess.run([SERVER, "--version"], capture_output=True, text=True, timeout=10)
    assert out.returncode == 0 and out.stdout.startswith("template-lsp ")
    out = subprocess.run([SERVER, "--help"], capture_output=True, text=True, timeout=10)
    assert out.returncode == 0 and "--stdio" in out.stdout
