#!/usr/bin/env bash
# End-to-end test of .pre-commit-hooks.yaml: installs pre-commit from PyPI into a virtual
# environment, points a scratch git repository at this repository's committed HEAD, and
# runs both hooks on a good file and a bad one. The bad ones must fail.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
venv="${TDL_E2E_VENV:-$root/.venv-e2e}"

if [ ! -x "$venv/bin/pre-commit" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check pre-commit
fi
export PRE_COMMIT_HOME="$work/cache"
rev=$(git -C "$root" rev-parse HEAD)

repo="$work/project"
mkdir -p "$repo"
cd "$repo"
git init --quiet
git config user.email ci@example.invalid
git config user.name CI
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $root
    rev: $rev
    hooks:
      - id: tdl-format
      - id: tdl-check
YAML

cat > good.tdl <<'TDL'
format 1

template card "Card" {
  size: 200 x 100
  text title {
    text: "Hello"
    at: 10, 10
    size: 100 x 20
  }
}
TDL
printf 'format 1\ntemplate card {\n  size: 200 x 100\n  text title { text: "Hi"; at: 10, 10; size: 100 x 20 }\n}\n' > messy.tdl
printf 'format 1\ntemplate card {\n  size: 200 x 100\n  text title {\n    txt: "Hi"\n  }\n}\n' > bad.tdl
git add .
failures=0
expect() {  # expect PASS|FAIL hook file
  local want=$1 hook=$2 file=$3 status=0
  "$venv/bin/pre-commit" run "$hook" --files "$file" > "$work/out.txt" 2>&1 || status=$?
  if { [ "$want" = PASS ] && [ $status -eq 0 ]; } || { [ "$want" = FAIL ] && [ $status -ne 0 ]; }; then
    echo "ok: $hook on $file: ${want,,}ed as expected"
  else
    echo "FAILED: $hook on $file should ${want,,} (status $status):"; cat "$work/out.txt"
    failures=$((failures + 1))
  fi
}
expect PASS tdl-format good.tdl
expect PASS tdl-check good.tdl
expect FAIL tdl-format messy.tdl
grep -q '    text: "Hi"' messy.tdl && echo "ok: tdl-format rewrote messy.tdl" || { echo "FAILED: messy.tdl not rewritten"; failures=$((failures + 1)); }
expect FAIL tdl-check bad.tdl
grep -q "TDL102" "$work/out.txt" && echo "ok: tdl-check named TDL102" || { echo "FAILED: no TDL102 in output"; cat "$work/out.txt"; failures=$((failures + 1)); }
passed=$(( 6 - failures ))
echo "pre-commit e2e: $passed passed, $failures failed"
[ $failures -eq 0 ]
