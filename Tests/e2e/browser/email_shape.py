"""The email shape of templates (`template-fmt export --to email`) in Chromium, run by
test_browser.py: the bundled newsletter and generated templates (seeded), each loaded as
exported and again as Gmail leaves it (every <style> element removed, every `position` and
var() declaration stripped from inline styles). Stripped, every element is still shown (a
box of non-zero size), in order top to bottom, and the email fits 600 px; as exported,
each element sits within a few px of its designed box. A screenshot of the newsletter's
email goes to the screenshots folder (email-newsletter.png, the one in docs/images).
"""

import json
import os
import random
import struct
import zlib

# What Gmail does to an email's styles (roughly): <style> elements removed, and inline
# declarations of `position` and any using var() dropped.
GMAIL_JS = """
let stripped = document.querySelectorAll('style').length;
document.querySelectorAll('style').forEach(s => s.remove());
for (const el of document.querySelectorAll('[style]')) {
  const all = el.getAttribute('style').split(';');
  const kept = all.filter(d => !/^\\s*position\\s*:/i.test(d) && !/var\\(/i.test(d));
  stripped += all.length - kept.length;
  el.setAttribute('style', kept.join(';'));
}
return stripped;
"""

BOXES_JS = """
const canvas = document.querySelector('table[align="center"]');
if (!canvas) return null;
const c = canvas.getBoundingClientRect();
const out = {canvas: [c.left, c.top, c.width, c.height], elements: {},
             scrollWidth: document.documentElement.scrollWidth, innerWidth: innerWidth,
             styles: document.querySelectorAll('style').length};
for (const id of arguments[0]) {
  const found = Array.from(document.querySelectorAll('[id]')).filter(e => e.id === id);
  if (found.length === 0) { out.elements[id] = null; continue; }
  const r = found[0].getBoundingClientRect();
  out.elements[id] = {count: found.length, box: [r.left - c.left, r.top - c.top, r.width, r.height]};
}
return out;
"""

WIDTH = 600
# How far an element may sit from its designed box, in px.
TOLERANCE = 2


