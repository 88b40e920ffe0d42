#!/usr/bin/env bash
# End-to-end tests of template-lsp: builds the server, makes a venv with pytest-lsp and
# lsprotocol from PyPI, and runs pytest. Extra arguments go to pytest (e.g. -k sync).
# The last line is pytest's summary ("N passed in ...").
set -euo pipefail
cd "$(dirname "$0")/../../.."
export PATH="/opt/swift/usr/bin:$PATH"

scratch=.build-e2e-lsp
swift build --scratch-path "$scratch" --product template-lsp >&2
export TEMPLATE_LSP_BIN="$PWD/$scratch/debug/template-lsp"

venv=.venv-lsp
if [ ! -x "$venv/bin/pytest" ] || ! cmp -s Tests/e2e/lsp/requirements.txt "$venv/requirements.txt"; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q -r Tests/e2e/lsp/requirements.txt >&2
  cp Tests/e2e/lsp/requirements.txt "$venv/requirements.txt"
fi

cd Tests/e2e/lsp
"../../../$venv/bin/pytest" -q -p no:cacheprovider "$@"
