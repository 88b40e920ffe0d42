"""Exported pages in the modes a reader's system may set, run by test_browser.py: forced
colours (Windows' contrast themes), a dark colour scheme, print, and keyboard focus. Every
example page of the suite (`ctx["example_pages"]`, templates only), in Chromium with the
media features emulated through the DevTools protocol.

- forced colours: every link drawn as a button keeps a visible border (its background is
  replaced by the system's), and every divider is still drawn (a border, which forced
  colours keep, or a strip exempt from them);
- dark: the page declares `color-scheme: light`, so the canvas keeps its colours;
- print: every divider is drawn by something print keeps (a border, or a background with
  `print-color-adjust: exact`);
- focus: a link reached with the keyboard shows an outline;
- less motion: with `prefers-reduced-motion: reduce`, a video that plays by itself is shown
  as its still twin, paused, with controls, in the same box.
"""

import os

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

FACTS_JS = """
const meta = document.querySelector('meta[name="color-scheme"]');
const out = {buttons: [], rules: [], scheme: meta ? meta.content : null,
             canvas: getComputedStyle(document.querySelector('.tdl-canvas')).backgroundColor};
for (const a of document.querySelectorAll('a.tdl-button')) {
  const cs = getComputedStyle(a);
  out.buttons.push({id: a.id, style: cs.borderTopStyle, width: parseFloat(cs.borderTopWidth)});
}
for (const hr of document.querySelectorAll('hr')) {
  const cs = getComputedStyle(hr);
  out.rules.push({id: hr.id, border: parseFloat(cs.borderTopWidth) > 0 && cs.borderTopStyle !== 'none',
                  image: cs.backgroundImage, adjust: cs.forcedColorAdjust, print: cs.printColorAdjust});
}
return out;
"""


MOTION_DOC = """format 1
template motion "Motion" {
  size: 400 x 300
  lang: "en"
  text title { heading: 1; text: "Motion"; at: 10, 10; size: 200 x 30 }
  video clip { src: "clip.mp4"; poster: "clip.png"; autoplay: true; muted: true; loop: true; at: 10, 50; size: 320 x 180 }
  video calm { src: "calm.mp4"; at: 10, 240; size: 100 x 50 }
}
"""

MOTION_JS = """
const out = {};
for (const id of ['clip', 'clip.still', 'calm']) {
  const v = document.getElementById(id);
  if (!v) { out[id] = null; continue; }
  const r = v.getBoundingClientRect();
  out[id] = {shown: getComputedStyle(v).display !== 'none', autoplay: v.autoplay, controls: v.controls,
             box: [r.left, r.top, r.width, r.height]};
}
return out;
"""


def emulate(driver, features, media=""):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media, "features": features})


def test_system_modes(suite, ctx):
    driver = ctx["driver"]
    pages = [(label, page) for label, page, item in ctx["example_pages"] if item["kind"] == "template"]
    suite.check("system modes: template pages to try", len(pages) > 0, "")
    seen_buttons = seen_rules = 0
    try:
        for label, page in pages:
            url = "file://" + os.path.abspath(page)
            emulate(driver, [])
            driver.get(url)
            normal = driver.execute_script(FACTS_JS)

            emulate(driver, [{"name": "forced-colors", "value": "active"}])
            driver.get(url)
            forced = driver.execute_script(FACTS_JS)
            seen_buttons += len(forced["buttons"])
            flat = [b["id"] for b in forced["buttons"] if b["style"] == "none" or b["width"] < 1]
            suite.check(f"{label}: forced colours: every link drawn as a button keeps a border", not flat, str(flat))
            gone = [r["id"] for r in forced["rules"]
                    if not r["border"] and not (r["image"] != "none" and r["adjust"] == "none")]
            suite.check(f"{label}: forced colours: every divider is still drawn", not gone, str(forced["rules"]))

            emulate(driver, [{"name": "prefers-color-scheme", "value": "dark"}])
            driver.get(url)
            dark = driver.execute_script(FACTS_JS)
            suite.check(f"{label}: dark scheme: the page declares light and keeps its canvas colour",
                        dark["scheme"] == "light" and dark["canvas"] == normal["canvas"],
                        f"{dark['scheme']} {dark['canvas']} vs {normal['canvas']}")

            emulate(driver, [], media="print")
            driver.get(url)
            printed = driver.execute_script(FACTS_JS)
            seen_rules += len(printed["rules"])
            lost = [r["id"] for r in printed["rules"] if not r["border"] and r["print"] != "exact"]
            suite.check(f"{label}: print: every divider is drawn by what print keeps", not lost, str(printed["rules"]))

            emulate(driver, [])
            driver.get(url)
            if normal["buttons"]:
                driver.find_element("tag name", "body").click()
                focus = {}
                for _ in range(12):  # past videos' controls to the first link
                    ActionChains(driver).send_keys(Keys.TAB).perform()
                    focus = driver.execute_script(
                        "const a = document.activeElement; const cs = getComputedStyle(a);"
                        "return {tag: a.tagName, visible: a.matches(':focus-visible'), style: cs.outlineStyle,"
                        " width: parseFloat(cs.outlineWidth)}")
                    if focus["tag"] == "A":
                        break
                suite.check(f"{label}: a link reached with Tab shows an outline",
                            focus["tag"] == "A" and focus["visible"] and focus["style"] != "none" and focus["width"] >= 2,
                            str(focus))
        work = os.path.join(ctx["work"], "motion")
        os.makedirs(work, exist_ok=True)
        src, page = os.path.join(work, "motion.tdl"), os.path.join(work, "motion.html")
        with open(src, "w", encoding="utf-8") as f:
            f.write(MOTION_DOC)
        r = ctx["run"]([ctx["bin"], "export", "-o", page, src])
        if suite.check("less motion: the page exports", r.returncode == 0, r.stderr[-400:]):
            ctx["valid_pages"].append(page)  # the twin is valid HTML too (Nu HTML checker)
            emulate(driver, [])
            driver.get("file://" + page)
            normal = driver.execute_script(MOTION_JS)
            emulate(driver, [{"name": "prefers-reduced-motion", "value": "reduce"}])
            driver.get("file://" + page)
            calm = driver.execute_script(MOTION_JS)
            suite.check("less motion: by default the video plays by itself and its twin is hidden",
                        normal["clip"]["shown"] and normal["clip"]["autoplay"] and not normal["clip.still"]["shown"], str(normal))
            suite.check("less motion: asked for, the twin is shown paused with controls, in the same box",
                        not calm["clip"]["shown"] and calm["clip.still"]["shown"] and not calm["clip.still"]["autoplay"]
                        and calm["clip.still"]["controls"] and calm["clip.still"]["box"] == normal["clip"]["box"], str(calm))
            suite.check("less motion: a video that does not play by itself is left as it is",
                        calm["calm"]["shown"] and normal["calm"] == calm["calm"], f"{normal['calm']} {calm['calm']}")
        suite.check("system modes: the examples have links drawn as buttons and dividers to try",
                    seen_buttons > 0 and seen_rules > 0, f"{seen_buttons} buttons, {seen_rules} dividers")
    finally:
        emulate(driver, [])
