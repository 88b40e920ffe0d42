"""`export --fragment` in Chromium, run by test_browser.py: fragments pasted into a host page
whose own ids, classes and rules clash with them on purpose (`#title`, `#footer`,
`.tdl-canvas`, type selectors on `p`, `h1`, `img`, `a`, `*`), two fragments side by side
with it. What must hold:

- the host page's elements keep every computed style they have without the fragments;
- each fragment keeps its designed size in a wide column, and every element of it sits where
  the same template's own page puts it (within 1 px, relative to the canvas);
- in a narrow column a fragment scales down to the column's width with its aspect ratio,
  and nothing scrolls sideways;
- no id appears twice; axe-core finds no violation in the combined page.
"""

import os

import page_semantics

HOST_CSS = """
* { box-sizing: content-box; letter-spacing: 0.5px; }
body { font: 20px/2.5 Georgia, serif; color: rgb(40, 40, 40); text-transform: none; margin: 8px; }
#title { position: static; color: rgb(200, 0, 0); margin: 10px 0; font-size: 30px; }
#footer { position: static; padding: 12px; background: rgb(230, 230, 230); }
.tdl-canvas { width: 2000px; border: 5px solid red; }
.tdl-button { display: inline; padding: 40px; }
.column { width: COLUMNpx; }
p { margin: 2em 0; line-height: 3; text-align: justify; }
h1 { letter-spacing: 4px; text-transform: uppercase; }
img { max-width: 50%; height: auto; border: 3px solid blue; }
a { color: rgb(0, 0, 200); text-decoration: underline; }
hr { border: 4px dashed green; }
"""

HOST_BODY = """<main>
<h1 id="title">Host page</h1>
<p class="tdl-canvas" id="intro">The host's own paragraph, with a <a id="link" href="#footer">link</a>.</p>
<div class="column" id="column-a">FRAGMENT_A</div>
<hr id="rule">
<div class="column" id="column-b">FRAGMENT_B</div>
<p class="tdl-button" id="outro">Another paragraph of the host.</p>
</main>
<footer id="footer">Host footer</footer>
"""

# A template whose names clash with the host's ids and with the other fragment's.
CLASHING = """format 1

template clash "Clashing names" {
  size: 320 x 200
  background: #F4F1EA
  lang: "en"

  text title {
    heading: 2
    text: "Fragment title"
    font-size: 22
    at: 16, 16
    size: 288 x 32
  }

  text footer {
    text: "A fragment's footer line"
    at: 16, 150
    size: 288 x 24
    color: #333333
  }

  button intro {
    label: "Read more"
    action: "https://example.com/more"
    at: 16, 60
    size: 140 x 36
    background: #1F4E79
    color: white
  }

  divider rule {
    at: 16, 110
    size: 288 x 2
    thickness: 2
    color: #888888
  }
}
"""

HOST_STYLE_JS = """
const props = ['color', 'font-size', 'font-family', 'line-height', 'margin-top', 'margin-bottom', 'padding-top',
  'padding-left', 'width', 'height', 'border-top-width', 'border-top-style', 'position', 'display', 'letter-spacing',
  'text-transform', 'text-decoration-line', 'background-color', 'box-sizing', 'text-align'];
const out = {};
for (const id of ['title', 'intro', 'link', 'rule', 'outro', 'footer', 'column-a', 'column-b']) {
  const e = document.getElementById(id);
  if (!e) { out[id] = null; continue; }
  const cs = getComputedStyle(e);
  out[id] = Object.fromEntries(props.map(p => [p, cs.getPropertyValue(p)]));
}
return out;
"""

BOXES_JS = """
const canvas = arguments[0] ? document.querySelector('.' + arguments[0] + '-canvas') : document.querySelector('.tdl-canvas');
const prefix = arguments[0] ? arguments[0] + '-' : '';
const c = canvas.getBoundingClientRect();
const props = ['color', 'font-size', 'font-family', 'font-weight', 'font-style', 'line-height', 'letter-spacing',
  'word-spacing', 'text-transform', 'text-decoration-line', 'text-align', 'margin-top', 'padding-top',
  'border-top-width', 'border-top-style', 'max-width', 'background-color', 'display', 'box-sizing'];
const boxes = {}, styles = {};
for (const e of canvas.querySelectorAll('[id]')) {
  const r = e.getBoundingClientRect();
  const key = e.id.slice(prefix.length);
  boxes[key] = [r.left - c.left, r.top - c.top, r.width, r.height];
  const cs = getComputedStyle(e);
  styles[key] = Object.fromEntries(props.map(p => [p, cs.getPropertyValue(p)]));
}
return {canvas: [c.width, c.height], boxes, styles,
        ids: Array.from(document.querySelectorAll('[id]'), e => e.id),
        scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth};
"""


def export(ctx, source, *args):
    r = ctx["run"]([ctx["bin"], "export", *args, source])
    return r


def host_page(fragment_a, fragment_b, column):
    css = HOST_CSS.replace("COLUMN", str(column))
    body = HOST_BODY.replace("FRAGMENT_A", fragment_a).replace("FRAGMENT_B", fragment_b)
    return ('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Host page</title>\n'
            f'<style>{css}</style>\n</head>\n<body>\n{body}</body>\n</html>\n')