def png(width, height, rgb=(120, 160, 200)):
    raw = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def generated_template(seed, width):
    """A template email can show: the canvas (and each group's content box) cut at random
    into rows and columns, one element per part with margins, so no two boxes overlap
    (as EmailDocuments.swift generates them for the unit tests)."""
    r = random.Random(seed)
    out = ["format 1", "", 'template mail "Mail" {', f"  size: {width} x 420", "  background: #F4F4F4",
           '  lang: "en"', '  description: "A generated email."']
    counter = [0]

    def part(x, y, w, h, depth, indent):
        if depth < 4 and (w >= 80 or h >= 60) and r.random() > 0.2:
            if w >= 80 and (h < 60 or r.random() < 0.5):
                cut = 30 + r.randrange(w - 59)
                pieces = [(x, y, cut, h), (x + cut, y, w - cut, h)]
            else:
                cut = 25 + r.randrange(h - 49)
                pieces = [(x, y, w, cut), (x, y + cut, w, h - cut)]
            for p in pieces:
                if r.random() > 0.12:
                    part(*p, depth + 1, indent)
            return
        left, top = r.randrange(min(12, w // 4) + 1), r.randrange(min(12, h // 4) + 1)
        ew = max(1, w - left - r.randrange(min(12, w // 4) + 1))
        eh = max(1, h - top - r.randrange(min(12, h // 4) + 1))
        counter[0] += 1
        name = f"e{counter[0]}"
        place = [f"{indent}  at: {x + left}, {y + top}", f"{indent}  size: {ew} x {eh}"]
        kinds = ["text", "image", "button", "divider"] + (["group"] if ew >= 60 and eh >= 50 else [])
        kind = r.choice(kinds)
        out.append(f"{indent}{kind} {name} {{")
        if kind == "text":
            out.extend([f'{indent}  text: "T {name}"', f"{indent}  font-size: {8 + r.randrange(5)}"])
        elif kind == "image":
            out.extend([f'{indent}  src: "assets/{name}.png"', f'{indent}  alt: "Picture {name}"'])
        elif kind == "button":
            out.extend([f'{indent}  label: "B {name}"', f'{indent}  action: "https://example.com/{name}"',
                    f"{indent}  font-size: 9", f"{indent}  background: #1A7F37", f"{indent}  color: white"])
        elif kind == "divider":
            out.extend([f"{indent}  thickness: {1 + r.randrange(3)}", f"{indent}  color: #333333"])
        out.extend(place)
        if kind == "group":
            padding, border = r.randrange(3) * 4, r.randrange(2) * 2
            inset = padding + border
            out.extend([f"{indent}  padding: {padding}", f"{indent}  border-width: {border}", f"{indent}  background: #FFFFFF"])
            if ew - 2 * inset >= 20 and eh - 2 * inset >= 20:
                part(0, 0, ew - 2 * inset, eh - 2 * inset, depth + 1, indent + "  ")
        out.append(f"{indent}}}")

    part(0, 0, width, 420, 0, "  ")
    out.append("}")
    return "\n".join(out) + "\n"


def designed_boxes(children, out):
    """id -> [x, y, w, h] on the canvas, every element of the model, depth first."""
    for c in children:
        b = c["box"]
        out[c["id"]] = [b["x"], b["y"], b["width"], b["height"]]
        designed_boxes(c.get("children", []), out)
    return out


def set_viewport_width(driver, width, height):
    driver.set_window_size(width, height)
    inner = driver.execute_script("return [innerWidth, innerHeight]")
    if inner[0] != width or inner[1] < height:
        driver.set_window_size(width + (width - inner[0]), height + max(0, height - inner[1]))


def check_email(suite, ctx, label, src, shot=None):
    run, d = ctx["run"], os.path.dirname(src)
    out = src[:-4] + ".email.html"
    r = run([ctx["bin"], "export", "--to", "email", "-o", out, src])
    rj = run([ctx["bin"], "export", "--to", "json", src])
    if not suite.check(f"{label}: export --to email exits 0", r.returncode == 0 and rj.returncode == 0,
                       r.stderr[-800:] + rj.stderr[-800:]):
        return
    with open(out, encoding="utf-8") as f:
        text = f.read()
    for word in ["position", "var(", "calc(", "display:flex", "display:grid", "<style"]:
        suite.check(f"{label}: the email holds no `{word}`", word not in text)
    item = json.loads(rj.stdout)["items"][0]
    design = designed_boxes(item["children"], {})
    height = item["properties"]["size"]["height"]
    driver = ctx["driver"]
    set_viewport_width(driver, WIDTH, int(height))

    # As exported: each element within a few px of its designed box.
    driver.get("file://" + os.path.abspath(out))
    got = driver.execute_script(BOXES_JS, list(design))
    if not suite.check(f"{label}: the canvas table is found", got is not None):
        return
    off = []
    for eid, want in design.items():
        el = got["elements"].get(eid)
        if el is None or el["count"] != 1 or any(abs(a - b) > TOLERANCE for a, b in zip(want, el["box"])):
            off.append(f"#{eid} designed {want}, got {el and [round(v, 1) for v in el['box']]}")
    suite.check(f"{label}: as exported, all {len(design)} elements within {TOLERANCE}px of their designed boxes",
                not off, "; ".join(off[:6]))
    if shot:
        driver.save_screenshot(os.path.join(ctx["shots"], shot))

    # As Gmail leaves it.
    driver.get("file://" + os.path.abspath(out))
    driver.execute_script(GMAIL_JS)
    got = driver.execute_script(BOXES_JS, list(design))
    missing = [eid for eid, el in got["elements"].items()
               if el is None or el["count"] != 1 or el["box"][2] <= 0 or el["box"][3] <= 0]
    suite.check(f"{label}: stripped as Gmail does, all {len(design)} elements shown once with a box",
                not missing, f"missing or empty: {missing[:10]}")
    disorder = []
    for a, pa in design.items():
        for b, pb in design.items():
            ga, gb = got["elements"].get(a), got["elements"].get(b)
            if a == b or not ga or not gb:
                continue
            if pa[1] + pa[3] <= pb[1] and not ga["box"][1] < gb["box"][1] + 0.5:
                disorder.append(f"#{a} above #{b} by design, drawn at y {ga['box'][1]:.1f} and {gb['box'][1]:.1f}")
    suite.check(f"{label}: stripped, elements stay in order top to bottom", not disorder, "; ".join(disorder[:5]))
    suite.check(f"{label}: stripped, the email fits {WIDTH}px (scrollWidth {got['scrollWidth']})",
                got["scrollWidth"] <= WIDTH + TOLERANCE and got["canvas"][2] <= WIDTH + TOLERANCE,
                f"scrollWidth {got['scrollWidth']}, canvas {got['canvas']}")


def test_email_shape(suite, ctx):
    d = os.path.join(ctx["work"], "email")
    os.makedirs(os.path.join(d, "assets"))
    newsletter = os.path.join(d, "newsletter-header.tdl")
    with open(os.path.join(ctx["examples"], "newsletter-header.tdl"), encoding="utf-8") as f:
        source = f.read()
    with open(newsletter, "w", encoding="utf-8") as f:
        f.write(source)
    check_email(suite, ctx, "newsletter email", newsletter, shot="email-newsletter.png")

    # The control: the web page of the same template, stripped the same way, loses its
    # layout (so the stripping is what Gmail's does to such pages, and the checks can fail).
    page = newsletter[:-4] + ".html"
    r = ctx["run"]([ctx["bin"], "export", "-o", page, newsletter])
    rj = ctx["run"]([ctx["bin"], "export", "--to", "json", newsletter])
    if suite.check("control: the newsletter's web page exports", r.returncode == 0 and rj.returncode == 0, r.stderr[-600:]):
        design = designed_boxes(json.loads(rj.stdout)["items"][0]["children"], {})
        driver = ctx["driver"]
        driver.get("file://" + os.path.abspath(page))
        stripped = driver.execute_script(GMAIL_JS)
        canvas = driver.execute_script("const c = document.querySelector('main').getBoundingClientRect(); return [c.left, c.top];")
        moved = 0
        for eid, want in design.items():
            r = driver.execute_script("const r = document.getElementById(arguments[0]).getBoundingClientRect(); return [r.left, r.top];", eid)
            if abs(r[0] - canvas[0] - want[0]) > TOLERANCE or abs(r[1] - canvas[1] - want[1]) > TOLERANCE:
                moved += 1
        suite.check("control: the web page stripped as Gmail does moves its elements off their boxes",
                    stripped > 0 and moved >= len(design) // 2, f"{stripped} style elements and declarations stripped, {moved} moved")

    seed = int(os.environ.get("TDL_TEST_SEED", "1717"))
    print(f"    generated emails from seed {seed} (TDL_TEST_SEED=N to replay)", flush=True)
    for n, width in enumerate([600, 600, 480, 600, 320, 600]):
        src = os.path.join(d, f"generated-{n}.tdl")
        text = generated_template(seed + n, width)
        with open(src, "w", encoding="utf-8") as f:
            f.write(text)
        for name in set(__import__("re").findall(r'assets/(e\d+)\.png', text)):
            with open(os.path.join(d, "assets", name + ".png"), "wb") as f:
                f.write(png(4, 4))
        check_email(suite, ctx, f"generated email {n} (seed {seed + n}, {width}px)", src)

    # An overlap is refused: exit 1, the element named, nothing written.
    over = os.path.join(d, "overlap.tdl")
    with open(over, "w", encoding="utf-8") as f:
        f.write(source.replace("at: 368, 36", "at: 100, 36"))
    target = over[:-4] + ".email.html"
    r = ctx["run"]([ctx["bin"], "export", "--to", "email", "-o", target, over])
    suite.check("an overlap is refused: exit 1, both elements named, no file",
                r.returncode == 1 and "`logo`" in r.stderr and "`issue-line`" in r.stderr
                and "overlap" in r.stderr and not os.path.exists(target), f"exit {r.returncode}: {r.stderr[-600:]}")
