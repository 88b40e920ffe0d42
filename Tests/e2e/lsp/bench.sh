#!/usr/bin/env bash
# Benchmark of template-lsp (not a test): builds release, generates the shared 10k and
# 100k-line corpora and runs /work/shared/bench/lspbench.py on each. Prints lspbench's
# tables: initialize, open and edit -> diagnostics (p50/p99), completion, formatting, RSS.
# Targets (issue 5), 10k lines: init <= 10 ms, edit->diag p99 <= 5 ms, completion p99 <= 3 ms,
# formatting <= 5 ms, RSS <= 25 MB; 100k lines: edit->diag p50 <= 25 ms.
# usage: Tests/e2e/lsp/bench.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../../.."
export PATH="/opt/swift/usr/bin:$PATH"
runs=${1:-3}

shared="$(cd .. && pwd)/shared/bench"
[ -f "$shared/lspbench.py" ] || shared=/work/shared/bench

scratch=.build-lsp-bench
swift build -c release --scratch-path "$scratch" --product template-lsp >&2
bin="$PWD/$scratch/release/template-lsp"

corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
for preset in 10k 100k; do
  python3 "$shared/gen_corpus.py" --preset "$preset" --out "$corpus/$preset" > /dev/null
  file="$corpus/$preset/corpus.tdl"
  lines=$(wc -l < "$file")
  # Completion inside the middle template's body: the start of the middle line.
  middle=$(( lines / 2 ))
  echo
  echo "=== template-lsp, $preset corpus ($lines lines, $(wc -c < "$file") bytes), $runs runs ==="
  edits=50
  [ "$preset" = 100k ] && edits=20
  python3 "$shared/lspbench.py" --cmd "$bin --stdio" --file "$file" --language-id tdl \
    --edits "$edits" --runs "$runs" --completion-at "$middle:1" --formats 5
done
