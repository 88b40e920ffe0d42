"""End-to-end tests of the editing help an editor without snippets sees (`plain_client`,
as Emacs with eglot and no yasnippet): closed blocks, the key only over a written value,
completion of codes, paths, fonts and language tags, hover on numbers and codes, quick
fixes and suppressions applied and checked again, definition on an import path, and a
half-typed block header. Every answer is checked against the LSP types by pytest-lsp."""

import re

from lsprotocol import types
from conftest import open_doc, change, wait_for_diagnostics


def doc(uri):
    return types.TextDocumentIdentifier(uri=uri)


def pos(line, character):
    return types.Position(line=line, character=character)


def apply(text, edits):
    """`text` with LSP text edits applied (ASCII documents: characters are code units)."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)

    def offset(p):
        return offsets[p.line] + p.character

    for edit in sorted(edits, key=lambda e: offset(e.range.start), reverse=True):
        text = text[:offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end):]
    return text


async def complete(client, uri, line, character):
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=doc(uri), position=pos(line, character)))
    return result.items


async def revalidate(client, uri, version, text):
    """Replaces the whole document and returns the diagnostics published for it."""
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
    return list((await wait_for_diagnostics(client, uri, version)).diagnostics)


def errors(diagnostics):
    return sorted(d.code for d in diagnostics if d.severity == types.DiagnosticSeverity.Error)


GROUP = "format 1\n\ntemplate t {\n  size: 375 x 667\n  group g {\n    te\n  }\n}\n"


async def test_block_without_snippets_is_closed_and_formatted(plain_client, tmp_path):
    uri = open_doc(plain_client, tmp_path / "block.tdl", GROUP)
    await wait_for_diagnostics(plain_client, uri, 1)
    items = await complete(plain_client, uri, 5, 6)
    text_block = next(i for i in items if i.label == "text" and i.kind == types.CompletionItemKind.Keyword)
    assert text_block.insert_text_format == types.InsertTextFormat.PlainText
    assert text_block.text_edit.new_text == 'text {\n      text: "Text"\n    }'
    assert "$" not in text_block.text_edit.new_text and "\t" not in text_block.text_edit.new_text
    edited = apply(GROUP, [text_block.text_edit])
    assert await revalidate(plain_client, uri, 2, edited) == []
    # Every block and property offered here inserts without a new diagnostic, once the files
    # its placeholder URLs name are there (else TDL313 says they are missing, rightly).
    for item in items:
        for name in re.findall(r'(?:src|poster|captions|image): "([^"]+)"', item.text_edit.new_text):
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / name).write_bytes(b"")
    for item in items:
        after = await revalidate(plain_client, uri, 3 + items.index(item), apply(GROUP.replace("    te\n", "    \n"), [
            types.TextEdit(range=types.Range(start=pos(5, 4), end=pos(5, 4)), new_text=item.text_edit.new_text)]))
        # Hints are advice (a video without captions may have no sound: TDL311), not new problems.
        problems = [d for d in after if d.severity != types.DiagnosticSeverity.Hint]
        assert problems == [], (item.label, item.text_edit.new_text, after)


async def test_key_only_over_a_written_value(plain_client, tmp_path):
    text = "format 1\n\ntemplate t {\n  size: 375 x 667\n  backg: red\n}\n"
    uri = open_doc(plain_client, tmp_path / "key.tdl", text)
    items = await complete(plain_client, uri, 4, 7)
    background = next(i for i in items if i.label == "background")
    assert background.text_edit.new_text == "background"
    assert apply(text, [background.text_edit]) == text.replace("backg: red", "background: red")


async def test_completion_of_values_users_expect(plain_client, tmp_path):
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "logo.png").write_bytes(b"")
    (tmp_path / "img" / "notes.txt").write_bytes(b"")
    (tmp_path / "shared.tdl").write_text("style s { opacity: 1 }\n")
    text = ('format 1\nimport ""\n\ntemplate t {\n  size: 100 x 100\n  lang: ""\n'
            '  // tdl-ignore \n  image a {\n    src: "img/"\n    alt: ""\n    at: 90, 90\n    size: 50 x 50\n  }\n'
            '  text b {\n    text: "x"\n    font: ""\n  }\n}\n')
    uri = open_doc(plain_client, tmp_path / "values.tdl", text)
    await wait_for_diagnostics(plain_client, uri, 1)
    assert [i.label for i in await complete(plain_client, uri, 1, 8)] == ["img/", "shared.tdl"]
    logo = await complete(plain_client, uri, 8, 14)
    assert [i.label for i in logo] == ["logo.png"] and logo[0].kind == types.CompletionItemKind.File
    codes = await complete(plain_client, uri, 6, 16)
    # First the codes reported on the element below: outside the canvas, and `img/` is a folder.
    assert {c.label for c in codes[:2]} == {"TDL301", "TDL313"} and codes[0].preselect, [c.label for c in codes[:3]]
    assert not any(c.label.startswith("TDL0") for c in codes)
    langs = await complete(plain_client, uri, 5, 9)
    assert langs[0].label == "en" and any(i.label == "ar" and "right to left" in i.detail for i in langs)
    fonts = await complete(plain_client, uri, 15, 11)
    assert "Inter" in [i.label for i in fonts]


async def test_hover_on_numbers_and_codes(client, tmp_path):
    text = ("format 1\n// tdl-ignore-file TDL304\n\ntemplate t {\n  size: 375 x 667\n"
            "  text a {\n    text: \"x\"\n    font-size: 12pt\n  }\n}\n")
    uri = open_doc(client, tmp_path / "hover.tdl", text)
    number = await client.text_document_hover_async(types.HoverParams(text_document=doc(uri), position=pos(7, 16)))
    assert number.contents.value.startswith("`12pt`: 12 pt = 16 px")
    code = await client.text_document_hover_async(types.HoverParams(text_document=doc(uri), position=pos(1, 22)))
    assert code.contents.value.startswith("**TDL304** · warning") and "Unused style" in code.contents.value


async def test_quick_fixes_and_suppressions_applied(plain_client, tmp_path):
    text = ("format 1\n\ntemplate t {\n  size: 100 x 100\n  params {\n    user: \"friend\"\n  }\n"
            "  image a {\n    src: \"a.png\"\n    alt: \"\"\n    fit: stretch\n    at: 90, 90\n"
            "    size: 50 x 50\n    width: 50\n  }\n}\n")
    uri = open_doc(plain_client, tmp_path / "fixes.tdl", text)
    published = (await wait_for_diagnostics(plain_client, uri, 1)).diagnostics
    before = errors(published)
    assert {"TDL108", "TDL119", "TDL301", "TDL305"} <= {d.code for d in published}
    version = 1
    titles = []
    for diagnostic in published:
        actions = await plain_client.text_document_code_action_async(types.CodeActionParams(
            text_document=doc(uri), range=diagnostic.range, context=types.CodeActionContext(diagnostics=[diagnostic])))
        for action in actions:
            if action.kind != types.CodeActionKind.QuickFix or not any(
                    d.code == diagnostic.code and d.range == diagnostic.range for d in action.diagnostics):
                continue
            titles.append(action.title)
            version += 1
            after = await revalidate(plain_client, uri, version, apply(text, action.edit.changes[uri]))
            for code in set(errors(after)):
                assert errors(after).count(code) <= before.count(code), (action.title, after)
            assert sum(d.code == diagnostic.code for d in after) < sum(d.code == diagnostic.code for d in published), action.title
            version += 1  # back to the original text, which the next actions edit
            await revalidate(plain_client, uri, version, text)
    for expected in ["Change to `fill`", "Remove `size`", "Remove `width`", "Remove the parameter `user`",
                     "Suppress TDL301 on this line", "Suppress TDL301 for this file"]:
        assert expected in titles, (expected, titles)


async def test_definition_on_import_path(client, tmp_path):
    open_doc(client, tmp_path / "shared.tdl", "style s { opacity: 1 }\n")
    uri = open_doc(client, tmp_path / "main.tdl", 'format 1\nimport "shared.tdl"\n')
    result = await client.text_document_definition_async(types.DefinitionParams(text_document=doc(uri), position=pos(1, 10)))
    assert len(result) == 1 and result[0].uri == (tmp_path / "shared.tdl").resolve().as_uri()
    assert result[0].range.start == pos(0, 0)


async def test_half_typed_block_header(plain_client, tmp_path):
    text = "format 1\n\ntemplate t {\n  size: 375 x 667\n  group g {\n    text sub\n  }\n}\n"
    uri = open_doc(plain_client, tmp_path / "half.tdl", text)
    diagnostics = (await wait_for_diagnostics(plain_client, uri, 1)).diagnostics
    assert [d.code for d in diagnostics] == ["TDL123"], diagnostics
    actions = await plain_client.text_document_code_action_async(types.CodeActionParams(
        text_document=doc(uri), range=diagnostics[0].range, context=types.CodeActionContext(diagnostics=diagnostics)))
    open_block = next(a for a in actions if a.title == "Open the `text` block")
    fixed = apply(text, open_block.edit.changes[uri])
    assert "    text sub {\n      text: \"Text\"\n    }\n" in fixed
    assert await revalidate(plain_client, uri, 2, fixed) == []
