"""A small TextMate tokenizer over Oniguruma (onigurumacffi), enough to check tdl.tmLanguage.json.

It follows vscode-textmate's rules: each line is scanned with a trailing "\n"; at each
position the earliest match wins among the current rule's end pattern and its patterns,
the end pattern first on a tie, then patterns in order; begin/end rules push and pop.
"""
import json

import onigurumacffi


class Grammar:
    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            self.raw = json.load(f)
        self.scope = self.raw["scopeName"]
        self.repository = self.raw.get("repository", {})
        self._regex = {}

    def regex(self, source):
        if source not in self._regex:
            self._regex[source] = onigurumacffi.compile(source)  # raises on a pattern Oniguruma rejects
        return self._regex[source]

    def flatten(self, patterns, seen=()):
        """The concrete match/begin rules of a pattern list, includes resolved, in order."""
        out = []
        for rule in patterns:
            inc = rule.get("include")
            if inc is None:
                if "match" in rule or "begin" in rule:
                    out.append(rule)
                elif "patterns" in rule:
                    out.extend(self.flatten(rule["patterns"], seen))
                continue
            if inc == "$self" or inc == "$base":
                target = {"patterns": self.raw["patterns"]}
            elif inc.startswith("#"):
                target = self.repository[inc[1:]]
            else:
                raise ValueError(f"unsupported include {inc}")
            if inc in seen:
                continue
            out.extend(self.flatten([target], seen + (inc,)))
        return out

    def tokenize(self, text):
        """Returns, for every line, a list of (start, end, scopes) covering the line (without its newline)."""
        stack = [({"patterns": self.raw["patterns"]}, None, [self.scope])]
        result = []
        for line in text.split("\n"):
            s = line + "\n"
            scopes = [None] * len(s)
            pos = 0
            guard = 0
            while pos <= len(s):
                guard += 1
                assert guard < 10000, "grammar loops"
                rule, end_re, base = stack[-1]
                best = None  # (start, order, kind, rule, match)
                if end_re is not None:
                    m = end_re.search(s, pos)
                    if m is not None:
                        best = (m.start(), -1, "end", rule, m)
                for order, cand in enumerate(self.flatten(rule.get("patterns", []))):
                    m = self.regex(cand.get("match") or cand["begin"]).search(s, pos)
                    if m is None:
                        continue
                    if best is None or m.start() < best[0]:
                        best = (m.start(), order, "begin" if "begin" in cand else "match", cand, m)
                if best is None:
                    self._paint(scopes, pos, len(s), base)
                    break
                start, _, kind, cand, m = best
                self._paint(scopes, pos, start, base)
                if kind == "end":
                    outer = base[:-1] if rule.get("contentName") else base
                    self._paint(scopes, m.start(), m.end(), outer)
                    self._captures(scopes, m, rule.get("endCaptures", rule.get("captures", {})), outer)
                    stack.pop()
                    pos = m.end()
                    continue
                inner = base + ([cand["name"]] if "name" in cand else [])
                self._paint(scopes, m.start(), m.end(), inner)
                if kind == "match":
                    self._captures(scopes, m, cand.get("captures", {}), inner)
                    pos = m.end() if m.end() > pos else pos + 1
                    if m.end() == m.start() and m.start() >= len(s):
                        break
                    continue
                self._captures(scopes, m, cand.get("beginCaptures", cand.get("captures", {})), inner)
                content = inner + ([cand["contentName"]] if "contentName" in cand else [])
                stack.append((cand, self.regex(cand["end"]), content))
                assert m.end() > m.start(), f"begin rule matched nothing: {cand['begin']}"
                pos = m.end()
            result.append(self._runs(scopes[: len(line)]))
        return result

    @staticmethod
    def _paint(scopes, a, b, value):
        for i in range(a, min(b, len(scopes))):
            scopes[i] = list(value)

    def _captures(self, scopes, m, captures, base):
        for key, cap in sorted(captures.items(), key=lambda kv: int(kv[0])):
            g = int(key)
            try:
                a, b = m.span(g)
            except IndexError:
                continue
            if a < 0 or a == b:
                continue
            if "name" in cap:
                self._paint(scopes, a, b, base + [cap["name"]])

    @staticmethod
    def _runs(scopes):
        runs = []
        for i, sc in enumerate(scopes):
            if runs and runs[-1][2] == sc and runs[-1][1] == i:
                runs[-1] = (runs[-1][0], i + 1, sc)
            else:
                runs.append((i, i + 1, sc))
        return runs
