"""Editing features end to end: code actions, semantic tokens, colours, folding, selection
ranges, document links, inlay hints and the custom tdl/preview request. pytest-lsp checks
every answer against the LSP 3.17 types."""

import pytest
from lsprotocol import types

from conftest import open_doc, uri_for, wait_for_diagnostics


def doc_id(uri):
    return types.TextDocumentIdentifier(uri=uri)


def rng(l0, c0, l1, c1):
    return types.Range(start=types.Position(line=l0, character=c0), end=types.Position(line=l1, character=c1))


def decode(data):
    """Relative semantic token data as absolute (line, start, length, type name)."""
    out, line, start = [], 0, 0
    for i in range(0, len(data), 5):
        line += data[i]
        start = start + data[i + 1] if data[i] == 0 else data[i + 1]
        out.append((line, start, data[i + 2], data[i + 3]))
    return out


async def test_capabilities_advertised(client):
    caps = client.initialize_result.capabilities
    assert list(caps.code_action_provider.code_action_kinds) == ["quickfix", "source.fixAll.tdl"]
    legend = caps.semantic_tokens_provider.legend
    assert "property" in legend.token_types and "enumMember" in legend.token_types
    assert caps.semantic_tokens_provider.range is True
    assert caps.color_provider is True
    assert caps.folding_range_provider is True
    assert caps.selection_range_provider is True
    assert caps.document_link_provider is not None
    assert caps.inlay_hint_provider is not None


async def test_quickfix_and_fix_all(client, tmp_path):
    uri = open_doc(client, tmp_path / "fix.tdl", "format 1\ntemplate t {\n  size: 327x180\n  image i { src: \"a.png\"; at: 0, 0; size: 1 x 1 }\n}\n")
    published = await wait_for_diagnostics(client, uri)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=doc_id(uri), range=rng(2, 9, 2, 9),
        context=types.CodeActionContext(diagnostics=list(published.diagnostics))))
    quick = [a for a in actions if a.kind == types.CodeActionKind.QuickFix]
    assert quick and quick[0].is_preferred is True
    edit = quick[0].edit.changes[uri][0]
    assert edit.new_text == "327 x 180" and edit.range == rng(2, 8, 2, 15)
    # The action names the diagnostic it fixes, as the server published it.
    assert any(d.code == quick[0].diagnostics[0].code and d.range == quick[0].diagnostics[0].range
               for d in published.diagnostics)

    # The missing `alt` is an offered, not preferred, fix.
    alt = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=doc_id(uri), range=rng(3, 3, 3, 3), context=types.CodeActionContext(diagnostics=[])))
    add = [a for a in alt if "alt" in a.title]
    assert add and add[0].is_preferred is False

    only = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=doc_id(uri), range=rng(0, 0, 0, 0),
        context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.SourceFixAll])))
    assert [a.kind for a in only] == ["source.fixAll.tdl"]
    assert only[0].edit.changes[uri][0].new_text == "327 x 180"


async def test_semantic_tokens_full_and_range_utf16(client, tmp_path):
    text = "format 1\n/* two\nlines */\ntemplate t {\n  text a { text: \"😀 {{who}}\"; align: center }\n}\n"
    uri = open_doc(client, tmp_path / "tokens.tdl", text)
    legend = client.initialize_result.capabilities.semantic_tokens_provider.legend.token_types
    full = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=doc_id(uri)))
    tokens = [(l, s, n, legend[t]) for l, s, n, t in decode(full.data)]
    assert (0, 0, 6, "keyword") in tokens
    assert (1, 0, 6, "comment") in tokens and (2, 0, 8, "comment") in tokens, "block comment split per line"
    assert (4, 23, 3, "parameter") in tokens, "UTF-16 columns after the emoji"
    assert (4, 38, 6, "enumMember") in tokens
    part = await client.text_document_semantic_tokens_range_async(types.SemanticTokensRangeParams(
        text_document=doc_id(uri), range=rng(3, 0, 3, 12)))
    assert [legend[t] for _, _, _, t in decode(part.data)] == ["type", "namespace"]


async def test_colours_and_presentations(client, tmp_path):
    uri = open_doc(client, tmp_path / "colors.tdl", "style s {\n  color: #FF000080\n  background: rebeccapurple\n}\n")
    colors = await client.text_document_document_color_async(types.DocumentColorParams(text_document=doc_id(uri)))
    assert [c.range for c in colors] == [rng(1, 9, 1, 18), rng(2, 14, 2, 27)]
    assert colors[0].color.red == 1 and abs(colors[0].color.alpha - 128 / 255) < 1e-9
    presentations = await client.text_document_color_presentation_async(types.ColorPresentationParams(
        text_document=doc_id(uri), color=types.Color(red=0.4, green=0.2, blue=0.6, alpha=1.0), range=rng(2, 14, 2, 27)))
    assert [p.label for p in presentations] == ["#663399", "rebeccapurple"]
    assert presentations[0].text_edit.range == rng(2, 14, 2, 27)


