#!/usr/bin/env python3
"""Writes Sources/HTMLGen/DirectionTables.swift: which languages and scripts run right to
left, and which characters have a strong direction, for TextDirection.swift.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install babel==2.18.0
    /tmp/venv/bin/python scripts/direction-tables.py > Sources/HTMLGen/DirectionTables.swift

Sources:
- Languages: CLDR's likely subtags (shipped in Babel): a language runs right to left when
  its likely script does; the deprecated codes that CLDR maps onto one of them too; and the
  language-region pairs whose likely script runs the other way from the language's own
  (`pa` is Gurmukhi, `pa-PK` Arabic).
- Scripts: the ISO 15924 codes whose letters have the Unicode bidi class R or AL, plus
  the variants of those scripts that have a code but no characters (Aran, Syre, Syrj, Syrn,
  Phlv) and Garay (Unicode 16, newer than this Python's data).
- Characters: Python's unicodedata bidi classes L, R and AL; an unassigned code point takes
  the default of DerivedBidiClass.txt (R or AL in the blocks set aside for right-to-left
  scripts, L elsewhere, none for noncharacters, default-ignorables and currency symbols), so
  letters of scripts newer than the data still get their direction.
"""

import sys
import unicodedata

from babel.core import get_global
import babel

RTL_SCRIPTS_EXTRA = {"Aran", "Syre", "Syrj", "Syrn", "Phlv", "Gara"}

# DerivedBidiClass.txt, header: unassigned code points that default to AL or R.
DEFAULT_RTL = [
    (0x0590, 0x05FF), (0x0600, 0x07BF), (0x07C0, 0x085F), (0x0860, 0x08FF),
    (0xFB1D, 0xFB4F), (0xFB50, 0xFDCF), (0xFDF0, 0xFDFF), (0xFE70, 0xFEFF),
    (0x10800, 0x10CFF), (0x10D00, 0x10D3F), (0x10D40, 0x10EBF), (0x10EC0, 0x10EFF),
    (0x10F00, 0x10F2F), (0x10F30, 0x10F6F), (0x10F70, 0x10FFF),
    (0x1E800, 0x1EC6F), (0x1EC70, 0x1ECBF), (0x1ECC0, 0x1ECFF), (0x1ED00, 0x1ED4F),
    (0x1ED50, 0x1EDFF), (0x1EE00, 0x1EEFF), (0x1EF00, 0x1EFFF),
]
# Unassigned code points that default to a class without a direction: ET (currency
# symbols) and BN (default-ignorable code points, noncharacters).
DEFAULT_NEUTRAL = [(0x20A0, 0x20CF), (0x2060, 0x206F), (0xFFF0, 0xFFF8), (0xE0000, 0xE0FFF)]


def strong_class(c):
    """'R' (R or AL), 'L', or None."""
    ch = chr(c)
    cat = unicodedata.category(ch)
    if cat == "Cn":
        if 0xFDD0 <= c <= 0xFDEF or (c & 0xFFFE) == 0xFFFE:
            return None
        if any(a <= c <= z for a, z in DEFAULT_NEUTRAL):
            return None
        return "R" if any(a <= c <= z for a, z in DEFAULT_RTL) else "L"
    if cat == "Cs":
        return None
    bidi = unicodedata.bidirectional(ch)
    return "R" if bidi in ("R", "AL") else "L" if bidi == "L" else None


def strong_ranges():
    runs = []
    for c in range(0x110000):
        k = strong_class(c)
        if k is None:
            continue
        if runs and runs[-1][2] == k and runs[-1][1] == c - 1:
            runs[-1][1] = c
        else:
            runs.append([c, c, k])
    return runs


