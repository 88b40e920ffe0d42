"""Fixtures for the template-lsp end-to-end suite (pytest-lsp + lsprotocol).

Every message the server sends is checked by pytest-lsp against the LSP 3.17 types.
`client` declares push diagnostics and utf-16, `pull_client` declares pull diagnostics
(with refresh support), `utf8_client` offers utf-8 positions, `plain_client` declares no
snippet support and plain-text documentation (as Emacs with eglot and no yasnippet).
"""

import asyncio
import os
import pathlib
import sys

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, default_converter, register_lsp_features

sys.path.insert(0, os.path.dirname(__file__))

REPO = pathlib.Path(__file__).resolve().parents[3]
SERVER = os.environ.get("TEMPLATE_LSP_BIN", str(REPO / ".build-e2e-lsp" / "debug" / "template-lsp"))


def _record_publish(client: LanguageClient, params: types.PublishDiagnosticsParams):
    client.diagnostics[params.uri] = params.diagnostics
    client.published.setdefault(params.uri, []).append(params)


def make_client() -> LanguageClient:
    """pytest-lsp's client, also keeping every publishDiagnostics (with its version)."""
    client = LanguageClient(converter_factory=default_converter)
    client.published = {}
    features = dict(DEFAULT_CLIENT_FEATURES)
    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = _record_publish
    register_lsp_features(client, features)
    return client


CONFIG = ClientServerConfig(server_command=[SERVER, "--stdio"], client_factory=make_client)


def capabilities(pull=False, utf8=False, snippets=True) -> types.ClientCapabilities:
    text = types.TextDocumentClientCapabilities(
        synchronization=types.TextDocumentSyncClientCapabilities(did_save=True),
        publish_diagnostics=types.PublishDiagnosticsClientCapabilities(
            related_information=True, version_support=True, code_description_support=True,
            tag_support=types.ClientDiagnosticsTagOptions(value_set=[types.DiagnosticTag.Unnecessary])),
        completion=types.CompletionClientCapabilities(
            completion_item=types.ClientCompletionItemOptions(
                snippet_support=snippets,
                documentation_format=None if snippets else [types.MarkupKind.PlainText])),
        hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
        document_symbol=types.DocumentSymbolClientCapabilities(hierarchical_document_symbol_support=True),
        code_action=types.CodeActionClientCapabilities(
            code_action_literal_support=types.ClientCodeActionLiteralOptions(
                code_action_kind=types.ClientCodeActionKindOptions(value_set=["quickfix", "source.fixAll"]))),
    )
    workspace = None
    if pull:
        text.diagnostic = types.DiagnosticClientCapabilities(related_document_support=False)
        workspace = types.WorkspaceClientCapabilities(
            diagnostics=types.DiagnosticWorkspaceClientCapabilities(refresh_support=True))
    general = types.GeneralClientCapabilities(
        position_encodings=[types.PositionEncodingKind.Utf8, types.PositionEncodingKind.Utf16] if utf8
        else [types.PositionEncodingKind.Utf16])
    return types.ClientCapabilities(text_document=text, workspace=workspace, general=general)


async def _start(lsp_client, root, **kw):
    result = await lsp_client.initialize_session(types.InitializeParams(
        capabilities=capabilities(**kw), root_uri=root.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="root")]))
    lsp_client.initialize_result = result
    return result


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: LanguageClient, tmp_path):
    await _start(lsp_client, tmp_path)
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=CONFIG)
async def pull_client(lsp_client: LanguageClient, tmp_path):
    await _start(lsp_client, tmp_path, pull=True)
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=CONFIG)
async def utf8_client(lsp_client: LanguageClient, tmp_path):
    await _start(lsp_client, tmp_path, utf8=True)
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=CONFIG)
async def plain_client(lsp_client: LanguageClient, tmp_path):
    await _start(lsp_client, tmp_path, snippets=False)
    yield
    await lsp_client.shutdown_session()


def uri_for(path) -> str:
    return pathlib.Path(path).resolve().as_uri()


def open_doc(client, path, text, version=1) -> str:
    """Writes `text` to `path` (so imports of it resolve on disk too) and opens it."""
    path = pathlib.Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    uri = uri_for(path)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="tdl", version=version, text=text)))
    return uri


def change(client, uri, version, start, end, text):
    """An incremental change of [start, end) (each a (line, character) pair) to `text`."""
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(*start), end=types.Position(*end)), text=text)]))


async def wait_for_diagnostics(client, uri, version=None, timeout=10.0):
    """The first publishDiagnostics for `uri` (with `version`, when given) not yet consumed."""
    deadline = asyncio.get_running_loop().time() + timeout
    seen = getattr(client, "_consumed", {})
    client._consumed = seen
    while True:
        items = client.published.get(uri, [])
        for index in range(seen.get(uri, 0), len(items)):
            if version is None or items[index].version == version:
                seen[uri] = index + 1
                return items[index]
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError(f"no diagnostics for {uri} version {version}; got {[p.version for p in items]}")
        await asyncio.sleep(0.005)