def test_fragments(suite, ctx):
    work = os.path.join(ctx["work"], "fragments")
    os.makedirs(work, exist_ok=True)
    clash = os.path.join(work, "clash.tdl")
    with open(clash, "w", encoding="utf-8") as f:
        f.write(CLASHING)
    sources = [(os.path.join(ctx["examples"], "newsletter-header.tdl"), "newsletter-header", 600, 280),
               (clash, "clash", 320, 200)]
    fragments, pages = [], []
    for source, name, _, _ in sources:
        r = export(ctx, source, "--fragment")
        ok = r.returncode == 0 and r.stdout.startswith("<div")
        suite.check(f"fragment of {name}: exported", ok, r.stderr[:400])
        if not ok:
            return
        text = r.stdout
        for banned in ("<style", "<main", "<html", "<body", "<script", ":root", "<meta"):
            suite.check(f"fragment of {name}: no {banned}", banned not in text, "")
        fragments.append(text)
        page = os.path.join(work, name + ".html")
        r = export(ctx, source, "-o", page)
        suite.check(f"page of {name}: exported", r.returncode == 0, r.stderr[:400])
        pages.append(page)
    # The same fragment twice under two prefixes: ids stay apart.
    r = export(ctx, clash, "--fragment", "--prefix", "second")
    suite.check("fragment with --prefix: exported", r.returncode == 0 and 'id="second-title"' in r.stdout, r.stderr[:300])
    bad = export(ctx, clash, "--fragment", "--prefix", "1 bad")
    suite.check("--prefix that cannot start ids: usage error (exit 2)", bad.returncode == 2, bad.stderr[:300])

    driver = ctx["driver"]
    driver.set_window_size(1200, 900)
    # The designed boxes, from each template's own page in a wide window.
    designed = []
    for page in pages:
        driver.get("file://" + os.path.abspath(page))
        designed.append(driver.execute_script(BOXES_JS, None))

    for column, wide in ((700, True), (260, False)):
        where = f"host page, column {column} px"
        alone = os.path.join(work, f"host-alone-{column}.html")
        with open(alone, "w", encoding="utf-8") as f:
            f.write(host_page("", "", column))
        driver.get("file://" + alone)
        host_styles = driver.execute_script(HOST_STYLE_JS)
        host_scroll = driver.execute_script("return document.documentElement.scrollWidth")
        combined = os.path.join(work, f"host-{column}.html")
        with open(combined, "w", encoding="utf-8") as f:
            f.write(host_page(fragments[0], fragments[1], column))
        driver.get("file://" + combined)
        styles = driver.execute_script(HOST_STYLE_JS)
        changed = {k: {p: (host_styles[k][p], v) for p, v in styles[k].items() if host_styles[k][p] != v}
                   for k in host_styles if host_styles[k] is not None and styles.get(k) is not None}
        # A column's height is the fragment's; everything else of the host must stay.
        changed = {k: {p: v for p, v in d.items() if not (k.startswith("column") and p == "height")}
                   for k, d in changed.items()}
        changed = {k: d for k, d in changed.items() if d}
        missing = [k for k in host_styles if host_styles[k] is None or styles.get(k) is None]
        suite.check(f"{where}: host elements keep their computed styles", not changed and not missing,
                    f"{str(changed)[:600]} missing {missing}")
        for (source, name, W, H), want in zip(sources, designed):
            got = driver.execute_script(BOXES_JS, name)
            if wide:
                suite.check(f"{where}: {name} keeps its size {W} x {H}",
                            abs(got["canvas"][0] - W) <= 0.5 and abs(got["canvas"][1] - H) <= 0.5, str(got["canvas"]))
                off = [f"{k}: {got['boxes'].get(k)} vs {v}" for k, v in want["boxes"].items()
                       if got["boxes"].get(k) is None or max(abs(a - b) for a, b in zip(got["boxes"][k], v)) > 1]
                suite.check(f"{where}: {name}'s elements sit where its own page puts them", not off, "; ".join(off[:4]))
                # The host's rules on `p`, `h1`, `img`, `a`, `hr` and `*` reach none of them.
                differ = [f"{k}.{p}: {got['styles'].get(k, {}).get(p)} vs {v}" for k, st in want["styles"].items()
                          for p, v in st.items() if got["styles"].get(k, {}).get(p) != v]
                suite.check(f"{where}: {name}'s elements have the computed styles of its own page", not differ,
                            "; ".join(differ[:6]))
            else:
                # Its width scales to the column; its height too, unless its text reached its
                # least size (3/4 of the reader's font size) and the rows holding it grew.
                scale = min(1, column / W)
                height_ok = (abs(got["canvas"][1] - H * scale) <= 1 if scale >= 0.75
                             else got["canvas"][1] >= H * scale - 1)
                suite.check(f"{where}: {name} scales to the column ({W * scale:.0f} wide, {H * scale:.0f} or taller)",
                            abs(got["canvas"][0] - W * scale) <= 1 and height_ok, str(got["canvas"]))
        facts = driver.execute_script(BOXES_JS, "clash")
        ids = facts["ids"]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        suite.check(f"{where}: no id appears twice", not dupes, str(dupes))
        # The host's own `.tdl-canvas` rule makes it 2,000 px wide; the fragments add nothing.
        suite.check(f"{where}: the page is no wider than the host alone", facts["scroll"] <= max(host_scroll, facts["client"]),
                    f"scrollWidth {facts['scroll']} > {host_scroll} (host alone)")
        try:
            violations = page_semantics.run_axe(driver)
            suite.check(f"{where}: axe-core finds no violation", not violations,
                        page_semantics.describe_violations(violations))
        except Exception as e:
            suite.check(f"{where}: axe-core runs", False, str(e)[:400])
        if wide:
            driver.save_screenshot(os.path.join(ctx["shots"], "fragments-host.png"))
