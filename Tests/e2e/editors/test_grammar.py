"""Checks editors/vscode/syntaxes/tdl.tmLanguage.json with real Oniguruma.

1. Every example, and a file of tricky snippets, is tokenised both by the grammar and by a
   port of the lexer; each lexer token must get its kind's scope on every character, and
   the examples (which are valid) must have no `invalid` scope anywhere.
2. Crafted lines assert the scope of each token kind, including the error cases.
3. The JSON is what editors/grammar/build_grammar.py writes, and its lists match the schema.
"""
import json
import pathlib
import re
import subprocess
import sys

import pytest

import tdl_lexer
import textmate

ROOT = pathlib.Path(__file__).resolve().parents[3]
GRAMMAR_PATH = ROOT / "editors/vscode/syntaxes/tdl.tmLanguage.json"
EXAMPLES = sorted((ROOT / "Examples").glob("*.tdl"))


@pytest.fixture(scope="module")
def grammar():
    return textmate.Grammar(GRAMMAR_PATH)


def char_scopes(grammar, text):
    """The scope list of every character of `text` (newlines get [])."""
    out = []
    for line, runs in zip(text.split("\n"), grammar.tokenize(text)):
        per = [None] * len(line)
        for a, b, sc in runs:
            for i in range(a, b):
                per[i] = sc
        out.extend(per)
        out.append([])
    return out[: len(text)]


