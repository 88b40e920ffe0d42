#!/usr/bin/env bash
# The JSON model against docs/model.schema.json: exports every example, the shared benchmark
# corpus (shared/bench/gen_corpus.py beside the repository, or in $TDL_SHARED; several seeds)
# and a few hundred seeded documents of this suite's own with `--to json`, validates each
# with jsonschema from PyPI (draft 2020-12), and checks that mutated outputs are rejected.
# Set TEMPLATE_FMT_BIN to use a built binary; otherwise a debug build is made.
# The last line is "N passed, M failed"; the exit status is non-zero on a failure.
set -euo pipefail
cd "$(dirname "$0")/../../.."
export PATH="/opt/swift/usr/bin:$PATH"

bin="${TEMPLATE_FMT_BIN:-}"
if [ -z "$bin" ]; then
  swift build --product template-fmt >&2
  bin="$(swift build --show-bin-path)/template-fmt"
fi

venv=.venv-json
if [ ! -x "$venv/bin/python" ] || ! cmp -s Tests/e2e/json/requirements.txt "$venv/requirements.txt"; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q -r Tests/e2e/json/requirements.txt >&2
  cp Tests/e2e/json/requirements.txt "$venv/requirements.txt"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$venv/bin/python" Tests/e2e/json/validate.py --bin "$bin" --schema docs/model.schema.json \
  --shared "${TDL_SHARED:-$(cd .. && pwd)/shared}/bench/gen_corpus.py" --work "$work"
