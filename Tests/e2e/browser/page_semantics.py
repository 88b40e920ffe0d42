"""Checks of what exported pages mean beyond their look, run by test_browser.py: axe-core's
accessibility rules (best practices included) on every example page, headings, landmarks
and captions; canvases that fit narrow windows with real scrollbars; right-to-left pages
and labels, against Chromium's own bidirectional layout.

axe-core's axe.min.js comes from the PyPI package axe-playwright-python (pinned in run.sh);
it is injected through Selenium, which the pages' Content-Security-Policy does not block.
"""

import functools
import http.server
import json
import os
import random
import threading
import unicodedata
from importlib import resources

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


@functools.lru_cache(maxsize=1)
def axe_source():
    return (resources.files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")


AXE_RUN_JS = """
const cb = arguments[arguments.length - 1];
axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})
  .then(r => cb({version: axe.version, violations: r.violations.map(v => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 4).map(n => n.target.join(' '))}))}))
  .catch(e => cb({error: String(e)}));
"""


def run_axe(driver):
    """axe-core's violations on the loaded page: [(rule id, impact, help, [targets])]."""
    if not driver.execute_script("return typeof window.axe !== 'undefined'"):
        driver.execute_script(axe_source())
    result = driver.execute_async_script(AXE_RUN_JS, AXE_TAGS)
    if "error" in result:
        raise RuntimeError(result["error"])
    return result["violations"]


def describe_violations(violations):
    return "; ".join(f"{v['id']} ({v['impact']}): {v['help']} at {v['nodes']}" for v in violations)


# ---------------------------------------------------------------------------------------
# A local HTTP server: captions load over http (a file: page may not read a .vtt)

class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class LocalServer:
    """Serves `folder` on 127.0.0.1 on a free port, in a thread, until `stop()`."""

    def __init__(self, folder):
        handler = functools.partial(QuietHandler, directory=folder)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.folder = folder
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path):
        rel = os.path.relpath(os.path.realpath(path), os.path.realpath(self.folder))
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/" + rel.replace(os.sep, "/")

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


# ---------------------------------------------------------------------------------------
# 1. Every example page: axe-core, headings, landmarks, direction, captions

PAGE_FACTS_JS = """
const texts = Array.from(document.querySelectorAll('main p, main h1, main h2, main h3, main h4, main h5, main h6, main a, main button'));
const levels = Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6')).map(h => Number(h.tagName[1]));
return {main: document.querySelectorAll('main').length,
        h1: document.querySelectorAll('h1').length, levels,
        outside: Array.from(document.body.children).filter(e => e.tagName !== 'MAIN').map(e => e.tagName),
        noDir: texts.filter(e => e.getAttribute('dir') !== 'auto').map(e => e.id),
        tracks: Array.from(document.querySelectorAll('video track')).map(t => t.getAttribute('src'))};
"""

CAPTIONS_JS = """
const cb = arguments[arguments.length - 1];
const videos = Array.from(document.querySelectorAll('video')).filter(v => v.querySelector('track'));
const out = [];
let pending = videos.length;
if (!pending) cb(out);
for (const v of videos) {
  const track = v.querySelector('track'), text = v.textTracks[0];
  text.mode = 'hidden';  // load the cues without showing them
  let tries = 0;
  const look = () => {
    if ((track.readyState >= 2 && v.readyState >= 1) || tries++ > 100) {
      out.push({id: v.id, track: track.readyState, cues: text.cues ? Array.from(text.cues, c => c.text) : null,
                video: v.readyState, width: v.videoWidth, height: v.videoHeight, kind: track.kind});
      if (--pending === 0) cb(out);
    } else setTimeout(look, 50);
  };
  look();
}
"""


