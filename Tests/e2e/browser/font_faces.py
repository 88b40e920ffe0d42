"""`font-face` in Chromium, run by test_browser.py: a page that declares a font file loads
it under its own Content-Security-Policy (`font-src` admits exactly the declared files),
both from a local HTTP server and opened from disk, with no policy violation logged; the
text is drawn in it (its width differs from the fallback's); and a font the page did not
declare, added to the page's style sheet afterwards, is refused by the policy.

The font is one of Debian's DejaVu TTFs (fonts-dejavu-core), copied into the temporary
folder: no font file is kept in the repository.
"""

import os
import re
import shutil

DEJAVU = "/usr/share/fonts/truetype/dejavu"
# A monospaced face: its `i`s are as wide as its `W`s, unlike those of the declared fallback
# (serif, proportional), so the text's width says which face drew it.
FONT_FILE = "DejaVuSansMono.ttf"
FAMILY = "Brand Mono Test"

DOC = f"""format 1

font-face "{FAMILY}" {{
  src: "fonts/brand-mono.ttf"
  fallback: serif
}}

font-face "Face Nobody Uses" {{
  src: "fonts/unused.ttf"
}}

template fonts {{
  size: 600 x 200
  text shipped {{
    text: "iiiiiiiiiiiiiiiiiiii"
    font: "{FAMILY}"
    at: 10, 10
  }}
  text fallback {{
    text: "iiiiiiiiiiiiiiiiiiii"
    font: "Sans Without A File"
    at: 10, 60
  }}
  text sneaky {{
    text: "iiiiiiiiiiiiiiiiiiii"
    font: "Sneaky Face"
    at: 10, 110
  }}
}}
"""

# Waits for the page's fonts, then reports each face's status and the texts' widths.
FONTS_JS = """
const cb = arguments[arguments.length - 1];
const family = arguments[0];
document.fonts.load('16px "' + family + '"').catch(() => null).then(() => document.fonts.ready).then(() => {
  const faces = Array.from(document.fonts).map(f => ({family: f.family.replace(/"/g, ''), status: f.status}));
  const width = id => document.getElementById(id).getBoundingClientRect().width;
  cb({faces, shipped: width('shipped'), fallback: width('fallback'),
      check: document.fonts.check('16px "' + family + '"'),
      policy: document.querySelector('meta[http-equiv="Content-Security-Policy"]').content});
});
"""

# Asks for the face added behind the policy's back, and reports how that went.
SNEAKY_JS = """
const cb = arguments[arguments.length - 1];
document.fonts.load('16px "Sneaky Face"').then(
  list => cb({loaded: list.length, statuses: Array.from(document.fonts).map(f => f.family + ':' + f.status)}),
  e => cb({error: String(e), statuses: Array.from(document.fonts).map(f => f.family + ':' + f.status)}));
"""


def console(driver):
    """What the page logged since the last call: (level, message). Over http, the browser
    also asks for /favicon.ico, which the test server does not have (a 404 logged)."""
    return [(e.get("level", ""), e.get("message", "")) for e in driver.get_log("browser")]


def csp_violations(logged):
    return [m for _, m in logged if "Content Security Policy" in m or "Refused to load" in m]


def test_font_faces(suite, ctx):
    driver, run = ctx["driver"], ctx["run"]
    source = os.path.join(DEJAVU, FONT_FILE)
    if not suite.check("font-face: a DejaVu TTF to ship (fonts-dejavu-core)", os.path.exists(source), source):
        return
    folder = os.path.join(ctx["work"], "font-faces")
    os.makedirs(os.path.join(folder, "fonts"))
    shutil.copyfile(source, os.path.join(folder, "fonts", "brand-mono.ttf"))
    doc = os.path.join(folder, "fonts.tdl")
    with open(doc, "w", encoding="utf-8") as f:
        f.write(DOC)
    page = os.path.join(folder, "fonts.html")
    r = run([ctx["bin"], "export", "-o", page, doc])
    if not suite.check("font-face: export", r.returncode == 0, r.stderr[-800:]):
        return
    with open(page, encoding="utf-8") as f:
        html = f.read()
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html).group(1)
    suite.check("font-face: the policy admits the page's own files and nothing else",
                "font-src 'self';" in policy and policy.count("font-src") == 1, policy)
    suite.check("font-face: one @font-face, for the family an element uses",
                html.count("@font-face") == 1 and f'font-family:"{FAMILY}";src:url("fonts/brand-mono.ttf") format("truetype")' in html,
                "\n".join(line for line in html.splitlines() if "font" in line)[:800])
    suite.check("font-face: the declared fallback follows the family",
                f'font-family:"{FAMILY}",serif' in html, "")

    server = ctx["server"]
    for label, url in (("over http", server.url(page)), ("from disk", "file://" + page)):
        console(driver)  # what earlier pages logged is not this page's
        driver.set_window_size(800, 400)
        driver.get(url)
        got = driver.execute_async_script(FONTS_JS, FAMILY)
        statuses = {face["family"]: face["status"] for face in got["faces"]}
        suite.check(f"font-face {label}: the file loads under the page's policy",
                    statuses.get(FAMILY) == "loaded" and got["check"], str(got["faces"]))
        suite.check(f"font-face {label}: the text is drawn in it (monospaced i's are wider than the fallback's)",
                    got["shipped"] > got["fallback"] * 1.3, f"{got['shipped']:.1f} vs {got['fallback']:.1f}")
        logged = console(driver)
        suite.check(f"font-face {label}: no policy violation or error logged",
                    not csp_violations(logged)
                    and not [m for level, m in logged if level == "SEVERE" and "/favicon.ico" not in m],
                    "\n".join(m for _, m in logged[:5]))
        driver.save_screenshot(os.path.join(ctx["shots"], f"font-faces--{label.replace(' ', '-')}.png"))

    # A face the document did not declare, added to the page's style sheet: another origin
    # (the same server named `localhost` rather than 127.0.0.1), and another https file.
    # The policy must refuse both, before any request.
    port = server.httpd.server_address[1]
    for label, sneaky_url in (("another origin", f"http://localhost:{port}/font-faces/fonts/brand-mono.ttf"),
                              ("an https file", "https://fonts.example.com/sneaky.woff2")):
        sneaky = html.replace("<style>\n", "<style>\n@font-face{font-family:\"Sneaky Face\";src:url(\"" + sneaky_url + "\")}\n", 1)
        sneaky_page = os.path.join(folder, f"sneaky-{label.replace(' ', '-')}.html")
        with open(sneaky_page, "w", encoding="utf-8") as f:
            f.write(sneaky)
        console(driver)
        driver.get(server.url(sneaky_page))
        got = driver.execute_async_script(SNEAKY_JS)
        logged = console(driver)
        refused = [m for m in csp_violations(logged) if "font" in m]
        suite.check(f"font-face: an undeclared font from {label} is refused by the policy",
                    got.get("loaded", 0) == 0 and refused and "Sneaky Face:loaded" not in got["statuses"],
                    f"{got}; console: {logged[:3]}")
