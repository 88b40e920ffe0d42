"""Exports documents with `template-fmt export --to json` and validates every output against
docs/model.schema.json (JSON Schema draft 2020-12, with jsonschema from PyPI); then checks
that the schema rejects mutated outputs, so that passing means something.

Documents: Examples/*.tdl, the shared benchmark corpus at several seeds (when gen_corpus.py
is there) and seeded documents made here that set both spellings of one thing (an element's
and its style's) and name elements in `from`/`to`. Prints one line per failure and
"N passed, M failed" last; exits 1 on a failure.
"""

import argparse
import copy
import glob
import json
import os
import random
import subprocess
import sys

from jsonschema import Draft202012Validator

WEIGHTS = ["regular", "medium", "semibold", "bold"]
MARKERS = ["none", "open", "filled", "circle", "square", "bar"]


def colour(rng):
    return "#%06X" % rng.randrange(0x1000000) + ("" if rng.random() < 0.8 else "%02X" % rng.randrange(256))


def generated(rng, n):
    """One document: styles, a template and an annotation set. Each of two spellings comes
    from the element or from its style, never both from the element (that is TDL119)."""
    styles, parts = [], [f"format 1\n"]
    components = []
    for i in range(rng.randint(2, 6)):
        own, styled = [], []
        if rng.random() < 0.7:
            (own if rng.random() < 0.5 else styled).append(f'font: "Inter"' + (f" {rng.choice(WEIGHTS)}" if rng.random() < 0.7 else ""))
        if rng.random() < 0.6:
            (own if rng.random() < 0.5 else styled).append(f"font-weight: {rng.choice(WEIGHTS)}")
        size = f"size: {rng.randint(0, 300)} x {rng.randint(0, 200)}"
        sides = [f"width: {rng.randint(0, 300)}"] + ([f"height: {rng.randint(0, 200)}"] if rng.random() < 0.5 else [])
        if rng.random() < 0.5:
            own.append(size)
            styled += sides
        else:
            own += sides
            if rng.random() < 0.6:
                styled.append(size)
        if rng.random() < 0.3:
            styled.append(f"color: {colour(rng)}")
        if rng.random() < 0.3:
            own.append(f"align: {rng.choice(['start', 'end', 'left', 'center', 'right', 'justify'])}")
        styles.append(f"style c{n}-{i} {{\n" + "".join(f"  {p}\n" for p in styled) + "}\n")
        kind = rng.choice(["text", "textarea", "button"])
        body = 'label: "Go"\n    action: "/next"' if kind == "button" else 'text: "Hello {{user}}"'
        components.append(f"  {kind} e{i} {{\n    {body}\n    style: c{n}-{i}\n" + "".join(f"    {p}\n" for p in own) + f"    at: {rng.randint(0, 100)}, {rng.randint(0, 500)}\n  }}\n")
    components.append('  group g {\n    at: 10, 10\n    padding: 4\n    image pic {\n      src: "a.png"\n      alt: ""\n      size: 40 x 40\n    }\n    divider {\n      width: 100\n    }\n  }\n')
    components.append('  video clip {\n    src: "v.mp4"\n    captions: "v.vtt"\n    size: 160 x 90\n  }\n')
    parts += styles
    parts.append(f'template t{n} "Generated {n}" {{\n  device: iphone-se\n  lang: "{rng.choice(["en", "ar", "de"])}"\n  params {{\n    user: "friend"\n  }}\n' + "".join(components) + "}\n")
    # An annotation set: shapes, labels whose fill and background come from element and style.
    names, elements, label_styles = [], [], []
    for i in range(rng.randint(2, 5)):
        kind = rng.choice(["rect", "ellipse", "label", "number", "highlight", "blur"])
        name = f"s{i}"
        names.append(name)
        lines = [f"at: {rng.randint(0, 700)}, {rng.randint(0, 500)}"]
        if kind == "label":
            lines.append('text: "Look here"')
            if rng.random() < 0.5:
                lines.append(f'font: "Inter" {rng.choice(WEIGHTS)}')
            spellings = ["fill", "background"]
            rng.shuffle(spellings)
            if rng.random() < 0.7:
                lines.append(f"{spellings[0]}: {colour(rng)}")
            if rng.random() < 0.7:
                label_styles.append(f"style l{n}-{i} {{\n  {spellings[1]}: {colour(rng)}\n}}\n")
                lines.append(f"style: l{n}-{i}")
        if kind != "number" and (kind != "label" or rng.random() < 0.5):
            lines.append(f"size: {rng.randint(1, 200)} x {rng.randint(1, 150)}")
        elements.append(f"  {kind} {name} {{\n" + "".join(f"    {l}\n" for l in lines) + "  }\n")
    for i in range(rng.randint(1, 5)):
        def end(avoid=None):
            choices = [x for x in names if x != avoid]
            if choices and rng.random() < 0.6:
                return rng.choice(choices)
            return f"{rng.randint(0, 800)}, {rng.randint(0, 600)}"
        a = end()
        lines = [f"from: {a}", f"to: {end(a)}"]
        if rng.random() < 0.3:
            lines.append(f"at: {rng.randint(-40, 40)}, {rng.randint(-40, 40)}")
        if rng.random() < 0.5:
            lines.append(f"head: {rng.choice(MARKERS)}")
        elements.append(f"  {rng.choice(['arrow', 'line'])} l{i} {{\n" + "".join(f"    {l}\n" for l in lines) + "  }\n")
    parts += label_styles
    parts.append(f'annotations a{n} {{\n  image: "shot.png"\n  size: 800 x 600\n' + "".join(elements) + "}\n")
    return "\n".join(parts)


