// Section-name globs of .editorconfig files (https://spec.editorconfig.org), matched the way
// the reference C core does it: the glob is anchored at the .editorconfig's directory, and a
// glob without "/" gets an implicit "**/" so it matches a basename at any depth.

/// A compiled section glob. Matching works on Unicode scalars so `?` is one character.
struct EditorConfigGlob: Sendable {
    private let tokens: [GlobToken]

    /// `section` is the text between the brackets of a `[section]` line.
    init(_ section: String) {
        var pattern = Array(section.unicodeScalars)
        if pattern.contains("/") {
            // "/a/b" and "a/b" are both relative to the .editorconfig directory.
            // Parsed with the anchoring "/" in place so a leading "**/" becomes "/**/" and
            // also matches files directly in that directory.
            if pattern.first != "/" { pattern.insert("/", at: 0) }
            tokens = GlobParser(pattern).parse(0, pattern.count)
        } else {
            tokens = [.anyDirectories] + GlobParser(pattern).parse(0, pattern.count)
        }
    }

    /// `relativePath` is the file's path relative to the .editorconfig directory, using "/"
    /// separators and no leading slash ("src/a.tdl").
    func matches(_ relativePath: String) -> Bool {
        let subject = Array(("/" + relativePath).unicodeScalars)
        return GlobMatcher(subject: subject).match(tokens[...], 0) { $0 == subject.count }
    }
}

private indirect enum GlobToken: Sendable {
    case literal(Unicode.Scalar)
    /// `?`: any one character except "/".
    case anyCharacter
    /// `*`: any run of characters except "/".
    case star
    /// `**`: any run of characters, "/" included.
    case globstar
    /// A leading implicit "**/" or an explicit "/**/": "/" followed by zero or more whole
    /// directories, so "a/**/b" also matches "a/b".
    case anyDirectories
    /// `[abc]`, `[a-z]`, `[!abc]`: one character (never "/") in or out of the set.
    case characterClass(negated: Bool, ranges: [ClosedRange<Unicode.Scalar>])
    /// `{s1,s2,…}`: any of the alternatives, each itself a glob.
    case alternatives([[GlobToken]])
    /// `{n1..n2}`: an integer between the bounds, inclusive.
    case integerRange(ClosedRange<Int>)
}

/// Recursive-descent glob parser. Anything that does not form a valid construct (an unclosed
/// `[` or `{`, a `{word}` without a comma) is taken literally rather than rejected.
private struct GlobParser {
    let pattern: [Unicode.Scalar]

    init(_ pattern: [Unicode.Scalar]) {
        self.pattern = pattern
    }

    func parse(_ start: Int, _ end: Int) -> [GlobToken] {
        var tokens: [GlobToken] = []
        var i = start
        while i < end {
            let c = pattern[i]
            switch c {
            case "\\":
                tokens.append(.literal(i + 1 < end ? pattern[i + 1] : "\\"))
                i += 2
            case "?":
                tokens.append(.anyCharacter)
                i += 1
            case "*":
                var j = i
                while j < end && pattern[j] == "*" { j += 1 }
                tokens.append(j - i >= 2 ? .globstar : .star)
                i = j
            case "/" where i + 3 < end && pattern[i + 1] == "*" && pattern[i + 2] == "*" && pattern[i + 3] == "/":
                tokens.append(.anyDirectories)
                i += 4
            case "[":
                if let (token, next) = parseClass(i, end) {
                    tokens.append(token)
                    i = next
                } else {
                    tokens.append(.literal("["))
                    i += 1
                }
            case "{":
                if let (token, next) = parseBraces(i, end) {
                    tokens.append(contentsOf: token)
                    i = next
                } else {
                    tokens.append(.literal("{"))
                    i += 1
                }
            default:
                tokens.append(.literal(c))
                i += 1
            }
        }
        return tokens
    }

    /// `[...]` starting at `open`; nil if unclosed or if it contains "/" (a class can never
    /// match a separator, so the C core treats such brackets literally).
    private func parseClass(_ open: Int, _ end: Int) -> (GlobToken, Int)? {
        var i = open + 1
        let negated = i < end && pattern[i] == "!"
        if negated { i += 1 }
        var ranges: [ClosedRange<Unicode.Scalar>] = []
        var first = true
        while i < end {
            var c = pattern[i]
            if c == "]" && !first { return (.characterClass(negated: negated, ranges: ranges), i + 1) }
            if c == "/" { return nil }
            first = false
            if c == "\\" && i + 1 < end {
                i += 1
                c = pattern[i]
            }
            if i + 2 < end && pattern[i + 1] == "-" && pattern[i + 2] != "]" {
                var upper = pattern[i + 2]
                var next = i + 3
                if upper == "\\" && i + 3 < end {
                    upper = pattern[i + 3]
                    next = i + 4
                }
                if c <= upper { ranges.append(c...upper) }  // a reversed range matches nothing
                i = next
            } else {
                ranges.append(c...c)
                i += 1
            }
        }
        return nil
    }

