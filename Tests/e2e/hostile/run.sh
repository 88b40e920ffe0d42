#!/usr/bin/env bash
# Hostile files and "nothing lost" against release builds of template-fmt and template-lsp
# (Tests/e2e/hostile/hostile.py, standard-library Python). Builds into its own scratch
# path (.build-hostile) so it never disturbs .build. The last line is "N passed, M failed";
# exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/../../.."
export PATH="/opt/swift/usr/bin:$PATH"
scratch="${HOSTILE_SCRATCH:-.build-hostile}"
swift build -c release --scratch-path "$scratch" --product template-fmt >&2
swift build -c release --scratch-path "$scratch" --product template-lsp >&2
shared="$(cd .. && pwd)/shared/bench/gen_corpus.py"
[ -f "$shared" ] || shared=/work/shared/bench/gen_corpus.py
python3 Tests/e2e/hostile/hostile.py "$PWD/$scratch/release" "$shared"