def export(binary, source, out):
    """The JSON files of one document's items; None (and the diagnostics) when not exported."""
    os.makedirs(out, exist_ok=True)
    run = subprocess.run([binary, "export", "--to", "json", "-o", out + "/", source], capture_output=True, text=True)
    if run.returncode != 0:
        return None, run.stderr + run.stdout
    return sorted(glob.glob(os.path.join(out, "*.json"))), ""


def find(documents, test):
    """The first (document, element) whose element passes `test`, walking groups."""
    def walk(items):
        for e in items:
            yield e
            yield from walk(e["children"])
    for doc in documents:
        for item in doc["items"]:
            for e in walk(item["children"]):
                if test(e):
                    return doc, e
    return None, None


def mutations(outputs):
    """(what, mutated document) pairs the schema must reject. Each edits a copy."""
    result = []

    def edit(what, test, change):
        originals = [copy.deepcopy(d) for d in outputs]
        doc, e = find(originals, test)
        if doc is None:
            result.append((what, None))
            return
        change(doc, e)
        result.append((what, doc))

    def whole(what, change):
        doc = copy.deepcopy(outputs[0])
        change(doc)
        result.append((what, doc))

    whole("an unknown top-level key", lambda d: d.update(extra=1))
    whole("another model version", lambda d: d.update(model=1))
    whole("an item of an unknown kind", lambda d: d["items"][0].update(kind="page"))
    whole("a template without parameters", lambda d: d["items"][0].pop("parameters", None) if d["items"][0]["kind"] == "template" else d["items"][0].update(parameters={}))
    is_text = lambda e: e["kind"] == "text"
    edit("an unknown property", is_text, lambda d, e: e["properties"].update(colour="#FFFFFF"))
    edit("a colour by name", is_text, lambda d, e: e["properties"].update(color="red"))
    edit("a lower-case hex colour", is_text, lambda d, e: e["properties"].update(color="#ffffff"))
    edit("a weight outside the enum", is_text, lambda d, e: e["properties"].update({"font-weight": "heavy"}))
    edit("a weight inside a text's font", lambda e: is_text(e) and "font" in e["properties"],
         lambda d, e: e["properties"]["font"].update(weight="bold"))
    edit("size and width together", lambda e: e["kind"] in ("text", "button") and "size" in e["properties"],
         lambda d, e: e["properties"].update(width=10))
    edit("align still `start`", is_text, lambda d, e: e["properties"].update(align="start"))
    edit("a component without its box", is_text, lambda d, e: e.pop("box"))
    edit("a number where a string goes", is_text, lambda d, e: e["properties"].update(text=3))
    edit("a missing default-valued property", is_text, lambda d, e: e["properties"].pop("font-size"))
    edit("a negative padding", is_text, lambda d, e: e["properties"].update(padding=-1))
    edit("children in a text", is_text, lambda d, e: e["children"].append(copy.deepcopy(e)))
    edit("a point with a third coordinate", is_text, lambda d, e: e["properties"]["at"].update(z=1))
    edit("a label with a fill", lambda e: e["kind"] == "label", lambda d, e: e["properties"].update(fill="#FF0000"))
    edit("a resolved end without y", lambda e: e["kind"] in ("arrow", "line") and "element" in e["properties"]["to"],
         lambda d, e: e["properties"]["to"].pop("y"))
    edit("a reference whose name is a number", lambda e: e["kind"] in ("arrow", "line") and "element" in e["properties"]["to"],
         lambda d, e: e["properties"]["to"].update(element=3))
    edit("an annotation element with a box", lambda e: e["kind"] == "rect",
         lambda d, e: e.update(box={"x": 0, "y": 0, "width": 1, "height": 1}))
    edit("a template component in a set", lambda e: e["kind"] == "rect",
         lambda d, e: e.update(kind="text"))
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--schema", required=True)
    ap.add_argument("--shared", required=True, help="gen_corpus.py (skipped when absent)")
    ap.add_argument("--work", required=True)
    ap.add_argument("--generated", type=int, default=200)
    ap.add_argument("--seed", type=int, default=17)
    a = ap.parse_args()

    with open(a.schema, encoding="utf-8") as f:
        schema = json.load(f)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    passed = failed = 0

    sources = sorted(glob.glob("Examples/*.tdl"))
    if os.path.isfile(a.shared):
        for seed in range(1, 5):
            folder = os.path.join(a.work, f"corpus-{seed}")
            subprocess.run([sys.executable, a.shared, "--preset", "10k", "--seed", str(seed), "--out", folder],
                           check=True, stdout=subprocess.DEVNULL)
            sources.append(os.path.join(folder, "corpus.tdl"))
    else:
        print(f"{a.shared} not found; the shared corpus is skipped")
    rng = random.Random(a.seed)
    print(f"generated documents: seed {a.seed}")
    for n in range(a.generated):
        path = os.path.join(a.work, f"generated-{n}.tdl")
        with open(path, "w", encoding="utf-8") as f:
            f.write(generated(rng, n))
        sources.append(path)

    outputs = []
    for i, source in enumerate(sources):
        files, diagnostics = export(a.bin, source, os.path.join(a.work, "out", str(i)))
        if files is None:
            failed += 1
            print(f"FAIL {source}: not exported\n{diagnostics[:2000]}")
            continue
        for path in files:
            with open(path, encoding="utf-8") as f:
                document = json.load(f)
            errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
            if errors:
                failed += 1
                for error in errors[:3]:
                    print(f"FAIL {source} -> {os.path.basename(path)}: {'/'.join(map(str, error.absolute_path))}: {error.message[:300]}")
            else:
                passed += 1
                outputs.append(document)
    print(f"validated {passed} outputs of {len(sources)} documents")

    # The schema is not vacuous: each mutation of a valid output must fail it.
    rejected = 0
    for what, document in mutations(outputs):
        if document is None:
            failed += 1
            print(f"FAIL mutation `{what}`: no output has the element it edits")
        elif validator.is_valid(document):
            failed += 1
            print(f"FAIL mutation `{what}`: the schema accepts it")
        else:
            passed += 1
            rejected += 1
    print(f"rejected {rejected} mutated outputs")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
