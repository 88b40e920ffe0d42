"""End-to-end tests of the navigation features: completion (also in a broken file), hover,
definition, references, document highlight, prepareRename, rename (and its refusal),
document and workspace symbols. pytest-lsp checks every answer against the LSP types."""

import pytest
from lsprotocol import types
from conftest import open_doc, uri_for

STYLES = "/// Titles.\nstyle title { font-size: 28 }\n"
MAIN = """format 1
import "styles.tdl"
template card {
  size: 100 x 100
  params {
    user: "friend"
  }
  text hello { style: title; text: "😀 Hi {{user}}" }
  text other { text: "{{user}}" }
}
"""


def doc(uri):
    return types.TextDocumentIdentifier(uri=uri)


def pos(line, character):
    return types.Position(line=line, character=character)


def open_pair(client, tmp_path):
    styles = open_doc(client, tmp_path / "styles.tdl", STYLES)
    main = open_doc(client, tmp_path / "main.tdl", MAIN)
    return styles, main


@pytest.mark.asyncio
async def test_capabilities(client):
    caps = client.initialize_result.capabilities
    assert set(caps.completion_provider.trigger_characters) >= {":", "{", " "}
    assert caps.hover_provider and caps.definition_provider and caps.references_provider
    assert caps.document_highlight_provider and caps.document_symbol_provider and caps.workspace_symbol_provider
    assert caps.rename_provider.prepare_provider is True


@pytest.mark.asyncio
async def test_completion_in_broken_file(client, tmp_path):
    uri = open_doc(client, tmp_path / "broken.tdl", "template t {\n  size: 327x180 }}\n  text a {\n    align: \n")
    result = await client.text_document_completion_async(types.CompletionParams(text_document=doc(uri), position=pos(3, 11)))
    assert [item.label for item in result.items] == ["start", "end", "left", "center", "right", "justify"]
    uri = open_doc(client, tmp_path / "half.tdl", "template t {\n  text a {\n    fo")
    result = await client.text_document_completion_async(types.CompletionParams(text_document=doc(uri), position=pos(2, 6)))
    font = next(item for item in result.items if item.label == "font-size")
    assert font.insert_text_format == types.InsertTextFormat.Snippet
    assert font.text_edit.new_text == "font-size: ${1:16}"
    assert font.text_edit.range == types.Range(start=pos(2, 4), end=pos(2, 6))
    assert "default" in font.detail


@pytest.mark.asyncio
async def test_completion_empty_file_and_style_names(client, tmp_path):
    empty = open_doc(client, tmp_path / "empty.tdl", "")
    result = await client.text_document_completion_async(types.CompletionParams(text_document=doc(empty), position=pos(0, 0)))
    assert result.items[0].label == "format 1"
    open_doc(client, tmp_path / "styles.tdl", STYLES)
    uri = open_doc(client, tmp_path / "uses.tdl", 'import "styles.tdl"\ntemplate t {\n  text a {\n    style: \n')
    result = await client.text_document_completion_async(types.CompletionParams(text_document=doc(uri), position=pos(3, 11)))
    assert [item.label for item in result.items] == ["title"]


@pytest.mark.asyncio
async def test_hover_after_emoji(client, tmp_path):
    _, main = open_pair(client, tmp_path)
    result = await client.text_document_hover_async(types.HoverParams(text_document=doc(main), position=pos(7, 45)))
    assert "param user" in result.contents.value
    assert result.range == types.Range(start=pos(7, 44), end=pos(7, 48))
    result = await client.text_document_hover_async(types.HoverParams(text_document=doc(main), position=pos(7, 24)))
    assert "Titles." in result.contents.value


@pytest.mark.asyncio
async def test_definition_across_import(client, tmp_path):
    styles, main = open_pair(client, tmp_path)
    result = await client.text_document_definition_async(types.DefinitionParams(text_document=doc(main), position=pos(7, 24)))
    assert result == [types.Location(uri=styles, range=types.Range(start=pos(1, 6), end=pos(1, 11)))]


@pytest.mark.asyncio
async def test_references(client, tmp_path):
    styles, main = open_pair(client, tmp_path)
    with_decl = await client.text_document_references_async(types.ReferenceParams(
        text_document=doc(main), position=pos(5, 5), context=types.ReferenceContext(include_declaration=True)))
    assert len(with_decl) == 3
    without = await client.text_document_references_async(types.ReferenceParams(
        text_document=doc(main), position=pos(5, 5), context=types.ReferenceContext(include_declaration=False)))
    assert len(without) == 2
    style_refs = await client.text_document_references_async(types.ReferenceParams(
        text_document=doc(styles), position=pos(1, 8), context=types.ReferenceContext(include_declaration=True)))
    assert {loc.uri for loc in style_refs} == {styles, main}


@pytest.mark.asyncio
async def test_document_highlight(client, tmp_path):
    _, main = open_pair(client, tmp_path)
    result = await client.text_document_document_highlight_async(types.DocumentHighlightParams(text_document=doc(main), position=pos(5, 5)))
    assert [h.kind for h in result] == [types.DocumentHighlightKind.Write, types.DocumentHighlightKind.Read, types.DocumentHighlightKind.Read]


@pytest.mark.asyncio
async def test_prepare_rename_and_rename(client, tmp_path):
    styles, main = open_pair(client, tmp_path)
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=doc(main), position=pos(5, 5)))
    assert prepared.placeholder == "user"
    assert await client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=doc(main), position=pos(3, 3))) is None
    edit = await client.text_document_rename_async(types.RenameParams(text_document=doc(main), position=pos(7, 24), new_name="headline"))
    assert len(edit.changes[main]) == 1
    assert edit.changes[styles][0].new_text == "headline"


@pytest.mark.asyncio
async def test_rename_refusals(client, tmp_path):
    _, main = open_pair(client, tmp_path)
    with pytest.raises(Exception, match="not a valid name"):
        await client.text_document_rename_async(types.RenameParams(text_document=doc(main), position=pos(5, 5), new_name="two words"))
    with pytest.raises(Exception, match="already exists"):
        await client.text_document_rename_async(types.RenameParams(text_document=doc(main), position=pos(8, 7), new_name="hello"))


@pytest.mark.asyncio
async def test_document_and_workspace_symbols(client, tmp_path):
    styles, main = open_pair(client, tmp_path)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "closed.tdl").write_text("style closed-title { font-size: 3 }\n", encoding="utf-8")
    # Created after start-up: the client's file watcher reports it, as an editor's does.
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=uri_for(tmp_path / "sub" / "closed.tdl"), type=types.FileChangeType.Created)]))
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc(main)))
    assert symbols[0].name == "card" and symbols[0].detail == "template"
    assert [c.name for c in symbols[0].children] == ["params", "hello", "other"]
    assert symbols[0].children[0].children[0].name == "user"
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="title"))
    names = {(s.name, s.location.uri) for s in found}
    assert ("title", styles) in names
    assert ("closed-title", uri_for(tmp_path / "sub" / "closed.tdl")) in names