    /// `{...}` starting at `open`: tokens replacing it and the index after the `}`.
    private func parseBraces(_ open: Int, _ end: Int) -> ([GlobToken], Int)? {
        // Find the matching "}" and the top-level commas, skipping escapes and nested braces.
        var depth = 0
        var commas: [Int] = []
        var i = open + 1
        var close: Int? = nil
        while i < end {
            switch pattern[i] {
            case "\\": i += 1
            case "{": depth += 1
            case "}" where depth == 0: close = i
            case "}": depth -= 1
            case "," where depth == 0: commas.append(i)
            default: break
            }
            if close != nil { break }
            i += 1
        }
        guard let close else { return nil }

        if commas.isEmpty {
            if let range = integerRange(pattern[(open + 1)..<close]) {
                return ([.integerRange(range)], close + 1)
            }
            // "{word}" is not a choice: match the braces literally, contents as a glob.
            return ([.literal("{")] + parse(open + 1, close) + [.literal("}")], close + 1)
        }
        var alternatives: [[GlobToken]] = []
        var start = open + 1
        for comma in commas + [close] {
            alternatives.append(parse(start, comma))
            start = comma + 1
        }
        return ([.alternatives(alternatives)], close + 1)
    }

    /// "n1..n2" with optionally signed decimal integers, bounds in either order.
    private func integerRange(_ text: ArraySlice<Unicode.Scalar>) -> ClosedRange<Int>? {
        let string = String(String.UnicodeScalarView(text))
        let parts = string.split(separator: "..", omittingEmptySubsequences: false)
        guard parts.count == 2, let low = parseInteger(parts[0]), let high = parseInteger(parts[1]) else {
            return nil
        }
        return min(low, high)...max(low, high)
    }
}

/// Strict decimal integer: optional sign, then at least one ASCII digit.
private func parseInteger(_ text: Substring) -> Int? {
    var digits = text
    if digits.first == "+" || digits.first == "-" { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(text)
}

/// Backtracking matcher in continuation-passing style: `then` receives the subject position
/// after a token sequence matched and decides whether the rest of the glob matches there.
/// Globs in .editorconfig files are short, so the exponential worst case is irrelevant.
private struct GlobMatcher {
    let subject: [Unicode.Scalar]

    func match(_ tokens: ArraySlice<GlobToken>, _ position: Int, then: (Int) -> Bool) -> Bool {
        guard let token = tokens.first else { return then(position) }
        let rest = tokens.dropFirst()
        let atEnd = position >= subject.count

        switch token {
        case .literal(let c):
            return !atEnd && subject[position] == c && match(rest, position + 1, then: then)
        case .anyCharacter:
            return !atEnd && subject[position] != "/" && match(rest, position + 1, then: then)
        case .star, .globstar:
            let crossesSlash: Bool
            if case .globstar = token { crossesSlash = true } else { crossesSlash = false }
            var end = position
            while true {
                if match(rest, end, then: then) { return true }
                if end >= subject.count || (!crossesSlash && subject[end] == "/") { return false }
                end += 1
            }
        case .anyDirectories:
            guard !atEnd && subject[position] == "/" else { return false }
            for end in position..<subject.count where subject[end] == "/" {
                if match(rest, end + 1, then: then) { return true }
            }
            return false
        case .characterClass(let negated, let ranges):
            guard !atEnd && subject[position] != "/" else { return false }
            let inSet = ranges.contains { $0.contains(subject[position]) }
            return inSet != negated && match(rest, position + 1, then: then)
        case .alternatives(let alternatives):
            for alternative in alternatives {
                if match(alternative[...], position, then: { match(rest, $0, then: then) }) { return true }
            }
            return false
        case .integerRange(let range):
            var end = position
            if end < subject.count && (subject[end] == "-" || subject[end] == "+") { end += 1 }
            let digitsStart = end
            while end < subject.count && ("0"..."9").contains(subject[end]) { end += 1 }
            guard end > digitsStart else { return false }
            // Try the longest number first, then shorter prefixes ("{1..3}x" vs "12x").
            for stop in stride(from: end, to: digitsStart, by: -1) {
                let text = String(String.UnicodeScalarView(subject[position..<stop]))
                if let value = Int(text), range.contains(value), match(rest, stop, then: then) { return true }
            }
            return false
        }
    }
}
