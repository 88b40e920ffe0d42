"""The standalone SVG in Chromium, run by test_browser.py.

1. Shown through `<img src="review.svg">`, where an SVG may load nothing (that is the
   point of embedding): the screenshot's pixels are there, compared with the PNG itself,
   while the same SVG exported with --no-embed shows only the marks (the control that
   proves the comparison can fail).
2. Two overlays inlined in one HTML page (two sets, and one set under two names): every
   id is unique in the page and every marker, filter, clip and `<use>` reference resolves
   inside its own `<svg>`; axe-core finds no violation on that page, nor on the exported
   figure page.
"""

import os
import shutil

import page_semantics

PIXELS_JS = """
const cb = arguments[arguments.length - 1];
const [W, H, n] = [arguments[0], arguments[1], arguments[2]];
function loaded(img) {
  return img.complete ? Promise.resolve() : new Promise(r => { img.onload = r; img.onerror = r; });
}
const shown = document.getElementById('shown'), reference = document.getElementById('reference');
Promise.all([loaded(shown), loaded(reference)]).then(() => {
  try {
    function pixels(img) {
      const c = document.createElement('canvas'); c.width = W; c.height = H;
      const g = c.getContext('2d');
      g.drawImage(img, 0, 0, W, H);
      return g.getImageData(0, 0, W, H).data;
    }
    const a = pixels(shown), b = pixels(reference);
    // A grid of n x n points; a point matches when every channel is within 10.
    let same = 0, transparent = 0;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
      const x = Math.floor((i + 0.5) * W / n), y = Math.floor((j + 0.5) * H / n), k = 4 * (y * W + x);
      if (a[k + 3] === 0) transparent++;
      if ([0, 1, 2, 3].every(d => Math.abs(a[k + d] - b[k + d]) <= 10)) same++;
    }
    cb({same, transparent, total: n * n, natural: [shown.naturalWidth, shown.naturalHeight]});
  } catch (e) { cb({error: String(e)}); }
});
"""

REFERENCES_JS = """
const out = {duplicates: [], unresolved: [], resolved: 0, svgs: document.querySelectorAll('svg').length};
const seen = {};
for (const el of document.querySelectorAll('[id]')) {
  if (seen[el.id]) out.duplicates.push(el.id);
  seen[el.id] = true;
}
for (const el of document.querySelectorAll('svg *')) {
  for (const attr of el.getAttributeNames()) {
    const v = el.getAttribute(attr);
    const m = /^url\\(#(.+)\\)$/.exec(v) || (attr === 'href' && /^#(.+)$/.exec(v));
    const ids = m ? [m[1]] : [];
    if (attr === 'aria-labelledby' || attr === 'aria-describedby') ids.push(...v.split(' '));
    for (const id of ids) {
      const target = document.getElementById(id);
      if (target && target.closest('svg') === el.closest('svg')) out.resolved++;
      else out.unresolved.push(el.tagName + ' ' + attr + '=' + v);
    }
  }
}
for (const svg of document.querySelectorAll('svg')) {
  for (const attr of ['aria-labelledby', 'aria-describedby']) {
    const target = document.getElementById(svg.getAttribute(attr));
    if (target && target.closest('svg') === svg) out.resolved++;
    else out.unresolved.push('svg ' + attr);
  }
}
return out;
"""


