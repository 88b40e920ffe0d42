import TemplateFormat

/// Levenshtein distance on Unicode scalars, for did-you-mean suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var previous = Array(0...y.count)
    var current = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
        current[0] = i
        for j in 1...y.count {
            let cost = x[i - 1] == y[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        swap(&previous, &current)
    }
    return previous[y.count]
}

/// The candidate nearest to `word`, if it is close enough to be a likely typo (the first of
/// equally near ones).
func nearest(_ word: String, among candidates: [String]) -> String? {
    allNearest(word, among: candidates).first
}

/// Every candidate at the smallest distance from `word`, if that is close enough to be a
/// likely typo; in the candidates' order.
func allNearest(_ word: String, among candidates: [String]) -> [String] {
    var best: [String] = []
    var bestDistance = Int.max
    for c in candidates {
        let d = editDistance(word, c)
        if d < bestDistance {
            best = [c]
            bestDistance = d
        } else if d == bestDistance {
            best.append(c)
        }
    }
    let limit = max(1, min(3, (word.count + 2) / 3))
    return bestDistance <= limit ? best : []
}

/// A did-you-mean for `word`, when a candidate is near: the words that end the message and
/// the fix that writes the candidate over `range` (offered in editors, not applied by
/// `check --fix`: a guess is not certain).
func didYouMean(_ word: String, among candidates: [String], at range: ByteRange) -> (suffix: String, fix: Fix)? {
    guard let guess = nearest(word, among: candidates) else { return nil }
    return ("; did you mean `\(guess)`?",
            Fix(title: "Change to `\(guess)`", edits: [TextEdit(range: range, newText: guess)], isCertain: false))
}

/// Up to `limit` of `candidates`, nearest to `word` first (ties keep the candidates'
/// order), however far they are: the choices an editor offers for a value that must be
/// one of a list, where `nearest` offers only a likely typo.
public func nearestCandidates(to word: String, among candidates: [String], limit: Int) -> [String] {
    let ranked = candidates.enumerated().map { (distance: editDistance(word, $0.element), index: $0.offset, name: $0.element) }
    return ranked.sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }.prefix(max(0, limit)).map(\.name)
}