async def test_folding_and_selection_ranges(client, tmp_path):
    uri = open_doc(client, tmp_path / "fold.tdl", "// one\n// two\ntemplate t {\n  text a {\n    text: \"x\"\n  }\n}\n")
    folds = await client.text_document_folding_range_async(types.FoldingRangeParams(text_document=doc_id(uri)))
    assert [(f.start_line, f.end_line, f.kind) for f in folds] == [
        (0, 1, types.FoldingRangeKind.Comment), (2, 5, types.FoldingRangeKind.Region), (3, 4, types.FoldingRangeKind.Region)]
    chains = await client.text_document_selection_range_async(types.SelectionRangeParams(
        text_document=doc_id(uri), positions=[types.Position(line=4, character=11), types.Position(line=0, character=0)]))
    assert len(chains) == 2
    steps, node = [], chains[0]
    while node is not None:
        steps.append(node.range)
        node = node.parent
    assert steps[0] == rng(4, 11, 4, 12) and steps[1] == rng(4, 10, 4, 13) and steps[2] == rng(4, 4, 4, 13)
    assert steps[-1] == rng(0, 0, 7, 0)


async def test_document_links(client, tmp_path):
    text = ('import "shared/styles.tdl"\ntemplate t {\n  image i { src: "img/a.png"; alt: "" }\n'
            '  image w { src: "https://example.com/x.png"; alt: "" }\n  image j { src: "javascript:alert(1)"; alt: "" }\n}\n')
    uri = open_doc(client, tmp_path / "links.tdl", text)
    links = await client.text_document_document_link_async(types.DocumentLinkParams(text_document=doc_id(uri)))
    assert [l.target for l in links] == [uri_for(tmp_path / "shared/styles.tdl"), uri_for(tmp_path / "img/a.png"),
                                         "https://example.com/x.png"]
    assert links[1].range == rng(2, 18, 2, 27)


async def test_inlay_hints_show_what_a_style_contributes(client, tmp_path):
    open_doc(client, tmp_path / "styles.tdl", "style card { background: #FFFFFF; padding: 16; corner-radius: 8; border-width: 1; opacity: 1 }\n")
    uri = open_doc(client, tmp_path / "hints.tdl", 'import "styles.tdl"\ntemplate t {\n  text a { style: card; text: "x"; padding: 2 }\n}\n')
    hints = await client.text_document_inlay_hint_async(types.InlayHintParams(text_document=doc_id(uri), range=rng(0, 0, 4, 0)))
    assert len(hints) == 1
    assert hints[0].position == types.Position(line=2, character=22)
    assert hints[0].label == "background, corner-radius, border-width +1"
    none = await client.text_document_inlay_hint_async(types.InlayHintParams(text_document=doc_id(uri), range=rng(0, 0, 1, 0)))
    assert list(none) == []


async def test_preview(client, tmp_path):
    text = ('format 1\ntemplate first {\n  size: 100 x 100\n  text a { text: "One"; at: 0, 0; size: 50 x 20 }\n}\n'
            'template second {\n  size: 100 x 100\n  text a { text: "Two"; at: 0, 0; size: 50 x 20 }\n}\n')
    uri = open_doc(client, tmp_path / "preview.tdl", text)
    params = {"textDocument": {"uri": uri}, "position": {"line": 7, "character": 4}}
    page = await client.protocol.send_request_async("tdl/preview", params)
    assert page.name == "second" and "Two" in page.html and "One" not in page.html
    outside = await client.protocol.send_request_async("tdl/preview", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
    assert outside.name == "first"

    broken = open_doc(client, tmp_path / "broken.tdl", "format 1\ntemplate t {\n  size: 100 x\n}\n")
    with pytest.raises(Exception) as error:
        await client.protocol.send_request_async("tdl/preview", {"textDocument": {"uri": broken}, "position": {"line": 0, "character": 0}})
    assert "errors" in str(error.value)


async def test_semantic_tokens_and_colours_in_utf8(utf8_client, tmp_path):
    uri = open_doc(utf8_client, tmp_path / "u8.tdl", "template t {\n  text a { text: \"😀 {{who}}\"; color: #FFFFFF }\n}\n")
    legend = utf8_client.initialize_result.capabilities.semantic_tokens_provider.legend.token_types
    full = await utf8_client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=doc_id(uri)))
    tokens = [(l, s, n, legend[t]) for l, s, n, t in decode(full.data)]
    assert (1, 25, 3, "parameter") in tokens, "byte columns: the emoji is four bytes"
    colors = await utf8_client.text_document_document_color_async(types.DocumentColorParams(text_document=doc_id(uri)))
    assert [c.range for c in colors] == [rng(1, 40, 1, 47)]
