#!/usr/bin/env python3
"""Whether a preview page's relative image loads in a real browser.

usage: preview_check.py PAGE.html

The editors' end-to-end tests call this on the page their preview command wrote (to a
temporary folder) for a document whose `image hero` shows `assets/hero.png`, a solid
magenta picture beside the document. Headless Chromium takes a screenshot of the page, and
of a copy without its `<base href>` as a control (there the image must not load, or the
check would prove nothing). Prints `ok: N magenta pixels with the base, 0 without` and
exits 0, or prints what went wrong and exits 1. Standard library only: the screenshot is
decoded here (8-bit RGB or RGBA PNG, as Chromium writes them).
"""
import os
import re
import struct
import subprocess
import sys
import tempfile
import zlib


def screenshot(page, out):
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--window-size=375,700", f"--screenshot={out}", "file://" + page],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)


def pixels(png):
    """(width, height, rows of bytes, bytes per pixel) of a non-interlaced 8-bit RGB(A) PNG."""
    with open(png, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, f"unexpected PNG format {header}"
    bpp = 3 if colour == 2 else 4
    raw, stride, rows, previous = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = previous[x], previous[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + b) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        rows.append(line)
        previous = line
    return width, height, rows, bpp


def magenta(png):
    width, _, rows, bpp = pixels(png)
    return sum(1 for row in rows for x in range(width)
               if row[x * bpp] > 230 and row[x * bpp + 1] < 30 and row[x * bpp + 2] > 230)


def main():
    page = os.path.abspath(sys.argv[1])
    html = open(page, encoding="utf-8").read()
    if not re.search(r'<base href="file:///[^"]*/">', html):
        print(f"FAIL: no file: base in {page}")
        return 1
    with tempfile.TemporaryDirectory() as work:
        with_base, without_base = os.path.join(work, "with.png"), os.path.join(work, "without.png")
        screenshot(page, with_base)
        control = os.path.join(work, "control.html")
        with open(control, "w", encoding="utf-8") as f:
            f.write(re.sub(r'<base href="[^"]*">\n?', "", html))
        screenshot(control, without_base)
        found, missing = magenta(with_base), magenta(without_base)
    if found < 1000 or missing != 0:
        print(f"FAIL: {found} magenta pixels with the base (want over 1000), {missing} without (want 0)")
        return 1
    print(f"ok: {found} magenta pixels with the base, {missing} without")
    return 0


if __name__ == "__main__":
    sys.exit(main())
