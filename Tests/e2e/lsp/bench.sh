#!/usr/bin/env bash
# Benchmark of template-lsp (not a test): builds release, then
#  1. the shared 10k and 100k-line corpora through /work/shared/bench/lspbench.py, with pushed
#     and with pulled diagnostics: initialize, open and edit -> diagnostics (p50/p99),
#     completion, formatting, RSS;
#  2. workspaces of 2,000 and 10,000 files from shared/bench/gen_workspace.py (1,000 of them
#     import a shared styles file) through workspace_bench.py: index ready, workspace/symbol,
#     references and rename of the shared style, RSS, and an edit of the shared file until
#     50 open dependents have their diagnostics.
# Targets (issues 5 and 14), 10k lines: init <= 10 ms, edit->diag p99 <= 5 ms, completion p99
# <= 3 ms, formatting <= 5 ms, RSS <= 25 MB; 100k lines: edit->diag p50 <= 25 ms; pulled
# within 1.2x pushed (10k p99, 100k p50). 2,000 files: index <= 300 ms, symbol p50 <= 5 ms,
# references <= 30 ms, rename <= 60 ms, RSS <= 60 MiB, 50 dependents <= 20 ms; 10,000 files:
# index <= 1.5 s, RSS <= 150 MiB.
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
  edits=50
  [ "$preset" = 100k ] && edits=20
  for mode in push pull; do
    echo
    echo "=== template-lsp, $preset corpus ($lines lines, $(wc -c < "$file") bytes), diagnostics $mode, $runs runs ==="
    python3 "$shared/lspbench.py" --cmd "$bin --stdio" --file "$file" --language-id tdl --diagnostics "$mode" \
      --edits "$edits" --runs "$runs" --completion-at "$middle:1" --formats 5
  done
  # Pulled against pushed, both clocks stopped when the answer has arrived (lspbench.py's
  # pull clock also counts its own parsing of the report: about 150 ms at 100k lines).
  echo
  echo "=== template-lsp, $preset corpus: pull against push, timed alike ==="
  python3 Tests/e2e/lsp/pull_push_bench.py "$bin" "$file" "$edits"
done

for files in 2000 10000; do
  python3 "$shared/gen_workspace.py" --out "$corpus/ws$files" --files "$files" --users 1000 > /dev/null
  echo
  echo "=== template-lsp, workspace of $files files (1,000 import shared/styles.tdl), $runs runs ==="
  python3 Tests/e2e/lsp/workspace_bench.py --server "$bin" --workspace "$corpus/ws$files" --runs "$runs"
done
