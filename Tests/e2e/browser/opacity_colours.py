"""The colours TDL302 judges through `opacity`, against Chromium's pixels, run by
test_browser.py. The validator paints an element with opacity below 1 (a group with its
members) as a layer of its own laid over what is behind it (`OpacityLayers`); here the
same painting, written plainly, must give the colour Chromium shows, for swatches in
nested groups with random opacities and backgrounds (with alpha too).
"""

import os
import random
import struct
import zlib


def painted(canvas, layers):
    """The colour seen through `layers` (outermost first; each (opacity, background RGBA or
    None)) over the opaque `canvas` (RGB), in 0-255, rounded once."""
    def paint(c, p):
        a = c[3] / 255
        return tuple(a * c[k] + (1 - a) * p[k] for k in range(3)) + (a + (1 - a) * p[3],)

    def draw(k, backdrop):
        if k == len(layers):
            return backdrop
        o, bg = layers[k]
        if o == 1:
            return draw(k + 1, paint(bg, backdrop) if bg else backdrop)
        own = paint(bg, (0, 0, 0, 0)) if bg else (0, 0, 0, 0)
        inner = draw(k + 1, own)
        return tuple(o * inner[c] + (1 - o * inner[3]) * backdrop[c] for c in range(3)) + (o * inner[3] + (1 - o * inner[3]) * backdrop[3],)

    p = draw(0, tuple(canvas) + (1,))
    return tuple(round(v) for v in p[:3])


def png_rgb(data):
    """(width, height, pixel(x, y) -> (r, g, b)) of an 8-bit RGB or RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    k, idat, width = 8, b"", 0
    while k < len(data):
        n, kind = struct.unpack(">I4s", data[k:k + 8])
        body = data[k + 8:k + 8 + n]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), (depth, colour)
            size = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        k += 12 + n
    raw = zlib.decompress(idat)
    stride = width * size
    rows, previous, at = [], bytearray(stride), 0
    for _ in range(height):
        f, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            left = line[i - size] if i >= size else 0
            up = previous[i]
            ul = previous[i - size] if i >= size else 0
            if f == 1:
                line[i] = (line[i] + left) & 255
            elif f == 2:
                line[i] = (line[i] + up) & 255
            elif f == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif f == 4:
                pa, pb, pc = abs(up - ul), abs(left - ul), abs(left + up - 2 * ul)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else ul)) & 255
        rows.append(line)
        previous = line
    return width, height, lambda x, y: tuple(rows[y][x * size:x * size + 3])


def hex_rgba(c):
    return "#%02X%02X%02X" % c[:3] + ("" if c[3] == 255 else "%02X" % c[3])


def test_opacity_colours(suite, ctx):
    d = os.path.join(ctx["work"], "opacity")
    os.makedirs(d, exist_ok=True)
    rng = random.Random(317)
    canvas = (rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255))
    cases, blocks = [], []
    for i in range(40):
        # Groups at the same place, nested; the last is the swatch (30 x 30) sampled.
        layers = []
        for _ in range(rng.randint(1, 3)):
            o = rng.choice([1, 0.9, 0.6, 0.45, 0.3])
            bg = None if rng.random() < 0.3 else (rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255),
                                                   rng.choice([255, 255, rng.randint(60, 255)]))
            layers.append((o, bg))
        swatch = (rng.choice([1, 0.7, 0.4]), (rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255), 255))
        x, y = (i % 8) * 100, (i // 8) * 100
        text, pad = "", "  "
        for k, (o, bg) in enumerate(layers):
            at = f"{x}, {y}" if k == 0 else "0, 0"
            text += f"{pad}group g{i}x{k} {{\n{pad}  at: {at}\n{pad}  size: 90 x 90\n"
            text += (f"{pad}  opacity: {o}\n" if o != 1 else "") + (f"{pad}  background: {hex_rgba(bg)}\n" if bg else "")
            pad += "  "
        text += f"{pad}group s{i} {{\n{pad}  at: 30, 30\n{pad}  size: 30 x 30\n{pad}  background: {hex_rgba(swatch[1])}\n"
        text += (f"{pad}  opacity: {swatch[0]}\n" if swatch[0] != 1 else "") + f"{pad}}}\n"
        for _ in layers:
            pad = pad[:-2]
            text += f"{pad}}}\n"
        blocks.append(text)
        cases.append((i, layers, swatch))
    src = os.path.join(d, "opacity.tdl")
    with open(src, "w", encoding="utf-8") as f:
        f.write("format 1\n\ntemplate swatches {\n  size: 800 x 500\n  background: %s\n%s}\n" % (hex_rgba(canvas + (255,)), "".join(blocks)))
    r = ctx["run"]([ctx["bin"], "export", "-o", os.path.join(d, "swatches.html"), src])
    if not suite.check("opacity: the swatches export", r.returncode == 0, r.stderr[-500:]):
        return
    driver = ctx["driver"]
    driver.set_window_size(1000, 800)
    driver.get("file://" + os.path.join(d, "swatches.html"))
    ratio = driver.execute_script("return devicePixelRatio") or 1
    _, _, pixel = png_rgb(driver.get_screenshot_as_png())
    off = []
    for i, layers, swatch in cases:
        rect = driver.execute_script(
            "const r = document.querySelector(`[id$='-${arguments[0]}']`).getBoundingClientRect(); return [r.left, r.top]", f"s{i}")
        for name, dx, stack in [("swatch", 15, layers + [swatch]), ("behind", -20, layers)]:
            got = pixel(int((rect[0] + dx) * ratio), int((rect[1] + 15) * ratio))
            want = painted(canvas, stack)
            if max(abs(a - b) for a, b in zip(got, want)) > 2:
                off.append(f"s{i} {name}: Chromium {got}, painted {want}, layers {stack}")
    suite.check(f"opacity: {2 * len(cases)} colours seen through nested opacity are the layered painting", not off, "; ".join(off[:4]))
