#!/usr/bin/env bash
# Editor integrations, end to end: the TextMate grammar check (Oniguruma, pytest), headless
# Neovim with editors/nvim, and Emacs in batch mode with editors/emacs/tdl-mode.el through
# eglot and through lsp-mode, each driving the real template-lsp on a broken copy of an
# example (their preview pages loaded in headless Chromium). Installs Debian's neovim,
# emacs-nox, elpa-eglot, elpa-lsp-mode and chromium when missing (CI runs as root).
# The last line is "N passed, M failed" over all three; exit status 1 on any failure.
set -euo pipefail
cd "$(dirname "$0")/../../.."
export PATH="/opt/swift/usr/bin:$PATH"
repo=$PWD
here=Tests/e2e/editors

need=()
command -v nvim >/dev/null || need+=(neovim)
command -v emacs >/dev/null || need+=(emacs-nox)
command -v chromium >/dev/null || need+=(chromium)  # the preview pages, by preview_check.py
dpkg -s elpa-eglot >/dev/null 2>&1 || need+=(elpa-eglot)
dpkg -s elpa-lsp-mode >/dev/null 2>&1 || need+=(elpa-lsp-mode)
if [ ${#need[@]} -gt 0 ]; then
  echo "apt-get install ${need[*]}" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >&2
fi
echo "$(nvim --version | head -n 1); $(emacs --version | head -n 1); eglot $(dpkg-query -W -f='${Version}' elpa-eglot); lsp-mode $(dpkg-query -W -f='${Version}' elpa-lsp-mode)"

# Our own scratch path, so this never waits on (or breaks) another build.
scratch=.build-e2e-editors
swift build --scratch-path "$scratch" --product template-lsp >&2
swift build --scratch-path "$scratch" --product template-fmt >&2
server="$repo/$scratch/debug/template-lsp"
fmt="$repo/$scratch/debug/template-fmt"
export TDL_FMT="$fmt"

venv=.venv-editors
if [ ! -x "$venv/bin/pytest" ] || ! cmp -s "$here/requirements.txt" "$venv/requirements.txt"; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q -r "$here/requirements.txt" >&2
  cp "$here/requirements.txt" "$venv/requirements.txt"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
total_passed=0
total_failed=0
# Adds the counts of a suite's "N passed, M failed" line (or pytest's "N passed[, M failed]").
count() {
  local line="$1"
  local p f
  p=$(sed -nE 's/.*\b([0-9]+) passed.*/\1/p' <<<"$line")
  f=$(sed -nE 's/.*\b([0-9]+) failed.*/\1/p' <<<"$line")
  total_passed=$((total_passed + ${p:-0}))
  total_failed=$((total_failed + ${f:-0}))
  if [ -z "$p" ]; then total_failed=$((total_failed + 1)); fi
}

echo "--- TextMate grammar (Oniguruma), Vim syntax and Emacs font-lock against the lexer, packages ---"
if (cd "$here" && "$repo/$venv/bin/pytest" -q -p no:cacheprovider test_grammar.py test_syntax_files.py test_packaging.py) > "$work/grammar.log" 2>&1; then :; else status=1; fi
cat "$work/grammar.log"
count "$(tail -n 1 "$work/grammar.log")"

# The broken copy (unknown property, bad enum value, messy layout) and its canonical form,
# in a project folder (`.tdl-root`) with the image its template shows and a second file
# in a subfolder.
fresh_copy() {
  rm -rf "$work/doc" && mkdir -p "$work/doc/assets" "$work/doc/sub"
  cp "$here/fixtures/broken.tdl" "$work/doc/broken.tdl"
  cp "$here/fixtures/broken.tdl" "$work/doc/expected.tdl"
  "$fmt" format "$work/doc/expected.tdl" > /dev/null 2>&1
  cp "$here/fixtures/assets/hero.png" "$work/doc/assets/hero.png"
  cp "$here/fixtures/sub/inner.tdl" "$work/doc/sub/inner.tdl"
  touch "$work/doc/.tdl-root"
}
export TDL_REPO="$repo" TDL_SERVER="$server" TDL_BROKEN="$work/doc/broken.tdl" TDL_EXPECTED="$work/doc/expected.tdl"
export TDL_PREVIEW_CHECK="$repo/$here/preview_check.py"

echo "--- Neovim (headless) with editors/nvim ---"
fresh_copy
if (cd "$work/doc" && timeout 180 nvim --headless -u "$repo/$here/nvim/init.lua" \
      -c "luafile $repo/$here/nvim/test_nvim.lua") > "$work/nvim.log" 2>&1; then :; else status=1; fi
cat "$work/nvim.log"
count "$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$work/nvim.log" | tail -n 1)"

for client in eglot lsp-mode; do
  echo "--- Emacs (batch) with editors/emacs/tdl-mode.el and $client ---"
  fresh_copy
  if (cd "$work/doc" && timeout 180 emacs --batch -l "$repo/$here/emacs/test-$client.el") > "$work/emacs.out" 2> "$work/emacs.err"; then :; else
    status=1
    cat "$work/emacs.err"
  fi
  cat "$work/emacs.out"
  count "$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$work/emacs.out" | tail -n 1)"
done

if [ "$total_failed" -gt 0 ]; then status=1; fi
echo "$total_passed passed, $total_failed failed"
exit "$status"
