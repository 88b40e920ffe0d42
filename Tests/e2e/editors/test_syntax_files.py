"""The Vim syntax file (editors/nvim/syntax/tdl.vim, in headless Neovim) and tdl-mode's
font-lock (editors/emacs/tdl-mode.el, in batch Emacs) checked the way the TextMate grammar
is: on every example and the tricky snippets, each token of the lexer (the Python port)
must get a highlight group or face of its kind on every character."""
import json
import os
import pathlib
import shutil
import subprocess

import pytest

import tdl_lexer
from test_grammar import EXAMPLES, TRICKY

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]

VIM = {
    "docComment": {"tdlDocComment", "tdlTodo"},
    "lineComment": {"tdlComment", "tdlTodo", "tdlPragma"},
    "blockComment": {"tdlBlockComment", "tdlTodo"},
    "string": {"tdlString", "tdlTitle", "tdlEscape", "tdlInterpolation", "tdlBadEscape", "tdlBadInterpolation"},
    "multilineString": {"tdlMultilineString", "tdlEscape", "tdlInterpolation", "tdlBadEscape", "tdlBadInterpolation"},
    "number": {"tdlNumber", "tdlBadNumber"},
    "unit": {"tdlUnit", "tdlBadUnit", "tdlBadNumber"},
    "color": {"tdlColor", "tdlBadColor"},
    "identifier": {"tdlKind", "tdlName", "tdlKey", "tdlValueWord", "tdlBoolean", "tdlSizeX", "tdlNamedColor",
                   "tdlDirective"},
    "leftBrace": {"tdlBrace"},
    "rightBrace": {"tdlBrace"},
    "colon": {"tdlColon"},
    "comma": {"tdlDelimiter", "tdlValue"},
    "semicolon": {"tdlDelimiter"},
    "unknown": {"tdlError"},
}
VIM_ERRORS = {"tdlError", "tdlBadUnit", "tdlBadNumber", "tdlBadColor", "tdlBadEscape", "tdlBadInterpolation"}

CONSTANT = "font-lock-constant-face"
EMACS = {
    "docComment": {"font-lock-doc-face"},
    "lineComment": {"font-lock-comment-face", "font-lock-comment-delimiter-face"},
    "blockComment": {"font-lock-comment-face", "font-lock-comment-delimiter-face"},
    "string": {"font-lock-string-face", "font-lock-variable-name-face", CONSTANT},
    "multilineString": {"font-lock-string-face", "font-lock-variable-name-face", CONSTANT},
    "number": {CONSTANT, "font-lock-warning-face"},
    # tdl-mode colours known units with their number; others stay plain.
    "unit": {CONSTANT, ""},
    "color": {CONSTANT, ""},
    "identifier": {"font-lock-keyword-face", "font-lock-type-face", "font-lock-variable-name-face", CONSTANT,
                   "font-lock-preprocessor-face", "font-lock-builtin-face", ""},
    "leftBrace": {""}, "rightBrace": {""}, "colon": {""}, "comma": {""}, "semicolon": {""}, "unknown": {""},
}
# Tokens whose every character must be highlighted as that kind (never left plain).
MUST_SHOW = {"docComment", "lineComment", "blockComment", "string", "multilineString", "number"}


@pytest.fixture(scope="module")
def documents(tmp_path_factory):
    folder = tmp_path_factory.mktemp("syntax")
    paths = []
    for example in EXAMPLES:
        paths.append(folder / example.name)
        shutil.copy(example, paths[-1])
    paths.append(folder / "tricky.tdl")
    paths[-1].write_text(TRICKY, encoding="utf-8")
    return paths


def run_dump(command, documents, tmp_path):
    out = tmp_path / "dump.json"
    env = dict(os.environ, TDL_REPO=str(ROOT), TDL_DUMP_OUT=str(out),
               TDL_DUMP_FILES="\n".join(str(p) for p in documents))
    subprocess.run(command, env=env, check=True, timeout=300, capture_output=True, cwd=tmp_path)
    return json.loads(out.read_text(encoding="utf-8"))


def per_character(text, lines, byte_columns):
    """The group/face of each character of `text` ("" for newlines) from a per-line dump."""
    out = []
    for lnum, line in enumerate(text.split("\n")):
        groups = lines[lnum] if lnum < len(lines) else []
        col = 0
        for ch in line:
            out.append(groups[col] if col < len(groups) else "")
            col += len(ch.encode("utf-8")) if byte_columns else 1
        out.append("")
    return out[: len(text)]


def check_against_lexer(text, groups, expected, errors, name):
    tokens = tdl_lexer.tokenize(text)
    units = [(a, b) for k, a, b in tokens if k == "unit"]
    checked = 0
    for kind, a, b in tokens:
        if kind == "newline":
            continue
        for i in range(a, b):
            if text[i] in "\r\n" or (kind in ("multilineString", "blockComment") and text[i] in " \t"):
                continue  # spaces inside a multi-line token: some editors leave them plain
            k = kind
            if kind == "number" and any(u[0] <= i < u[1] for u in units):
                k = "unit"
            got = groups[i]
            allowed = expected[k]
            if k in MUST_SHOW:
                allowed = allowed - {""}
            assert got in allowed, f"{name}: {kind} {text[a:b]!r} char {i - a} in {text[max(0, a - 30):b + 10]!r}: got {got!r}, want {sorted(allowed)}"
            checked += 1
    if errors is not None:
        for i, g in enumerate(groups):
            assert g not in errors, f"{name}: error highlight {g} at {text[max(0, i - 20):i + 20]!r}"
    return checked


def test_vim_syntax_agrees_with_lexer(documents, tmp_path):
    assert shutil.which("nvim"), "nvim is needed (Tests/e2e/editors/run.sh installs it)"
    dump = run_dump(["nvim", "--headless", "-u", "NONE", "-c", f"luafile {HERE / 'dump/dump_vim_syntax.lua'}"],
                    documents, tmp_path)
    for path in documents:
        entry = dump[str(path)]
        assert entry["filetype"] == "tdl"
        text = path.read_text(encoding="utf-8")
        groups = per_character(text, entry["lines"], byte_columns=True)
        is_example = path.name != "tricky.tdl"
        assert check_against_lexer(text, groups, VIM, VIM_ERRORS if is_example else None, path.name) > 100
    # The error forms of the tricky file are shown as errors.
    text = (documents[-1]).read_text(encoding="utf-8")
    groups = per_character(text, dump[str(documents[-1])]["lines"], byte_columns=True)
    for needle, group in [("@", "tdlError"), ("x180", "tdlBadUnit"), ("#12345", "tdlBadColor"),
                          ("\\q", "tdlBadEscape"), ("1.2.3", "tdlBadNumber")]:
        at = text.index(needle)
        assert groups[at] == group, (needle, groups[at])


def test_emacs_font_lock_agrees_with_lexer(documents, tmp_path):
    assert shutil.which("emacs"), "emacs is needed (Tests/e2e/editors/run.sh installs it)"
    dump = run_dump(["emacs", "--batch", "-Q", "-l", str(HERE / "dump/dump-emacs-faces.el")], documents, tmp_path)
    for path in documents:
        entry = dump[str(path)]
        assert entry["mode"] == "tdl-mode"
        text = path.read_text(encoding="utf-8")
        faces = per_character(text, entry["lines"], byte_columns=False)
        assert check_against_lexer(text, faces, EMACS, None, path.name) > 100
