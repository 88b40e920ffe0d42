"""End-to-end tests of the project model through the real server: a workspace written before
the server starts, indexed in the background; rename and references that reach files that
are not open; workspace diagnostics (pull) with per-file result ids and `unchanged` reports;
files changed on disk reported through didChangeWatchedFiles."""

import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import CONFIG, capabilities, uri_for

SHARED = """format 1

style brand-card {
  font-size: 16
  color: #1E1E1E
}

style brand-title {
  style: brand-card
  font-size: 28
}
"""


def screen(k: int, user: bool) -> str:
    imports = 'import "../shared/styles.tdl"' if user else ""
    line = "style: brand-card" if user else "color: #1E1E1E"
    return (f"format 1\n{imports}\n\ntemplate screen-{k} {{\n  size: 375 x 667\n  text line {{\n"
            f"    {line}\n    text: \"Screen {k}\"\n    at: 16, 16\n    size: 343 x 24\n  }}\n}}\n")


def write_workspace(root: pathlib.Path, screens=8, users=5):
    (root / "shared").mkdir(parents=True, exist_ok=True)
    (root / "screens").mkdir(parents=True, exist_ok=True)
    (root / "shared" / "styles.tdl").write_text(SHARED, encoding="utf-8")
    for k in range(screens):
        (root / "screens" / f"screen-{k}.tdl").write_text(screen(k, k < users), encoding="utf-8")


async def start(lsp_client, root, pull):
    caps = capabilities(pull=pull)
    result = await lsp_client.initialize_session(types.InitializeParams(
        capabilities=caps, root_uri=root.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="root")]))
    lsp_client.initialize_result = result


@pytest_lsp.fixture(config=CONFIG)
async def workspace_client(lsp_client: LanguageClient, tmp_path):
    write_workspace(tmp_path)
    await start(lsp_client, tmp_path, pull=True)
    yield
    await lsp_client.shutdown_session()


def doc(uri):
    return types.TextDocumentIdentifier(uri=uri)


@pytest.mark.asyncio
async def test_workspace_capabilities(workspace_client):
    caps = workspace_client.initialize_result.capabilities
    assert caps.diagnostic_provider.workspace_diagnostics is True
    assert caps.diagnostic_provider.inter_file_dependencies is True
    assert caps.workspace.workspace_folders.supported is True
    assert caps.workspace.workspace_folders.change_notifications is True


@pytest.mark.asyncio
async def test_rename_reaches_files_that_are_not_open(workspace_client, tmp_path):
    client = workspace_client
    shared = tmp_path / "shared" / "styles.tdl"
    uri = uri_for(shared)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="tdl", version=1, text=SHARED)))
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(
        text_document=doc(uri), position=types.Position(line=2, character=8)))
    assert prepared.placeholder == "brand-card"
    refs = await client.text_document_references_async(types.ReferenceParams(
        text_document=doc(uri), position=types.Position(line=2, character=8),
        context=types.ReferenceContext(include_declaration=True)))
    users = {uri_for(tmp_path / "screens" / f"screen-{k}.tdl") for k in range(5)}
    # The definition, `style: brand-card` inside brand-title, and one use in each of 5 screens.
    assert len(refs) == 7
    assert {r.uri for r in refs} == users | {uri}
    edit = await client.text_document_rename_async(types.RenameParams(
        text_document=doc(uri), position=types.Position(line=2, character=8), new_name="brand-box"))
    assert set(edit.changes) == users | {uri}, "every user of the style is edited, open or not"
    # Apply the edits to the files that are not open, tell the server, and nothing breaks.
    for target, edits in edit.changes.items():
        if target == uri:
            continue
        path = pathlib.Path(target[len("file://"):])
        lines = path.read_text(encoding="utf-8").split("\n")
        for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
            line = lines[e.range.start.line]
            lines[e.range.start.line] = line[:e.range.start.character] + e.new_text + line[e.range.end.character:]
        path.write_text("\n".join(lines), encoding="utf-8")
    new_shared = SHARED.replace("brand-card", "brand-box")
    shared.write_text(new_shared, encoding="utf-8")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=new_shared)]))
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=u, type=types.FileChangeType.Changed) for u in sorted(users)]))
    report = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
    codes = [(item.uri, d.code) for item in report.items for d in getattr(item, "items", [])]
    assert ("TDL109" not in {c for _, c in codes}), codes
    assert codes == [(uri, "TDL304")], "only brand-title, which no screen uses, is reported"


@pytest.mark.asyncio
async def test_workspace_diagnostics_and_unchanged_reports(workspace_client, tmp_path):
    client = workspace_client
    first = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
    uris = {item.uri for item in first.items}
    assert len(uris) == 9, "every file of the workspace, none of them open"
    assert all(item.kind == "full" and item.version is None for item in first.items)
    previous = [types.PreviousResultId(uri=item.uri, value=item.result_id) for item in first.items]
    again = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=previous))
    assert all(item.kind == "unchanged" for item in again.items)
    # A screen starts using brand-title on disk: its report and the shared file's change.
    changed = tmp_path / "screens" / "screen-7.tdl"
    changed.write_text(screen(7, True).replace("brand-card", "brand-title"), encoding="utf-8")
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=uri_for(changed), type=types.FileChangeType.Changed)]))
    third = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=previous))
    full = {item.uri for item in third.items if item.kind == "full"}
    assert full == {uri_for(tmp_path / "shared" / "styles.tdl")}, full
    shared = next(item for item in third.items if item.kind == "full")
    assert not shared.items, "brand-title is used now"
    # Deleted on disk: reported once with no diagnostics, then gone.
    changed.unlink()
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=uri_for(changed), type=types.FileChangeType.Deleted)]))
    fourth = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
    gone = [item for item in fourth.items if item.uri == uri_for(changed)]
    assert len(gone) == 1 and not gone[0].items
    fifth = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
    assert uri_for(changed) not in {item.uri for item in fifth.items}
