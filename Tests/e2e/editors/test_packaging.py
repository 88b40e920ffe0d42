"""Checks the editor packages that no editor runs here: the VS Code extension's manifest,
language configuration and snippets (each snippet, expanded, must be valid and canonical
TDL by template-fmt), and the Helix configuration."""
import json
import os
import pathlib
import re
import subprocess
import tomllib

import onigurumacffi
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
VSCODE = ROOT / "editors/vscode"
FMT = os.environ.get("TDL_FMT") or str(ROOT / ".build-e2e-editors/debug/template-fmt")


def load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def test_vscode_manifest_points_at_real_files():
    manifest = load(VSCODE / "package.json")
    contributes = manifest["contributes"]
    (language,) = contributes["languages"]
    assert language["id"] == "tdl" and language["extensions"] == [".tdl"]
    assert (VSCODE / language["configuration"]).is_file()
    (grammar,) = contributes["grammars"]
    assert load(VSCODE / grammar["path"])["scopeName"] == grammar["scopeName"] == "source.tdl"
    (snippets,) = contributes["snippets"]
    assert (VSCODE / snippets["path"]).is_file()
    settings = contributes["configuration"]["properties"]
    assert settings["tdl.server.path"]["default"] == "template-lsp"
    assert settings["tdl.trace.server"]["enum"] == ["off", "messages", "verbose"]
    assert manifest["main"] == "./out/extension.js"
    assert "vscode-languageclient" in manifest["dependencies"]


def test_vscode_client_registers_what_the_manifest_contributes():
    source = (VSCODE / "src/extension.ts").read_text(encoding="utf-8")
    manifest = load(VSCODE / "package.json")
    for command in manifest["contributes"]["commands"]:
        assert f"registerCommand('{command['command']}'" in source, command["command"]
    # The client id `tdl` is what makes vscode-languageclient read `tdl.trace.server`.
    assert "new LanguageClient('tdl'," in source
    assert "get<string>('server.path'" in source
    assert "sendRequest<PreviewResult | null>('tdl/preview'" in source


def test_language_configuration():
    config = load(VSCODE / "language-configuration.json")
    assert config["comments"] == {"lineComment": "//", "blockComment": ["/*", "*/"]}
    word = re.compile(config["wordPattern"])
    for text in ["font-size", "24px", "-2deg", "50%", "#0060DF", "trial-days"]:
        assert word.fullmatch(text), text
    increase = re.compile(config["indentationRules"]["increaseIndentPattern"])
    decrease = re.compile(config["indentationRules"]["decreaseIndentPattern"])
    assert increase.search('template welcome "Welcome { card" {')
    assert increase.search("  group footer { // the footer")
    assert not increase.search('  text: "a {"')
    assert not increase.search("  number first { value: 1 }")
    assert decrease.search("  }") and not decrease.search("  text: x")


def expand(body):
    """A snippet body with every placeholder at its default, tabs as the canonical 2 spaces."""
    text = "\n".join(body)
    text = re.sub(r"\$\{\d+\|([^,|]*)[^|]*\|\}", r"\1", text)
    while re.search(r"\$\{\d+:([^{}]*)\}", text):
        text = re.sub(r"\$\{\d+:([^{}]*)\}", r"\1", text)
    text = re.sub(r"\$\d+", "", text)
    return text.replace("\t", "  ")


def indent(text, prefix):
    return "\n".join(prefix + line if line.strip() else "" for line in text.split("\n"))


SNIPPETS = load(VSCODE / "snippets/tdl.json")
WRAP = {
    "top": "format 1\n\n{body}\n",
    "template": 'format 1\n\ntemplate t {{\n  size: 375 x 667\n\n{body}\n}}\n',
    "annotations": 'format 1\n\nannotations a {{\n  image: "s.png"\n  size: 1170 x 2532\n\n{body}\n}}\n',
}
WHERE = {"format": None, "template": "top", "annotations": "top", "style": "top", "font-face": "top", "params": "template",
         "text": "template", "image": "template", "button": "template", "group": "template",
         "rect": "annotations", "arrow": "annotations", "label": "annotations", "number": "annotations"}


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_snippet_expands_to_valid_canonical_tdl(name, tmp_path):
    assert name in WHERE, f"snippet {name} has no test context"
    body = expand(SNIPPETS[name]["body"])
    if WHERE[name] is None:
        assert body.startswith("format 1")
        return
    body = "\n".join(line.rstrip() for line in body.split("\n"))
    # An empty $0 line and the blank line before it are not canonical inside a block.
    body = re.sub(r"\n\n( *)\n", "\n", body)
    body = re.sub(r"\n *\n\}", "\n}", body)
    text = WRAP[WHERE[name]].format(body=body if WHERE[name] == "top" else indent(body, "  "))
    path = tmp_path / f"{name}.tdl"
    path.write_text(text, encoding="utf-8")
    check = subprocess.run([FMT, "check", str(path)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    fmt = subprocess.run([FMT, "format", "--check", str(path)], capture_output=True, text=True)
    assert fmt.returncode == 0, "not canonical:\n" + text


def test_helix_languages_toml():
    config = tomllib.loads((ROOT / "editors/helix/languages.toml").read_text(encoding="utf-8"))
    (language,) = config["language"]
    assert language["name"] == "tdl" and language["file-types"] == ["tdl"]
    assert language["comment-token"] == "//"
    assert language["indent"] == {"tab-width": 2, "unit": "  "}
    assert language["language-servers"] == ["template-lsp"]
    assert language["roots"] == [".tdl-root", ".git"], "the project root markers the editors' READMEs document"
    server = config["language-server"]["template-lsp"]
    assert server["command"].endswith("template-lsp") and server["args"] == ["--stdio"]


def test_sublime_syntax_regexes_compile_in_oniguruma():
    path = ROOT / "editors/sublime/TDL.sublime-syntax"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("%YAML 1.2\n---\n")
    assert "scope: source.tdl" in text and "- tdl" in text
    patterns = re.findall(r"^\s*-?\s*(?:match|escape): '((?:[^']|'')*)'\s*$", text, re.M)
    assert len(patterns) > 20
    for pattern in patterns:
        onigurumacffi.compile(pattern.replace("''", "'"))
    # Sublime settings are JSON with // comments.
    raw = (ROOT / "editors/sublime/LSP.sublime-settings").read_text(encoding="utf-8")
    settings = json.loads("\n".join(l for l in raw.split("\n") if not l.lstrip().startswith("//")))
    client = settings["clients"]["template-lsp"]
    assert client["enabled"] and client["command"][-1] == "--stdio"
    assert client["selector"] == "source.tdl"