def scopes_of(grammar, text, needle, nth=0):
    """Scope lists of the characters of the nth occurrence of `needle`."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    scopes = char_scopes(grammar, text)
    return [scopes[i] for i in range(at, at + len(needle))]


def assert_scope(grammar, text, needle, scope, nth=0):
    for i, sc in enumerate(scopes_of(grammar, text, needle, nth)):
        assert scope in sc, f"{needle!r} char {i} in {text!r}: expected {scope}, got {sc}"


def refute_scope(grammar, text, needle, prefix, nth=0):
    for i, sc in enumerate(scopes_of(grammar, text, needle, nth)):
        assert not any(s.startswith(prefix) for s in sc), f"{needle!r} char {i}: unexpected {prefix} in {sc}"


# Which scopes a lexer token kind may take. Identifiers take their role from their place.
EXPECTED = {
    "docComment": {"comment.line.documentation.tdl"},
    "lineComment": {"comment.line.double-slash.tdl"},
    "blockComment": {"comment.block.tdl"},
    "string": {"string.quoted.double.tdl"},
    "multilineString": {"string.quoted.triple.tdl"},
    "color": {"constant.other.color.rgb-value.hex.tdl", "invalid.illegal.color.tdl"},
    "unit": {"keyword.other.unit.tdl", "invalid.illegal.unit.tdl", "invalid.illegal.number.tdl"},
    "identifier": {
        "keyword.other.kind.tdl", "entity.name.type.tdl", "support.type.property-name.tdl",
        "variable.parameter.tdl", "variable.other.reference.tdl", "constant.language.tdl",
        "constant.language.boolean.tdl", "support.constant.color.tdl", "keyword.operator.size.tdl",
        "keyword.control.directive.format.tdl", "keyword.control.import.tdl",
    },
    "leftBrace": {"punctuation.section.block.begin.tdl"},
    "rightBrace": {"punctuation.section.block.end.tdl"},
    "colon": {"punctuation.separator.key-value.tdl"},
    "comma": {"punctuation.separator.comma.tdl"},
    "semicolon": {"punctuation.terminator.tdl"},
    "unknown": {"invalid.illegal.character.tdl"},
}
NUMBER_SCOPES = {"constant.numeric.tdl", "invalid.illegal.number.tdl"}
NOT_IN_IDENTIFIER = ("string.", "comment.", "constant.numeric", "constant.other.color")


def check_against_lexer(grammar, text):
    scopes = char_scopes(grammar, text)
    tokens = tdl_lexer.tokenize(text)
    units = {(a, b) for k, a, b in tokens if k == "unit"}
    checked = 0
    for kind, a, b in tokens:
        if kind == "newline":
            continue
        for i in range(a, b):
            if text[i] == "\n":
                continue
            sc = scopes[i]
            if kind == "number":
                if any(u[0] <= i < u[1] for u in units):
                    continue  # checked as the unit
                want = NUMBER_SCOPES
            else:
                want = EXPECTED[kind]
            assert want & set(sc), f"{kind} {text[a:b]!r} at {i} ({text[i]!r}): got {sc}, want one of {want}"
            if kind == "identifier":
                assert not any(s.startswith(NOT_IN_IDENTIFIER) for s in sc), f"identifier {text[a:b]!r}: {sc}"
                assert scopes[i] == scopes[a], f"identifier {text[a:b]!r} split into several scopes"
            checked += 1
    return checked


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_scopes_agree_with_lexer(grammar, path):
    text = path.read_text(encoding="utf-8")
    assert check_against_lexer(grammar, text) > 100
    for i, sc in enumerate(char_scopes(grammar, text)):
        assert not any("invalid" in s for s in sc), f"{path.name}: invalid scope at {i} ({text[i - 20:i + 20]!r}): {sc}"


TRICKY = r'''// tdl-ignore-file TDL301
format 1
import "shared/styles.tdl"
/* a block
   comment over lines */ style s { font-size: 12pt }
//// four slashes is a plain comment
/// a doc comment
template t "Title with {{no}} \"quotes\" \u{2014}" {
  params { user: "friend"; trial-days: 14 }
  text title { text: "Hi {{user}}, \{{user}} \\ \t \n \{ done"; at: -8, 0.5 }
  textarea body {
    text: """
      "quoted" and ""twice"" {{user}} \u{1F600}
      """
    rotation: -2deg
    width: 50%
    opacity: 1.50
  }
  image i { src: "a.png"; alt: "x"; size: 327x180 }
  group g { at: 0, 547; button b { label: "go"; color: rebeccapurple; background: #0060DF80 } }
}
annotations a {
  image: "s.png"; size: 1170 x 2532
  arrow p { from: 400, 900; to: target; head: filled; visible: false }
  rect target { stroke: #F00; fill: #abcd; at: 1,2 }
}
bad @ - . 1. 1.2.3 #12345 #GGG "unterminated
text: "\q \u{ZZ}" ok: "{{ user}}"
'''


def test_tricky_snippets_agree_with_lexer(grammar):
    assert check_against_lexer(grammar, TRICKY) > 300


def test_comments(grammar):
    assert_scope(grammar, TRICKY, "// tdl-ignore-file TDL301", "comment.line.double-slash.tdl")
    assert_scope(grammar, TRICKY, "tdl-ignore-file", "keyword.other.pragma.tdl")
    assert_scope(grammar, TRICKY, "/// a doc comment", "comment.line.documentation.tdl")
    assert_scope(grammar, TRICKY, "//// four slashes", "comment.line.double-slash.tdl")
    refute_scope(grammar, TRICKY, "//// four slashes", "comment.line.documentation")
    assert_scope(grammar, TRICKY, "/* a block", "comment.block.tdl")
    assert_scope(grammar, TRICKY, "comment over lines */", "comment.block.tdl")
    # After */ the line goes on as code.
    scopes = scopes_of(grammar, TRICKY, "*/ style s {")
    assert all("keyword.other.kind.tdl" in s for s in scopes[3:8]), scopes
    assert all("entity.name.type.tdl" in s for s in scopes[9:10]), scopes
    assert not any("comment.block.tdl" in s for s in scopes[3:]), scopes
    text = "style s { color: red } // trailing\n"
    assert_scope(grammar, text, "// trailing", "comment.line.double-slash.tdl")
    refute_scope(grammar, text, "red", "comment")


def test_directives(grammar):
    assert_scope(grammar, TRICKY, "format", "keyword.control.directive.format.tdl")
    assert_scope(grammar, TRICKY, "format", "keyword.control.directive.format.tdl")
    assert "constant.numeric.tdl" in scopes_of(grammar, TRICKY, "format 1")[-1]
    assert_scope(grammar, TRICKY, "import", "keyword.control.import.tdl")
    assert_scope(grammar, TRICKY, '"shared/styles.tdl"', "string.quoted.double.tdl")
    # `format` is only an identifier: as a property key it is a key.
    text = "style s { format: 1 }\n"
    assert_scope(grammar, text, "format", "support.type.property-name.tdl")


def test_strings_escapes_and_interpolation(grammar):
    line = 'text: "Hi {{user}}, \\{{user}} \\\\ \\t \\n \\{ done"'
    assert_scope(grammar, TRICKY, line[6:], "string.quoted.double.tdl")
    assert_scope(grammar, TRICKY, "{{user}}", "meta.interpolation.tdl", nth=0)
    assert_scope(grammar, TRICKY, "user", "variable.parameter.tdl", nth=1)
    for esc in ["\\{", "\\\\", "\\t", "\\n", '\\"', "\\u{2014}", "\\u{1F600}"]:
        assert_scope(grammar, TRICKY, esc, "constant.character.escape.tdl")
    # \{{user}} is the text {{user}}: the escape takes the first brace, no interpolation.
    at = TRICKY.index("\\{{user}}")
    scopes = char_scopes(grammar, TRICKY)
    assert not any("meta.interpolation.tdl" in scopes[i] for i in range(at, at + 9))
    assert_scope(grammar, TRICKY, "\\q", "invalid.illegal.escape.tdl")
    assert_scope(grammar, TRICKY, "\\u{ZZ}", "invalid.illegal.escape.tdl")
    assert_scope(grammar, TRICKY, "{{", "invalid.illegal.interpolation.tdl", nth=TRICKY.count("{{") - 1)
    # A title string is a string, with its own interpolation and escapes.
    assert_scope(grammar, TRICKY, '"Title with', "string.quoted.double.tdl")
    assert_scope(grammar, TRICKY, "{{no}}", "meta.interpolation.tdl")


def test_unterminated_string_ends_at_end_of_line(grammar):
    text = 'text: "open\nsize: 1 x 2\n'
    assert_scope(grammar, text, '"open', "string.quoted.double.tdl")
    assert_scope(grammar, text, "size", "support.type.property-name.tdl")
    refute_scope(grammar, text, "size: 1 x 2", "string")


def test_multiline_strings(grammar):
    assert_scope(grammar, TRICKY, '"quoted" and ""twice""', "string.quoted.triple.tdl")
    assert_scope(grammar, TRICKY, "{{user}}", "meta.interpolation.tdl", nth=2)
    # After the closing """ the next line is a property again, not string.
    assert_scope(grammar, TRICKY, "rotation", "support.type.property-name.tdl")
    text = 'text: """a\\"""b"""\nat: 1, 2\n'
    assert_scope(grammar, text, 'a\\"""b', "string.quoted.triple.tdl")
    assert_scope(grammar, text, "at", "support.type.property-name.tdl")


