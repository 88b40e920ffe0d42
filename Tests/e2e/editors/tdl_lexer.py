"""A line-for-line Python port of Sources/TemplateFormat/Lexer/Lexer.swift (token kinds and
spans only), so the grammar test can ask "what does the lexer call this?" for every byte of
the examples. Works on str offsets (the examples' non-ASCII text is inside strings/comments).
"""


def _ident_start(c):
    return c.isascii() and (c.isalpha() or c == "_")


def _ident_continue(c):
    return c.isascii() and (c.isalnum() or c in "_-")


def _hex(c):
    return c in "0123456789abcdefABCDEF"


def tokenize(s):
    """[(kind, start, end)] with the Swift lexer's kinds and boundaries."""
    n = len(s)
    out = []
    i = 0
    no_triple_from = no_close_from = n + 1

    def line_end(k):
        while k < n and s[k] not in "\r\n":
            k += 1
        return k

    def escape_end(k, limit):
        if k + 1 >= limit:
            return k + 1
        c = s[k + 1]
        if c == "u":
            j = k + 2
            if j >= limit or s[j] != "{":
                return j
            j += 1
            d = 0
            while j < limit and _hex(s[j]) and d < 8:
                j += 1
                d += 1
            return j + 1 if j < limit and s[j] == "}" else j
        if c in "\r\n":
            return k + 1
        return k + 2

    while i < n:
        c = s[i]
        start = i
        if c in " \t\f\v":
            while i < n and s[i] in " \t\f\v":
                i += 1
        elif c == "\n" or c == "\r":
            i += 2 if s.startswith("\r\n", i) else 1
            out.append(("newline", start, i))
        elif c in "{}:,;":
            i += 1
            out.append(({"{": "leftBrace", "}": "rightBrace", ":": "colon", ",": "comma", ";": "semicolon"}[c], start, i))
        elif c == '"':
            if s.startswith('"""', i):
                j = i + 3
                closed = False
                if start < no_triple_from:
                    while j < n:
                        if s[j] == "\\":
                            j = escape_end(j, n)
                        elif s.startswith('"""', j):
                            j += 3
                            closed = True
                            break
                        else:
                            j += 1
                if closed:
                    i = j
                else:
                    no_triple_from = min(no_triple_from, start)
                    i = line_end(start)
                out.append(("multilineString", start, i))
            else:
                j = i + 1
                while j < n:
                    if s[j] == '"':
                        j += 1
                        break
                    if s[j] in "\r\n":
                        break
                    if s[j] == "\\":
                        j = escape_end(j, n)
                        continue
                    j += 1
                i = j
                out.append(("string", start, i))
        elif c == "/":
            if s.startswith("//", i):
                e = line_end(i)
                while e > i + 2 and s[e - 1] in " \t":
                    e -= 1
                doc = s.startswith("///", i) and not s.startswith("////", i)
                i = e
                out.append(("docComment" if doc else "lineComment", start, i))
            elif s.startswith("/*", i):
                j = i + 2
                closed = False
                if start < no_close_from:
                    k = s.find("*/", j)
                    if k >= 0:
                        j = k + 2
                        closed = True
                if closed:
                    i = j
                else:
                    no_close_from = min(no_close_from, start)
                    i = line_end(start)
                out.append(("blockComment", start, i))
            else:
                i += 1
                out.append(("unknown", start, i))
        elif c == "#":
            j = i + 1
            while j < n and _ident_continue(s[j]) and s[j] != "-":
                j += 1
            i = j
            out.append(("color", start, i))
        elif _ident_start(c):
            i += 1
            while i < n and _ident_continue(s[i]):
                i += 1
            out.append(("identifier", start, i))
        elif c.isascii() and (c.isdigit() or (c == "-" and i + 1 < n and s[i + 1].isascii() and s[i + 1].isdigit())):
            i += 1
            while i < n and s[i].isascii() and s[i].isdigit():
                i += 1
            number_end = i
            if i < n and s[i] == ".":
                if i + 1 < n and s[i + 1].isascii() and s[i + 1].isdigit():
                    i += 1
                    while i < n and s[i].isascii() and s[i].isdigit():
                        i += 1
                else:
                    i += 1
                while i < n and (s[i] == "." or (s[i].isascii() and s[i].isdigit())):
                    i += 1
                number_end = i
            if i < n and s[i] == "%":
                i += 1
            elif i < n and _ident_start(s[i]):
                i += 1
                while i < n and _ident_continue(s[i]) and s[i] != "-":
                    i += 1
            out.append(("number", start, i))
            if i > number_end:
                out.append(("unit", number_end, i))  # a sub-span, for scope checks
        else:
            while i < n:
                c2 = s[i]
                if c2 in " \t\n\r\f\v{}:,;\"#" or _ident_start(c2) or (c2.isascii() and c2.isdigit()) or (c2 == "/" and i > start):
                    break
                i += 1
            if i == start:
                i += 1
            out.append(("unknown", start, i))
    return out
