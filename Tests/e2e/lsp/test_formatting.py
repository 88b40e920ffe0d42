"""Formatting through the real binary: one minimal edit, tab size, syntax errors."""

from lsprotocol import types

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


async def test_syntax_errors_give_no_edits(client, tmp_path):
    uri = open_doc(client, tmp_path / "bad.tdl", 'format 1\ntemplate card {\n  size: 100 x\n  text t { text: "open\n')
    assert list(await client.text_document_formatting_async(params(uri))) == []


async def test_range_formatting(client, tmp_path):
    text = "format 1\n\nstyle a {\nfont-size: 1\n}\n\nstyle b {\nfont-size: 2\n}\n"
    uri = open_doc(client, tmp_path / "r.tdl", text)
    edits = await client.text_document_range_formatting_async(types.DocumentRangeFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=types.Position(7, 0), end=types.Position(7, 3)),
        options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert len(edits) == 1
    assert apply(text, edits) == "format 1\n\nstyle a {\nfont-size: 1\n}\n\nstyle b {\n  font-size: 2\n}\n"