def check_page(suite, driver, ctx, stem, item, page):
    """axe-core finds nothing; one <main> holds everything, with one <h1> and headings that
    go down one level at a time; text takes its own direction; captions load."""
    label = f"{stem}/{item['name']}"
    driver.get("file://" + os.path.abspath(page))
    try:
        violations = run_axe(driver)
    except Exception as e:  # a failure to run is a failure, not a pass
        suite.check(f"{label}: axe-core runs", False, str(e)[:500])
        return
    suite.check(f"{label}: axe-core ({', '.join(AXE_TAGS)}) finds no violation", not violations,
                describe_violations(violations))
    facts = driver.execute_script(PAGE_FACTS_JS)
    suite.check(f"{label}: one <main> holds the page", facts["main"] == 1 and not facts["outside"], str(facts))
    suite.check(f"{label}: one level-1 heading", facts["h1"] == 1, str(facts["levels"]))
    skips = [b for a, b in zip(facts["levels"], facts["levels"][1:]) if b > a + 1]
    suite.check(f"{label}: heading levels go down one at a time", not skips, str(facts["levels"]))
    if item["kind"] == "template":
        suite.check(f"{label}: every element with text has dir=auto", not facts["noDir"], str(facts["noDir"]))
    ctx["example_pages"].append((label, page, item))
    if facts["tracks"]:
        driver.get(ctx["server"].url(page))
        got = driver.execute_async_script(CAPTIONS_JS)
        for v in got:
            suite.check(f"{label}#{v['id']}: the video loads", v["video"] >= 1 and v["width"] > 0, str(v))
            suite.check(f"{label}#{v['id']}: its captions load, with cues", v["kind"] == "captions" and v["track"] == 2
                        and bool(v["cues"]), str(v))
    driver.get_log("browser")  # loading the page again logs what its own check has judged


AXE_SELF_TEST = {
    # A template with no level-1 heading, and one whose image has no text alternative.
    "page-has-heading-one": 'format 1\ntemplate t { size: 200 x 100; text a { text: "Plain"; size: 100 x 20 } }\n',
    "heading-order": 'format 1\ntemplate t { size: 200 x 100; text a { text: "A"; heading: 1; size: 100 x 20 }; '
                     'text b { text: "B"; heading: 3; at: 0, 30; size: 100 x 20 } }\n',
    "empty-heading": 'format 1\ntemplate t { size: 200 x 100; text a { text: " "; heading: 1; size: 100 x 20 } }\n',
}


def test_axe_catches(suite, ctx):
    """axe must report what it is there to report, so that a broken injection or a rule set
    that runs nothing cannot pass for a clean page."""
    folder = os.path.join(ctx["work"], "axe-self-test")
    os.makedirs(folder)
    for rule, doc in AXE_SELF_TEST.items():
        path = os.path.join(folder, rule + ".tdl")
        with open(path, "w", encoding="utf-8") as f:
            f.write(doc)
        r = ctx["run"]([ctx["bin"], "export", "-o", os.path.join(folder, rule + ".html"), path])
        if not suite.check(f"axe self test {rule}: export", r.returncode == 0, r.stderr[-500:]):
            continue
        ctx["driver"].get("file://" + os.path.join(folder, rule + ".html"))
        ids = [v["id"] for v in run_axe(ctx["driver"])]
        suite.check(f"axe self test: a page that breaks {rule} is caught", rule in ids, str(ids))
    ctx["driver"].get_log("browser")  # what these pages logged is no later page's


# ---------------------------------------------------------------------------------------
# 2. Narrow windows, with scrollbars that take room (no --hide-scrollbars)

WIDTHS = [280, 320, 360, 375, 390, 414, 600, 768, 1024]

FIT_JS = """
const d = document.documentElement;
const box = (document.querySelector('.tdl-canvas') || document.querySelector('.tdl-figure')).getBoundingClientRect();
return {client: d.clientWidth, scroll: d.scrollWidth, inner: innerWidth,
        left: box.left, right: box.right, width: box.width, height: box.height,
        scrolls: d.scrollHeight > d.clientHeight};
"""


def test_narrow_windows(suite, ctx):
    driver = ctx["start_driver"](hide_scrollbars=False)
    try:
        fit_windows(suite, driver, ctx["example_pages"])
    finally:
        driver.quit()


