"""Formatting through the real binary: one minimal edit, tab size, errors kept as written,
a broken structure answered with an error the editor shows, range formatting."""

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from conftest import open_doc


def params(uri, tab_size=2, insert_spaces=True):
    return types.DocumentFormattingParams(text_document=types.TextDocumentIdentifier(uri=uri),
                                          options=types.FormattingOptions(tab_size=tab_size, insert_spaces=insert_spaces))


def apply(text, edits):
    lines = text.split("\n")
    def offset(p):
        prefix = "\n".join(lines[: p.line]) + ("\n" if p.line else "")
        line = lines[p.line]
        units = line.encode("utf-16-le")[: 2 * p.character].decode("utf-16-le")
        return len(prefix) + len(units)
    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(e.range.start)] + e.new_text + text[offset(e.range.end):]
    return text


async def test_document_formatting_is_one_edit(client, tmp_path):
    text = 'format 1\n\ntemplate card {\nsize: 100 x 100\n  text t {\n  text: "é 😀"\n   }\n}\n'
    uri = open_doc(client, tmp_path / "f.tdl", text)
    edits = await client.text_document_formatting_async(params(uri, tab_size=4))
    assert len(edits) == 1
    assert apply(text, edits) == 'format 1\n\ntemplate card {\n    size: 100 x 100\n    text t {\n        text: "é 😀"\n    }\n}\n'


async def test_broken_structure_is_an_error_with_a_message(client, tmp_path):
    uri = open_doc(client, tmp_path / "bad.tdl", 'format 1\ntemplate card {\n  size: 100 x\n  text t { text: "open\n')
    with pytest.raises(JsonRpcException) as info:
        await client.text_document_formatting_async(params(uri))
    assert getattr(info.value, "code", None) == -32803 or "32803" in repr(info.value)
    assert "Not formatted" in str(info.value) and "line 2" in str(info.value), str(info.value)


async def test_value_errors_are_kept_as_written(client, tmp_path):
    text = "format 1\ntemplate card {\nsize:   327x1\n  opacity:.5\n}\n"
    uri = open_doc(client, tmp_path / "value.tdl", text)
    edits = await client.text_document_formatting_async(params(uri))
    assert apply(text, edits) == "format 1\ntemplate card {\n  size: 327x1\n  opacity: .5\n}\n"


async def test_range_formatting(client, tmp_path):
    text = "format 1\n\nstyle a {\nfont-size: 1\n}\n\nstyle b {\nfont-size: 2\n}\n"
    uri = open_doc(client, tmp_path / "r.tdl", text)
    edits = await client.text_document_range_formatting_async(types.DocumentRangeFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=types.Position(7, 0), end=types.Position(7, 3)),
        options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert len(edits) == 1
    assert apply(text, edits) == "format 1\n\nstyle a {\nfont-size: 1\n}\n\nstyle b {\n  font-size: 2\n}\n"


async def test_range_formatting_inside_a_template_changes_only_those_lines(client, tmp_path):
    text = 'format 1\ntemplate card {\nsize: 375 x 667\n  text t {\n  text:"é 😀"\n      at: 24 64\n  }\nbackground:   #f5f5f5\n}\n'
    uri = open_doc(client, tmp_path / "t.tdl", text)
    edits = await client.text_document_range_formatting_async(types.DocumentRangeFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=types.Position(4, 0), end=types.Position(6, 0)),
        options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert apply(text, edits) == ('format 1\ntemplate card {\nsize: 375 x 667\n  text t {\n    text: "é 😀"\n'
                                  '    at: 24, 64\n  }\nbackground:   #f5f5f5\n}\n')
