#!/usr/bin/env python3
"""Draws the files the examples name, so that their exports show real pictures:

- Examples/screenshots/checkout.png: the checkout screen that annotated-screenshot.tdl marks
  up, 1170 x 2532 like its `size`, with each field where the set's marks put it (the card
  number under the blur, the coupon field under the highlight, the greyed promo button in
  the ellipse, the total in the rectangle).
- Examples/media/layout-demo.mp4, .jpg and .vtt: the product-tour clip of
  styles-and-groups.tdl, 670 x 376 (its box is 670 x 377; H.264 wants even sides): a text
  block dragged from the library onto a page, narrated; its poster (the first frame) and
  the narration's captions.

Needs Pillow (pip), ffmpeg and espeak-ng (Debian), and the DejaVu fonts (fonts-dejavu-core):

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pillow==13.0.0
    apt-get install -y ffmpeg espeak-ng
    /tmp/venv/bin/python scripts/example-assets.py

Output is small (each file tens of KB): flat colours, a palette PNG, a short low-rate clip.
"""

import os
import subprocess
import sys
import tempfile

from PIL import Image, ImageDraw, ImageFont

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Examples")
FONTS = "/usr/share/fonts/truetype/dejavu/"


def font(size, bold=False):
    return ImageFont.truetype(FONTS + ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"), size)


# ------------------------------------------------------------------------------------------
# The checkout screenshot

INK, MUTED, LINE, FIELD, BLUE, PAGE = "#1E1E1E", "#6B6B6B", "#D9D9D9", "#F4F5F7", "#0060DF", "#FFFFFF"


def field(d, box, label, value, value_color=INK):
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, radius=20, fill=FIELD, outline=LINE, width=3)
    d.text((x0 + 32, y0 - 52), label, font=font(34), fill=MUTED)
    d.text((x0 + 32, (y0 + y1) // 2), value, font=font(40), fill=value_color, anchor="lm")


def checkout():
    img = Image.new("RGB", (1170, 2532), PAGE)
    d = ImageDraw.Draw(img)
    # Status bar and navigation bar.
    d.text((90, 70), "9:41", font=font(40, True), fill=INK, anchor="lm")
    d.rounded_rectangle((1000, 52, 1080, 88), radius=10, outline=INK, width=4)
    d.rectangle((1008, 60, 1060, 80), fill=INK)
    d.text((585, 200), "Checkout", font=font(52, True), fill=INK, anchor="mm")
    d.text((60, 200), "‹ Cart", font=font(40), fill=BLUE, anchor="lm")
    d.line((0, 270, 1170, 270), fill=LINE, width=3)
    # Two items.
    for i, (name, detail, price) in enumerate([("Trail runner shoes", "Size 42 · Blue", "$64.99"),
                                               ("Sports socks, 3 pairs", "One size", "$12.99")]):
        top = 320 + i * 220
        d.rounded_rectangle((60, top, 220, top + 160), radius=24, fill=["#BFD7FF", "#FFD9B3"][i])
        d.text((260, top + 50), name, font=font(42, True), fill=INK, anchor="lm")
        d.text((260, top + 110), detail, font=font(34), fill=MUTED, anchor="lm")
        d.text((1110, top + 50), price, font=font(42), fill=INK, anchor="rm")
    d.line((60, 780, 1110, 780), fill=LINE, width=3)
    # Payment: the card number lies under the review's blur (60, 900, 700 x 80).
    d.text((60, 800), "Payment", font=font(44, True), fill=INK)
    d.rounded_rectangle((40, 880, 1130, 1000), radius=20, fill=FIELD, outline=LINE, width=3)
    d.text((90, 940), "4242 4242 4242 4242", font=font(48), fill=INK, anchor="lm")
    d.text((1090, 940), "12/28", font=font(40), fill=MUTED, anchor="rm")
    # Coupon field under the highlight (60, 1180, 600 x 100) and the promo button, greyed
    # out, in the ellipse (700, 1180, 400 x 140).
    field(d, (60, 1180, 660, 1280), "Coupon or promo code", "SPRING25")
    d.rounded_rectangle((740, 1195, 1060, 1265), radius=35, fill="#E6E6E6")
    d.text((900, 1230), "Apply", font=font(38), fill="#B3B3B3", anchor="mm")
    # Subtotal lines, then the total in the rectangle (60, 1480, 1050 x 160), set no larger
    # than the rest: the review's first finding.
    for i, (label, value) in enumerate([("Subtotal", "$77.98"), ("Shipping", "$6.99")]):
        y = 1340 + i * 60
        d.text((90, y), label, font=font(36), fill=MUTED, anchor="lm")
        d.text((640, y), value, font=font(36), fill=MUTED, anchor="rm")
    d.text((90, 1560), "Total", font=font(38, True), fill=INK, anchor="lm")
    d.text((1080, 1560), "$84.97", font=font(38), fill=INK, anchor="rm")
    # Delivery details below the gap the dotted line measures (y 1700).
    d.text((60, 1760), "Delivery", font=font(44, True), fill=INK)
    d.text((60, 1840), "Ana Example, 12 Harbour Street", font=font(36), fill=MUTED)
    d.text((60, 1895), "Arrives Thursday", font=font(36), fill=MUTED)
    d.rounded_rectangle((60, 2250, 1110, 2390), radius=30, fill=BLUE)
    d.text((585, 2320), "Place order", font=font(48, True), fill="#FFFFFF", anchor="mm")
    d.rounded_rectangle((440, 2480, 730, 2494), radius=7, fill=INK)  # home indicator
    path = os.path.join(ROOT, "screenshots", "checkout.png")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    img.quantize(colors=32, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(path, optimize=True)
    return path


# ------------------------------------------------------------------------------------------
# The product-tour clip

W, H, FPS, SECONDS = 670, 376, 12, 4  # H.264 needs even sides: one px under the box, letterboxed
CUES = [(0.0, 2.0, "Drag a text block from the library…"), (2.0, 4.0, "…and drop it at the top of the page.")]


def frame(t):
    img = Image.new("RGB", (W, H), "#F7F7FA")
    d = ImageDraw.Draw(img)
    # Library on the left, the page on the right.
    d.rectangle((0, 0, 170, H), fill="#FFFFFF")
    d.line((170, 0, 170, H), fill=LINE, width=2)
    d.text((20, 24), "Library", font=font(18, True), fill=INK)
    for i, name in enumerate(["Text", "Image", "Button", "Video"]):
        y = 64 + i * 56
        d.rounded_rectangle((20, y, 150, y + 40), radius=8, fill=FIELD, outline=LINE, width=2)
        d.text((36, y + 20), name, font=font(16), fill=INK, anchor="lm")
    page = (250, 30, 590, 350)
    d.rounded_rectangle(page, radius=10, fill="#FFFFFF", outline=LINE, width=2)
    for i in range(4):  # placeholder lines of the page
        y = 170 + i * 36
        d.rounded_rectangle((280, y, 560 - (i % 2) * 80, y + 14), radius=7, fill="#E9EBEF")
    # The dragged block: from the library's Text item to the top of the page.
    p = min(max((t - 0.4) / 2.2, 0), 1)
    p = p * p * (3 - 2 * p)  # ease in and out
    x0, y0 = 20 + p * (280 - 20), 64 + p * (60 - 64)
    w = 130 + p * (280 - 130)
    dropped = t >= 2.6
    d.rounded_rectangle((x0, y0, x0 + w, y0 + 64), radius=8,
                        fill="#DCE8FF" if not dropped else "#FFFFFF", outline=BLUE, width=3)
    d.text((x0 + 16, y0 + 32), "Heading text", font=font(20, True), fill=INK, anchor="lm")
    if not dropped:  # the pointer holding it
        cx, cy = x0 + w - 24, y0 + 48
        d.polygon([(cx, cy), (cx, cy + 26), (cx + 7, cy + 19), (cx + 13, cy + 31), (cx + 17, cy + 29),
                   (cx + 11, cy + 17), (cx + 20, cy + 17)], fill=INK, outline="#FFFFFF")
    return img


def clip():
    media = os.path.join(ROOT, "media")
    os.makedirs(media, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(FPS * SECONDS):
            frame(n / FPS).save(os.path.join(tmp, f"f{n:03d}.png"))
        frame(0).save(os.path.join(media, "layout-demo.jpg"), quality=70, optimize=True)
        # The narration: each cue spoken from its start time.
        parts = []
        for i, (start, _, text) in enumerate(CUES):
            wav = os.path.join(tmp, f"cue{i}.wav")
            subprocess.run(["espeak-ng", "-v", "en-us", "-s", "150", "-w", wav, text.strip("…")], check=True)
            parts.append((start, wav))
        inputs = []
        for _, wav in parts:
            inputs += ["-i", wav]
        delays = ";".join(f"[{i + 1}:a]adelay={int(start * 1000)}:all=1[a{i}]" for i, (start, _) in enumerate(parts))
        mix = "".join(f"[a{i}]" for i in range(len(parts))) + f"amix=inputs={len(parts)}:normalize=0,apad,atrim=0:{SECONDS}[a]"
        subprocess.run(["ffmpeg", "-y", "-loglevel", "error", "-framerate", str(FPS), "-i", os.path.join(tmp, "f%03d.png")]
                       + inputs + ["-filter_complex", delays + ";" + mix, "-map", "0:v", "-map", "[a]",
                                   "-c:v", "libx264", "-profile:v", "baseline", "-pix_fmt", "yuv420p", "-crf", "34",
                                   "-preset", "veryslow", "-c:a", "aac", "-b:a", "24k", "-ac", "1", "-ar", "22050",
                                   "-movflags", "+faststart", "-t", str(SECONDS),
                                   os.path.join(media, "layout-demo.mp4")], check=True)
    with open(os.path.join(media, "layout-demo.vtt"), "w", encoding="utf-8") as f:
        f.write("WEBVTT\n")
        for start, end, text in CUES:
            f.write(f"\n00:{start:06.3f} --> 00:{end:06.3f}\n{text}\n")
    return [os.path.join(media, n) for n in ("layout-demo.mp4", "layout-demo.jpg", "layout-demo.vtt")]


def main():
    for path in [checkout()] + clip():
        print(f"{os.path.relpath(path, os.path.dirname(ROOT))}: {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    sys.exit(main())
