"""Text sync and diagnostics through the real binary: UTF-16 columns after emoji and CJK,
incremental edits, versions, push vs pull, closing, a 10,000-line document."""

import asyncio
import pathlib
import subprocess
import sys

import pytest
from lsprotocol import types

from conftest import change, open_doc, wait_for_diagnostics

BROKEN = 'format 1\ntemplate x {\n  size: 10 x 10\n  text t {\n    text: "😀中" colr: red\n  }\n}\n'


def codes(params):
    return sorted(d.code for d in params.diagnostics)


async def test_push_on_open_with_version_code_description(client, tmp_path):
    uri = open_doc(client, tmp_path / "a.tdl", 'format 1\ntemplate x {\n  size: 10 x 10\n  colr: red\n}\n')
    params = await wait_for_diagnostics(client, uri, version=1)
    d = next(d for d in params.diagnostics if d.code == "TDL102")
    assert d.range.start == types.Position(line=3, character=2)
    assert d.range.end == types.Position(line=3, character=6)
    assert d.severity == types.DiagnosticSeverity.Error
    assert d.code_description.href.endswith("#tdl102")
    assert d.source == "tdl"


async def test_utf16_columns_after_emoji_and_cjk(client, tmp_path):
    text = 'format 1\ntemplate x {\n  size: 10 x 10\n  text t { text: "😀中"; colr: red }\n}\n'
    uri = open_doc(client, tmp_path / "u.tdl", text)
    params = await wait_for_diagnostics(client, uri, version=1)
    d = next(d for d in params.diagnostics if d.code == "TDL102")
    line = text.split("\n")[3]
    expected = len(line[: line.index("colr")].encode("utf-16-le")) // 2
    assert d.range.start == types.Position(line=3, character=expected)
    assert d.range.end.character == expected + 4
    # Edit after the emoji in UTF-16 units: replace `colr` with `color`.
    change(client, uri, 2, (3, expected), (3, expected + 4), "color")
    params = await wait_for_diagnostics(client, uri, version=2)
    assert "TDL102" not in codes(params)


async def test_utf8_positions_when_negotiated(utf8_client, tmp_path):
    text = 'format 1\ntemplate x {\n  size: 10 x 10\n  text t { text: "😀中"; colr: red }\n}\n'
    uri = open_doc(utf8_client, tmp_path / "u8.tdl", text)
    params = await wait_for_diagnostics(utf8_client, uri, version=1)
    d = next(d for d in params.diagnostics if d.code == "TDL102")
    line = text.split("\n")[3]
    assert d.range.start.character == len(line[: line.index("colr")].encode("utf-8"))


async def test_incremental_edits_and_stale_versions(client, tmp_path):
    uri = open_doc(client, tmp_path / "e.tdl", 'format 1\ntemplate x {\n  size: 10 x 10\n  colr: red\n}\n')
    await wait_for_diagnostics(client, uri, version=1)
    change(client, uri, 2, (3, 2), (3, 6), "background")   # a known property
    params = await wait_for_diagnostics(client, uri, version=2)
    assert "TDL102" not in codes(params)
    change(client, uri, 2, (3, 2), (3, 12), "colr")    # same version again: ignored
    change(client, uri, 1, (3, 2), (3, 12), "colr")    # older: ignored
    change(client, uri, 3, (3, 12), (3, 12), "")       # a no-op edit with a new version
    params = await wait_for_diagnostics(client, uri, version=3)
    assert "TDL102" not in codes(params), "a stale change must not have been applied"
    assert all(p.version in (1, 2, 3) for p in client.published[uri])


async def test_close_clears_pushed_diagnostics(client, tmp_path):
    uri = open_doc(client, tmp_path / "c.tdl", 'format 1\ntemplate x {\n  colr: red\n}\n')
    params = await wait_for_diagnostics(client, uri, version=1)
    assert params.diagnostics
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    # The clearing push has no version. Pushes of version 1 may still be queued before it:
    # the server pushes an open document again once the workspace's index is in.
    params = await wait_for_diagnostics(client, uri)
    while params.version is not None:
        params = await wait_for_diagnostics(client, uri)
    assert list(params.diagnostics) == []
    # Nothing about the closed document comes after the clear.
    await asyncio.sleep(0.3)
    assert list(client.published[uri][-1].diagnostics) == []