def test_standalone_svg(suite, ctx):
    run, binary, driver, server = ctx["run"], ctx["bin"], ctx["driver"], ctx["server"]
    folder = os.path.join(ctx["work"], "standalone-svg")
    os.makedirs(folder)
    example = os.path.join(ctx["examples"], "annotated-screenshot.tdl")
    svg, linked = os.path.join(folder, "review.svg"), os.path.join(folder, "linked.svg")
    r = run([binary, "export", "--to", "svg", "-o", svg, example])
    rl = run([binary, "export", "--to", "svg", "--no-embed", "-o", linked, example])
    if not suite.check("standalone SVG: export --to svg (and --no-embed) exit 0",
                       r.returncode == 0 and rl.returncode == 0 and os.path.isfile(svg),
                       f"{r.stderr[-500:]} {rl.stderr[-500:]}"):
        return
    # The screenshot, for reference, in a folder of its own: the SVG's relative link
    # (screenshots/checkout.png) leads nowhere from here.
    os.makedirs(os.path.join(folder, "reference"))
    shutil.copy(os.path.join(ctx["examples"], "screenshots", "checkout.png"), os.path.join(folder, "reference"))
    W, H = 1170, 2532
    for name, source, embedded in (("embedded", "review.svg", True), ("linked", "linked.svg", False)):
        page = os.path.join(folder, f"img-{name}.html")
        with open(page, "w", encoding="utf-8") as f:
            f.write(f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{name}</title></head>'
                    f'<body><main><h1>The review as an image</h1>'
                    f'<img id="shown" src="{source}" alt="Checkout screen review" width="{W // 4}">'
                    f'<img id="reference" src="reference/checkout.png" alt="" width="{W // 4}">'
                    f'</main></body></html>')
        # Over http, so that the canvas may read the pixels back (same origin).
        driver.get(server.url(page))
        got = driver.execute_async_script(PIXELS_JS, W, H, 24)
        if not suite.check(f"standalone SVG ({name}): pixels read back", "error" not in got, str(got)):
            continue
        share = got["same"] / got["total"]
        if embedded:
            suite.check("standalone SVG: shown through <img>, the screenshot's pixels are there "
                        f"({got['same']} of {got['total']} points match the PNG, {got['transparent']} transparent)",
                        share > 0.8 and got["transparent"] == 0, str(got))
            suite.check("standalone SVG: its natural size is the set's size", got["natural"] == [W, H], str(got))
        else:
            suite.check("standalone SVG: with --no-embed only the marks show through <img> (the control) "
                        f"({got['same']} of {got['total']} points match)",
                        share < 0.2 and got["transparent"] > got["total"] // 2, str(got))

    # Two sets, and one set twice under two names, inlined in one page.
    with open(example, encoding="utf-8") as f:
        source = f.read()
    variants = {
        "checkout-again": source.replace("annotations checkout ", "annotations checkout-again "),
        "other": source.replace("annotations checkout ", "annotations other ").replace("#D70022", "#0060DF")
                       .replace("head: filled", "head: open").replace("tail: circle", "tail: square"),
    }
    inline = [open(svg, encoding="utf-8").read()]
    # Exported from a folder that holds the screenshot where the sets name it, so it is embedded.
    variants_folder = os.path.join(folder, "variants")
    shutil.copytree(os.path.join(ctx["examples"], "screenshots"), os.path.join(variants_folder, "screenshots"))
    for name, text in variants.items():
        tdl = os.path.join(variants_folder, f"{name}.tdl")
        with open(tdl, "w", encoding="utf-8") as f:
            f.write(text)
        out = os.path.join(folder, f"{name}.svg")
        r = run([binary, "export", "--to", "svg", "--embed", "-o", out, tdl])
        if not suite.check(f"standalone SVG: {name} exported", r.returncode == 0, r.stderr[-500:]):
            return
        inline.append(open(out, encoding="utf-8").read())
    page = os.path.join(folder, "inlined.html")
    with open(page, "w", encoding="utf-8") as f:
        f.write('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Three reviews</title>'
                '<style>svg{display:block;width:300px;height:auto}</style></head><body><main>'
                '<h1>Three reviews on one page</h1>'
                + "".join(f"<figure>{s}</figure>" for s in inline) + "</main></body></html>")
    driver.get(server.url(page))
    got = driver.execute_script(REFERENCES_JS)
    suite.check("standalone SVG: three overlays inlined in one page", got["svgs"] == 3, str(got["svgs"]))
    suite.check("standalone SVG: inlined, no id repeats", not got["duplicates"], str(got["duplicates"][:8]))
    suite.check(f"standalone SVG: every reference resolves inside its own <svg> ({got['resolved']})",
                not got["unresolved"] and got["resolved"] >= 3 * 7, str(got["unresolved"][:8]))
    violations = page_semantics.run_axe(driver)
    suite.check("standalone SVG: axe-core finds nothing on the page of inlined overlays",
                not violations, page_semantics.describe_violations(violations))

    # The exported figure page (the overlay inline over the <img>).
    html = os.path.join(folder, "figure.html")
    r = run([binary, "export", "-o", html, example])
    if suite.check("standalone SVG: the figure page exported", r.returncode == 0, r.stderr[-500:]):
        driver.get(server.url(html))
        violations = page_semantics.run_axe(driver)
        suite.check("standalone SVG: axe-core finds nothing on the figure page",
                    not violations, page_semantics.describe_violations(violations))