# Scripts whose letters are R or AL in Unicode 14 (Perl's Unicode::UCD gives the same set:
# every code point with bidi class R or AL and a letter category, by `charscript`).
RTL_SCRIPTS_FROM_DATA = {
    "Adlm", "Arab", "Armi", "Avst", "Chrs", "Cprt", "Elym", "Hatr", "Hebr", "Hung", "Khar",
    "Lydi", "Mand", "Mani", "Mend", "Merc", "Mero", "Narb", "Nbat", "Nkoo", "Orkh", "Ougr",
    "Palm", "Phli", "Phlp", "Phnx", "Prti", "Rohg", "Samr", "Sarb", "Sogd", "Sogo", "Syrc",
    "Thaa", "Yezi",
}


def script_of(likely_value):
    parts = likely_value.split("_")
    return parts[1] if len(parts) > 1 and len(parts[1]) == 4 else None


def languages(scripts):
    likely = get_global("likely_subtags")
    rtl = {k for k, v in likely.items() if "_" not in k and k != "und" and script_of(v) in scripts}
    for alias, target in get_global("language_aliases").items():
        if "_" not in alias and target.split("_")[0] in rtl and alias not in likely:
            rtl.add(alias)
    flipped_rtl, flipped_ltr = [], []
    for k, v in likely.items():
        parts = k.split("_")
        if len(parts) != 2 or parts[0] == "und" or len(parts[1]) == 4 or parts[0] not in likely:
            continue
        here = script_of(v) in scripts
        if here != (script_of(likely[parts[0]]) in scripts):
            (flipped_rtl if here else flipped_ltr).append(parts[0] + "-" + parts[1].lower())
    return sorted(rtl), sorted(flipped_rtl), sorted(flipped_ltr)


def swift_strings(names, indent="        "):
    lines, line = [], indent
    for name in names:
        piece = f'"{name}", '
        if len(line) + len(piece) > 100:
            lines.append(line.rstrip())
            line = indent
        line += piece
    lines.append(line.rstrip())
    return "\n".join(lines)


def main():
    scripts = sorted(RTL_SCRIPTS_FROM_DATA | RTL_SCRIPTS_EXTRA)
    rtl, flipped_rtl, flipped_ltr = languages(set(scripts))
    runs = strong_ranges()
    words = []
    for start, end, k in runs:
        words += [start, end << 1 | (1 if k == "R" else 0)]
    out = sys.stdout
    out.write(f"""// Generated by scripts/direction-tables.py from CLDR (Babel {babel.__version__}) and Unicode {unicodedata.unidata_version}
// (Python's unicodedata, with DerivedBidiClass.txt's defaults for unassigned code points).
// Edit the script, not this file.

/// The data behind `TextDirection`.
enum DirectionTables {{
    /// Languages (BCP 47 primary subtags, lower case) whose likely script runs right to left.
    static let rightToLeftLanguages: Set<String> = [
{swift_strings(rtl)}
    ]

    /// Language-region pairs (lower case) whose likely script runs right to left although
    /// the language's own does not.
    static let rightToLeftRegions: Set<String> = [
{swift_strings(flipped_rtl)}
    ]

    /// Language-region pairs (lower case) whose likely script runs left to right although
    /// the language's own does not.
    static let leftToRightRegions: Set<String> = [
{swift_strings(flipped_ltr)}
    ]

    /// ISO 15924 script codes (lower case) of right-to-left scripts.
    static let rightToLeftScripts: Set<String> = [
{swift_strings([s.lower() for s in scripts])}
    ]

    /// The code points with a strong direction, in order: each range is two words, its first
    /// code point, then its last shifted left by one with the low bit set for right to left
    /// (bidi classes R and AL) and clear for left to right (L). Code points in no range have
    /// no strong direction (digits, punctuation, spaces, symbols, marks).
    static let strongRanges: [UInt32] = [
""")
    for i in range(0, len(words), 8):
        out.write("        " + " ".join(f"0x{w:06X}," for w in words[i:i + 8]) + "\n")
    out.write("    ]\n}\n")


if __name__ == "__main__":
    main()