async def test_save_publishes_again(client, tmp_path):
    uri = open_doc(client, tmp_path / "s.tdl", 'format 1\ntemplate x {\n  colr: red\n}\n')
    await wait_for_diagnostics(client, uri, version=1)
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    params = await wait_for_diagnostics(client, uri, version=1)
    assert "TDL102" in codes(params)


async def test_unnecessary_tag_on_unused_style(client, tmp_path):
    uri = open_doc(client, tmp_path / "t.tdl", "format 1\n\nstyle unused {\n  font-size: 12\n}\n")
    params = await wait_for_diagnostics(client, uri, version=1)
    unused = [d for d in params.diagnostics if "unused" in d.message]
    assert unused and list(unused[0].tags) == [types.DiagnosticTag.Unnecessary]


async def test_pull_diagnostics_and_no_push(pull_client, tmp_path):
    caps = pull_client.initialize_result.capabilities
    assert caps.diagnostic_provider is not None
    uri = open_doc(pull_client, tmp_path / "p.tdl", 'format 1\ntemplate x {\n  size: 10 x 10\n  colr: red\n}\n')
    report = await pull_client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert report.kind == "full"
    assert "TDL102" in [d.code for d in report.items]
    again = await pull_client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=uri), previous_result_id=report.result_id))
    assert again.kind == "unchanged"
    change(pull_client, uri, 2, (3, 2), (3, 6), "background")
    fresh = await pull_client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=uri), previous_result_id=report.result_id))
    assert fresh.kind == "full" and "TDL102" not in [d.code for d in fresh.items]
    assert pull_client.published == {}, "a pull client must never be pushed to"


async def test_pull_refresh_when_an_import_changes(pull_client, tmp_path):
    base = open_doc(pull_client, tmp_path / "base.tdl", "format 1\n\nstyle shared {\n  font-size: 12\n}\n")
    main = open_doc(pull_client, tmp_path / "main.tdl",
                    'format 1\nimport "base.tdl"\n\ntemplate x {\n  size: 10 x 10\n  text t {\n    style: shared\n    text: "a"\n  }\n}\n')
    first = await pull_client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=main)))
    assert not [d for d in first.items if "shared" in d.message]
    change(pull_client, base, 2, (2, 6), (2, 12), "renamed")
    second = await pull_client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=main)))
    assert [d for d in second.items if "shared" in d.message]
    assert pull_client.diagnostic_refresh_count >= 1


async def test_ten_thousand_line_document(client, tmp_path):
    gen = pathlib.Path(__file__).resolve().parents[4] / "shared" / "bench" / "gen_corpus.py"
    if not gen.exists():
        gen = pathlib.Path("/work/shared/bench/gen_corpus.py")
    subprocess.run([sys.executable, str(gen), "--preset", "10k", "--out", str(tmp_path / "corpus")],
                   check=True, capture_output=True)
    text = (tmp_path / "corpus" / "corpus.tdl").read_text(encoding="utf-8")
    assert text.count("\n") >= 9_000
    uri = open_doc(client, tmp_path / "big.tdl", text)
    await wait_for_diagnostics(client, uri, version=1, timeout=30)
    lines = text.split("\n")
    middle = len(lines) // 2
    end = len(lines[middle].encode("utf-16-le")) // 2
    for version in range(2, 22):
        if version % 2 == 0:
            change(client, uri, version, (middle, end), (middle, end), " // x")
        else:
            change(client, uri, version, (middle, end), (middle, end + 5), "")
        params = await wait_for_diagnostics(client, uri, version=version, timeout=30)
    # Back to the original text: formatting it changes nothing (the corpus is canonical).
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert list(edits) == []
    assert all(d.code.startswith("TDL") for d in params.diagnostics)
