"""Text that follows the reader, run by test_browser.py: every example page and generated
templates (columns of texts, images and buttons with heights sized to their text, seeded),
in one Chromium with the default font size of 16 px and one with 32 px, the reader's
setting doubled.

- every text (paragraphs, headings, links and labels drawn as buttons) is at least 1.5x
  as large with 32 px as with 16 px, in a wide window and on a phone-sized one;
- nothing overlaps that did not overlap at 16 px: any two elements (neither holding the
  other) whose boxes do not meet at 16 px do not meet at 32 px; the boxes that hold text
  grow, and what is below them moves down (`LineGrid`);
- no text runs out of its box (its content fits the box's grown height).
"""

import os
import random

TEXT_SELECTOR = "main p, main h1, main h2, main h3, main h4, main h5, main h6, main a"

FACTS_JS = """
const out = {};
for (const e of document.querySelectorAll('main [id]')) {
  const r = e.getBoundingClientRect(), cs = getComputedStyle(e);
  out[e.id] = {box: [r.left, r.top, r.right, r.bottom], font: parseFloat(cs.fontSize),
               text: e.matches(arguments[0]), parent: e.parentElement.closest('[id]') ? e.parentElement.closest('[id]').id : null,
               clamped: cs.webkitLineClamp !== 'none' && cs.webkitLineClamp !== '',
               overflow: e.scrollHeight - e.clientHeight, shown: cs.display !== 'none'};
}
return out;
"""

WORDS = ("reader", "layout", "canvas", "export", "growth", "text", "box", "column", "design", "zoom", "page",
         "fragment", "minimum", "font", "size", "moves", "down", "below", "rows", "grid")


def growth_doc(seed):
    """Two or three columns of stacked texts, images and buttons; each text's height leaves
    room for its lines at 16 px (an estimate of 0.6 em a character, 1.3 lines)."""
    r = random.Random(seed)
    width = r.choice([360, 600, 800])
    columns = r.choice([2, 3])
    col_w = (width - 16 * (columns + 1)) // columns
    out, y_max = [], 0
    for c in range(columns):
        x, y = 16 + c * (col_w + 16), 16
        for i in range(r.randrange(2, 6)):
            kind = r.choice(["text", "text", "image", "button"])
            name = f"c{c}-e{i}"
            if kind == "text":
                size = r.choice([12, 14, 16, 20])
                words = " ".join(r.choice(WORDS) for _ in range(r.randrange(2, 16)))
                per_line = max(1, int(col_w / (0.6 * size)))
                lines = max(1, -(-len(words) // per_line))
                h = int(lines * size * 1.3) + 6
                heading = "    heading: 2\n" if i == 0 and c == 0 else ""
                out.append(f'  text {name} {{\n    text: "{words}"\n    font-size: {size}\n{heading}'
                           f"    at: {x}, {y}\n    size: {col_w} x {h}\n  }}")
            elif kind == "image":
                h = r.randrange(40, 120)
                out.append(f'  image {name} {{\n    src: "https://example.com/{name}.png"\n    alt: "Picture {name}"\n'
                           f"    at: {x}, {y}\n    size: {col_w} x {h}\n  }}")
            else:
                h = 36
                out.append(f'  button {name} {{\n    label: "Go {i}"\n    action: "https://example.com/{name}"\n'
                           f"    background: #1F4E79\n    color: white\n    at: {x}, {y}\n    size: {min(col_w, 120)} x {h}\n  }}")
            y += h + r.randrange(4, 24)
        y_max = max(y_max, y)
    head = (f'format 1\n\ntemplate grow{seed} "Growth {seed}" {{\n  size: {width} x {y_max + 16}\n  lang: "en"\n'
            f'  text title {{\n    heading: 1\n    text: "Growth"\n    font-size: 10\n    at: 0, 0\n    size: 60 x 14\n  }}\n')
    return head + "\n".join(out) + "\n}\n"


def intersects(a, b, tolerance=0.5):
    return (min(a[2], b[2]) - max(a[0], b[0]) > tolerance) and (min(a[3], b[3]) - max(a[1], b[1]) > tolerance)


def related(facts, a, b):
    """Whether one of the two elements holds the other."""
    for x, y in ((a, b), (b, a)):
        p = facts[x]["parent"]
        while p is not None:
            if p == y:
                return True
            p = facts.get(p, {}).get("parent")
    return False


def compare(suite, label, small, large):
    texts = [i for i, f in small.items() if f["text"] and f["shown"] and i in large]
    weak = [f"{i}: {small[i]['font']} -> {large[i]['font']}" for i in texts
            if large[i]["font"] < 1.5 * small[i]["font"] - 0.01]
    suite.check(f"{label}: every text is at least 1.5x as large ({len(texts)} texts)", texts and not weak, "; ".join(weak[:5]))
    ids = [i for i in small if small[i]["shown"] and i in large]
    met = []
    for n, a in enumerate(ids):
        for b in ids[n + 1:]:
            if related(small, a, b) or intersects(small[a]["box"], small[b]["box"]):
                continue
            if intersects(large[a]["box"], large[b]["box"]):
                met.append(f"{a} x {b}: {[round(v) for v in large[a]['box']]} {[round(v) for v in large[b]['box']]}")
    suite.check(f"{label}: nothing overlaps that did not at 16 px", not met, "; ".join(met[:4]))
    spill = [f"{i} by {large[i]['overflow']}px" for i in texts if large[i]["overflow"] > 1 and not large[i]["clamped"]]
    suite.check(f"{label}: no text runs out of its box", not spill, "; ".join(spill[:5]))


def test_text_growth(suite, ctx):
    work = os.path.join(ctx["work"], "growth")
    os.makedirs(work, exist_ok=True)
    seed = int(os.environ.get("TDL_GROWTH_SEED", "0")) or 4242
    print(f"    growth seed {seed} (TDL_GROWTH_SEED reruns it)", flush=True)
    pages = [(label, page) for label, page, item in ctx["example_pages"] if item["kind"] == "template"]
    for k in range(12):
        src = os.path.join(work, f"grow{seed + k}.tdl")
        with open(src, "w", encoding="utf-8") as f:
            f.write(growth_doc(seed + k))
        out = os.path.join(work, f"grow{seed + k}.html")
        r = ctx["run"]([ctx["bin"], "export", "-o", out, src])
        if suite.check(f"growth doc {seed + k}: exported", r.returncode == 0, r.stderr[-400:]):
            pages.append((f"growth doc {seed + k}", out))
    suite.check("text growth: pages to try", len(pages) >= 12, str(len(pages)))
    normal = ctx["driver"]
    large = ctx["start_driver"](default_font_size=32)
    ctx["extra_drivers"].append(large)
    try:
        for width in (1400, 360):
            for driver in (normal, large):
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                       {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
            for label, page in pages:
                url = "file://" + os.path.abspath(page)
                normal.get(url)
                small_facts = normal.execute_script(FACTS_JS, TEXT_SELECTOR)
                large.get(url)
                large_facts = large.execute_script(FACTS_JS, TEXT_SELECTOR)
                compare(suite, f"{label} at {width} px", small_facts, large_facts)
                if label.startswith("onboarding") and width == 360:
                    large.save_screenshot(os.path.join(ctx["shots"], "growth-onboarding-32px.png"))
    finally:
        for driver in (normal, large):
            driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