def fit_windows(suite, driver, pages):
    suite.check("narrow windows: example pages to show", len(pages) > 0, "")
    vertical = False
    for label, page, item in pages:
        p = item["properties"]
        W, H = p["size"]["width"], p["size"]["height"]
        for width in WIDTHS + [int(W) - 1, int(W) + 1]:
            for height in (360, 4000):  # with and without a vertical scrollbar
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                       {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
                driver.get("file://" + os.path.abspath(page))
                m = driver.execute_script(FIT_JS)
                where = f"{label} at {width} x {height} (client width {m['client']})"
                vertical |= m["scrolls"] and m["client"] < m["inner"]
                want = min(W, m["client"])
                # Scaled by less than 3/4, text keeps 3/4 of its size (`--t`) and the rows that
                # hold it grow: the canvas is then taller than its aspect ratio, never shorter.
                scale = want / W
                ratio = m["height"] / m["width"]
                tall_enough = abs(ratio - H / W) <= 0.005 if scale >= 0.75 else ratio >= H / W - 0.005
                ok = (m["scroll"] <= m["client"] and m["right"] <= m["client"] + 0.5 and m["left"] >= -0.5
                      and abs(m["width"] - want) <= 1 and tall_enough)
                suite.check(f"{where}: no sideways scroll, the canvas fits the client width with its aspect ratio"
                            " (or taller, where its text keeps its least size)",
                            ok, f"{m}; expected width {want:g}, ratio {H / W:.4f}")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    suite.check("narrow windows: vertical scrollbars took room in some window (the case that matters)", vertical, "")


# ---------------------------------------------------------------------------------------
# 3. Right to left

def tdl_quote(s):
    out = ['"']
    for ch in s:
        if ch in '\\"{':
            out.append("\\" + ch)
        elif unicodedata.category(ch) in ("Cc", "Cf"):
            out.append("\\u{%X}" % ord(ch))
        else:
            out.append(ch)
    return "".join(out) + '"'


ARABIC, LATIN = "مرحبا بكم.", "Sketchbook Pro."

RTL_ELEMENTS = [  # (kind, name, text, align or None, box y)
    ("text", "title", ARABIC, None, 16),
    ("text", "brand", LATIN, None, 64),
    ("text", "left", ARABIC, "left", 104),
    ("text", "right", LATIN, "right", 144),
    ("text", "end", ARABIC, "end", 184),
    ("text", "middle", ARABIC, "center", 224),
    ("textarea", "notes", "سطر أول.\nSecond line.", None, 264),
    ("button", "go", "ابدأ الآن.", "start", 336),
]


def rtl_template(lang):
    lines = ["format 1", "template page \"Direction\" {", "  size: 375 x 400", f"  lang: \"{lang}\""]
    for kind, name, text, align, y in RTL_ELEMENTS:
        key = "label" if kind == "button" else "text"
        extra = "; heading: 1" if name == "title" else ""
        height = 64 if kind == "textarea" else 32
        lines.append(f"  {kind} {name} {{ {key}: {tdl_quote(text)}; at: 16, {y}; size: 343 x {height}; padding: 4"
                     + (f"; align: {align}" if align else "") + extra + " }")
    lines.append("}")
    return "\n".join(lines) + "\n"


TEXT_LAYOUT_JS = """
const out = {page: getComputedStyle(document.documentElement).direction, elements: {}};
for (const id of arguments[0]) {
  const el = document.getElementById(id);
  if (!el) { out.elements[id] = null; continue; }
  const cs = getComputedStyle(el), r = el.getBoundingClientRect();
  const content = {left: r.left + parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft),
                   right: r.right - parseFloat(cs.borderRightWidth) - parseFloat(cs.paddingRight)};
  const node = Array.from(el.childNodes).concat(Array.from(el.querySelectorAll('span')).flatMap(s => Array.from(s.childNodes)))
                    .find(n => n.nodeType === 3);
  const range = document.createRange();
  range.selectNodeContents(el);
  // One rectangle per run of one direction: those that share a line make one line.
  const lines = [];
  for (const q of Array.from(range.getClientRects()).filter(q => q.width > 0)) {
    const line = lines.find(l => q.top < l.bottom - 1 && q.bottom > l.top + 1);
    if (line) { line.left = Math.min(line.left, q.left); line.right = Math.max(line.right, q.right); }
    else lines.push({top: q.top, bottom: q.bottom, left: q.left, right: q.right});
  }
  const charX = i => { const c = document.createRange(); c.setStart(node, i); c.setEnd(node, i + 1);
                       const q = c.getBoundingClientRect(); return q.left + q.width / 2; };
  // Each paragraph that ends in a full stop: where its first character and the stop are.
  const stops = [];
  let at = 0;
  for (const paragraph of node.data.split('\\n')) {
    if (paragraph.endsWith('.')) stops.push({text: paragraph, first: charX(at), stop: charX(at + paragraph.length - 1)});
    at += paragraph.length + 1;
  }
  out.elements[id] = {direction: cs.direction, content, lines, stops};
}
return out;
"""


def first_strong(text, fallback):
    """What HTML's dir=auto reads: the first character of bidi class L, R or AL."""
    for ch in text:
        b = unicodedata.bidirectional(ch)
        if b == "L":
            return "ltr"
        if b in ("R", "AL"):
            return "rtl"
    return fallback


def side(align, page_rtl, default):
    align = align or default
    if align == "start":
        return "right" if page_rtl else "left"
    if align == "end":
        return "left" if page_rtl else "right"
    return align


def test_right_to_left(suite, ctx):
    driver, folder = ctx["driver"], os.path.join(ctx["work"], "rtl")
    os.makedirs(folder)
    for lang, page_rtl in (("ar", True), ("he-IL", True), ("en", False), ("ar-Latn", False)):
        path = os.path.join(folder, f"page-{lang}.tdl")
        with open(path, "w", encoding="utf-8") as f:
            f.write(rtl_template(lang))
        out = os.path.join(folder, f"page-{lang}.html")
        r = ctx["run"]([ctx["bin"], "export", "-o", out, path])
        if not suite.check(f"rtl {lang}: export", r.returncode == 0, r.stderr[-800:]):
            continue
        driver.set_window_size(600, 600)
        driver.get("file://" + out)
        got = driver.execute_script(TEXT_LAYOUT_JS, [e[1] for e in RTL_ELEMENTS])
        suite.check(f"rtl {lang}: the page runs {'right to left' if page_rtl else 'left to right'}",
                    got["page"] == ("rtl" if page_rtl else "ltr"), got["page"])
        for kind, name, text, align, _ in RTL_ELEMENTS:
            e = got["elements"].get(name)
            where = f"rtl {lang}#{name}"
            if not suite.check(f"{where}: present", e is not None, ""):
                continue
            own = first_strong(text, "ltr")
            suite.check(f"{where}: runs in its own text's direction ({own})", e["direction"] == own, e["direction"])
            suite.check(f"{where}: every sentence is measured", len(e["stops"]) == text.count(".\n") + text.endswith("."),
                        str(e["stops"]))
            for s in e["stops"]:
                # The full stop ends its sentence: left of the first letter in right-to-left text.
                rtl = first_strong(s["text"], "ltr") == "rtl"
                suite.check(f"{where}: the full stop of {s['text']!r} is at the end of the sentence",
                            (s["stop"] < s["first"]) if rtl else (s["stop"] > s["first"]),
                            f"first letter at {s['first']:.1f}, full stop at {s['stop']:.1f}")
            want = side(align, page_rtl, "center" if kind == "button" else "start")
            c = e["content"]
            bad = []
            for line in e["lines"]:
                left, right = line["left"], line["right"]
                if want == "left" and abs(left - c["left"]) > 1.5:
                    bad.append(f"line starts at {left:.1f}, content box at {c['left']:.1f}")
                if want == "right" and abs(right - c["right"]) > 1.5:
                    bad.append(f"line ends at {right:.1f}, content box at {c['right']:.1f}")
                if want == "center" and abs((left + right) / 2 - (c["left"] + c["right"]) / 2) > 1.5:
                    bad.append(f"line centred at {(left + right) / 2:.1f}")
            suite.check(f"{where}: align {align or 'by default'} puts the text on the {want}", e["lines"] and not bad,
                        "; ".join(bad) or "no lines")
        driver.save_screenshot(os.path.join(ctx["shots"], f"rtl--{lang}.png"))
    labels_in_chromium(suite, ctx, folder)


# Pieces of label text from many scripts and from none (digits, punctuation, marks, emoji,
# the directional marks).
PIECES = ["Total", "Pay now", "שלום", "סך הכל", "مرحبا", "المجموع", "ܫܠܡܐ", "ދިވެހި", "ߒߞߏ", "𞤀𞤣𞤤𞤢𞤥",
          "中文", "हिन्दी", "Ωμέγα", "Привет", "42", "٤٢", "۱۲", "—", "(", ")", "!", "%", "…", "«", "»",
          "\u064B", "😀", "\u200F", "\u200E", "$9.99", "#1", "·"]

LABELS_JS = """
const out = [];
// The probes need an HTML body; a standalone SVG has none (its labels are compared with
// what the HTML page's probes gave).
const probeHost = document.body ? document.createElement('div') : null;
if (probeHost) { probeHost.dir = arguments[0]; document.body.append(probeHost); }
for (const g of document.querySelectorAll('svg g[id]')) {
  const t = g.querySelector('text'), r = g.querySelector('rect');
  if (!t || !r) continue;
  const text = Array.from(t.querySelectorAll('tspan'), s => s.textContent).join(' ');
  let html = null;
  if (probeHost) {
    const probe = document.createElement('p');
    probe.dir = 'auto';
    probe.textContent = text;
    probeHost.append(probe);
    html = getComputedStyle(probe).direction;
  }
  // The text's extent from its characters' advances (a glyph's ink may overhang them).
  let left = Infinity, right = -Infinity;
  for (let i = 0; i < t.getNumberOfChars(); i++) {
    const e = t.getExtentOfChar(i);
    if (e.width > 0) { left = Math.min(left, e.x); right = Math.max(right, e.x + e.width); }
  }
  out.push({id: g.id, svg: getComputedStyle(t).direction, html, text,
            box: [r.x.baseVal.value, r.y.baseVal.value, r.width.baseVal.value, r.height.baseVal.value],
            extent: right > left ? [left, right] : null});
}
if (probeHost) probeHost.remove();
return out;
"""


def labels_in_chromium(suite, ctx, folder):
    """Labels of random text: each runs in the direction Chromium's own dir=auto gives the
    same text, and its text sits at the side its `align` names."""
    seed = int(os.environ.get("TDL_RTL_SEED", "20261125"))
    rng = random.Random(seed)
    print(f"    right-to-left labels: seed {seed} (TDL_RTL_SEED)", flush=True)
    aligns = ["start", "end", "left", "right", "center"]
    for lang, set_rtl in (("he", True), ("en", False)):
        texts, lines = [], ["format 1", f"annotations labels \"Labels\" {{", "  image: \"shot.png\"",
                                "  size: 1400 x 2000", f"  lang: \"{lang}\""]
        for i in range(100):
            text = "".join(rng.choice(PIECES) + rng.choice(["", " ", " "]) for _ in range(rng.randint(1, 4))).strip()
            texts.append((text, aligns[i % len(aligns)]))
            x, y = 20 + (i % 4) * 340, 20 + (i // 4) * 64
            lines.append(f"  label l{i} {{ text: {tdl_quote(text)}; at: {x}, {y}; size: 320 x 48; font-size: 16; "
                         f"background: #FFFFFF; align: {aligns[i % len(aligns)]} }}")
        lines.append("}")
        path = os.path.join(folder, f"labels-{lang}.tdl")
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        chromium = {}  # label id -> the direction Chromium's dir=auto gives its text (from the HTML page)
        for fmt in ("html", "svg"):  # html first: only an HTML document can hold the dir=auto probes
            out = os.path.join(folder, f"labels-{lang}.{fmt}")
            r = ctx["run"]([ctx["bin"], "export", "--to", fmt, "-o", out, path])
            if not suite.check(f"rtl labels {lang} ({fmt}): export", r.returncode == 0, r.stderr[-800:]):
                continue
            ctx["driver"].get("file://" + out)
            got = ctx["driver"].execute_script(LABELS_JS, "rtl" if set_rtl else "ltr")
            for g in got:
                if g["html"] is None:
                    g["html"] = chromium.get(g["id"])
                chromium[g["id"]] = g["html"]
            suite.check(f"rtl labels {lang} ({fmt}): every label drawn", len(got) == len(texts), f"{len(got)} of {len(texts)}")
            wrong_direction, wrong_side = [], []
            for g in got:
                i = int(g["id"].split("-", 1)[1][1:])  # `labels-l7`: the set's name, then the label's
                text, align = texts[i]
                if g["svg"] != g["html"]:
                    wrong_direction.append(f"{text!r}: svg {g['svg']}, dir=auto {g['html']}")
                want = side(align, set_rtl, "start")
                x, _, w, _ = g["box"]
                pad = 16 * 0.25
                if g["extent"] is None:
                    continue  # nothing with an advance (marks alone)
                left, right = g["extent"]
                off = {"left": left - (x + pad), "right": right - (x + w - pad),
                       "center": (left + right) / 2 - (x + w / 2)}[want]
                if abs(off) > 1.5:
                    wrong_side.append(f"{text!r} align {align}: {want} side off by {off:.1f}px")
            suite.check(f"rtl labels {lang} ({fmt}): each label runs in the direction Chromium's dir=auto gives its text",
                        not wrong_direction, "; ".join(wrong_direction[:6]))
            suite.check(f"rtl labels {lang} ({fmt}): each label's text sits at the side its align names",
                        not wrong_side, "; ".join(wrong_side[:6]))
            ctx["driver"].save_screenshot(os.path.join(ctx["shots"], f"rtl--labels-{lang}.{fmt}.png"))