def test_numbers_and_units(grammar):
    for number, unit in [("-2", "deg"), ("50", "%"), ("12", "pt")]:
        scopes = scopes_of(grammar, TRICKY, number + unit)
        assert all("constant.numeric.tdl" in s for s in scopes[: len(number)]), (number, scopes)
        assert all("keyword.other.unit.tdl" in s for s in scopes[len(number):]), (unit, scopes)
    assert_scope(grammar, TRICKY, "-8", "constant.numeric.tdl")
    assert_scope(grammar, TRICKY, "0.5", "constant.numeric.tdl")
    assert_scope(grammar, TRICKY, "1.50", "constant.numeric.tdl")
    assert_scope(grammar, "at: 24px, 64\n", "24", "constant.numeric.tdl")
    assert_scope(grammar, "at: 24px, 64\n", "px", "keyword.other.unit.tdl")
    # 327x180 is 327 with the unknown unit x180.
    assert_scope(grammar, TRICKY, "327", "constant.numeric.tdl")
    assert_scope(grammar, TRICKY, "x180", "invalid.illegal.unit.tdl")
    assert_scope(grammar, TRICKY, "1.2.3", "invalid.illegal.number.tdl")
    at = TRICKY.index(" 1. ") + 1
    assert "invalid.illegal.number.tdl" in char_scopes(grammar, TRICKY)[at]


def test_colours(grammar):
    for hexcolor in ["#0060DF80", "#F00", "#abcd"]:
        assert_scope(grammar, TRICKY, hexcolor, "constant.other.color.rgb-value.hex.tdl")
    for bad in ["#12345", "#GGG"]:
        assert_scope(grammar, TRICKY, bad, "invalid.illegal.color.tdl")
    assert_scope(grammar, TRICKY, "rebeccapurple", "support.constant.color.tdl")


def test_kinds_names_keys_and_values(grammar):
    for kind, name in [("template", "t"), ("text", "title"), ("textarea", "body"), ("image", "i"),
                       ("group", "g"), ("button", "b"), ("annotations", "a"), ("arrow", "p"), ("rect", "target")]:
        header = f"{kind} {name} "
        scopes = scopes_of(grammar, TRICKY, header)
        assert all("keyword.other.kind.tdl" in s for s in scopes[: len(kind)]), (kind, scopes)
        assert all("entity.name.type.tdl" in s for s in scopes[len(kind) + 1: -1]), (name, scopes)
    assert_scope(grammar, TRICKY, "params", "keyword.other.kind.tdl")
    assert_scope(grammar, TRICKY, "trial-days", "variable.parameter.tdl")
    assert_scope(grammar, TRICKY, "font-size", "support.type.property-name.tdl")
    at = TRICKY.index("1170 x 2532") + 5
    assert "keyword.operator.size.tdl" in char_scopes(grammar, TRICKY)[at]
    assert_scope(grammar, TRICKY, "filled", "constant.language.tdl")
    assert_scope(grammar, TRICKY, "false", "constant.language.boolean.tdl")
    assert_scope(grammar, TRICKY, "target", "variable.other.reference.tdl", nth=0)
    assert_scope(grammar, "style s { style: base-text }\n", "base-text", "variable.other.reference.tdl")
    assert_scope(grammar, TRICKY, "{", "punctuation.section.block.begin.tdl")
    assert_scope(grammar, TRICKY, ";", "punctuation.terminator.tdl")
    assert_scope(grammar, TRICKY, "@", "invalid.illegal.character.tdl")


def schema_kinds():
    text = (ROOT / "Sources/Validator/Schema/Schema.swift").read_text(encoding="utf-8")
    kinds = re.findall(r'name: "([a-z-]+)", role: \.(?:component|definition|parameters|annotationElement)', text)
    assert len(kinds) >= 19, kinds
    return kinds


def test_every_schema_kind_is_a_keyword_in_a_header(grammar):
    for kind in schema_kinds():
        text = f"{kind} n {{\n}}\n{kind} {{ }}\n"
        scopes = char_scopes(grammar, text)
        for start in (0, text.index("\n") + 3):
            assert all("keyword.other.kind.tdl" in scopes[i] for i in range(start, start + len(kind))), kind


def test_every_named_colour_is_a_colour(grammar):
    text = (ROOT / "Sources/Validator/Schema/NamedColors.swift").read_text(encoding="utf-8")
    names = re.findall(r'\(\s*"([a-z]+)"\s*,\s*0x', text) + ["transparent"]
    assert len(names) == 149
    doc = "".join(f"style s{i} {{ color: {n} }}\n" for i, n in enumerate(names))
    scopes = char_scopes(grammar, doc)
    offset = 0
    for line in doc.splitlines(keepends=True):
        a = line.index(": ") + 2
        b = line.index(" }")
        assert all("support.constant.color.tdl" in scopes[offset + i] for i in range(a, b)), line
        offset += len(line)
    # A colour name inside a longer identifier is not a colour.
    refute_scope(grammar, "style s { fit: redish; x: red-1 }\n", "redish", "support.constant.color")
    refute_scope(grammar, "style s { fit: redish; x: red-1 }\n", "red-1", "support.constant.color")


def test_grammar_json_is_generated():
    subprocess.run([sys.executable, str(ROOT / "editors/grammar/build_grammar.py"), "--check"], check=True)


def test_copies_of_the_grammar_agree():
    """Editors that take TextMate grammars ship the same file."""
    original = json.loads(GRAMMAR_PATH.read_text(encoding="utf-8"))
    for other in ["editors/zed/languages/tdl/tdl.tmLanguage.json"]:
        path = ROOT / other
        if path.exists():
            assert json.loads(path.read_text(encoding="utf-8")) == original, other

