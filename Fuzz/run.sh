#!/usr/bin/env bash
# Builds the libFuzzer targets (swiftc -sanitize=fuzzer,address; SwiftPM does not build
# them) and runs each for a bounded time, starting from the seeds in Fuzz/Corpus/<target>.
#
# usage: Fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]     (default 12 s, every target)
#
# Prints each target's executions; the last line is "N passed, 0 failed". A finding stops
# with exit 1: the input is saved under Fuzz/Findings/<target>/ and the property that broke
# is printed. Seeds are copied to a scratch corpus first, so the repository stays clean.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

seconds=${1:-12}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(roundtrip reparse format export server)

build=.build-fuzz
mkdir -p "$build"
flags=(-parse-as-library -O -package-name tdl -sanitize=fuzzer,address -I "$build" -L "$build")

# Modules in dependency order, each a static library instrumented for coverage.
modules=(TemplateFormat Validator HTMLGen LSPProtocol LanguageFeatures ToolSupport LanguageServer)
started=$(date +%s)
for module in "${modules[@]}"; do
  sources=$(find "Sources/$module" -name '*.swift' | sort)
  stamp="$build/$module.stamp"
  # Rebuild a module when any source of it or of an earlier module changed.
  if [ -f "$stamp" ] && [ -z "$(find "Sources/$module" -name '*.swift' -newer "$stamp")" ] && [ -z "${rebuilt:-}" ]; then
    continue
  fi
  rebuilt=1
  echo "fuzz: building $module" >&2
  # shellcheck disable=SC2086
  swiftc "${flags[@]}" -enable-testing -wmo -emit-library -static -module-name "$module" \
    -emit-module -emit-module-path "$build/$module.swiftmodule" $sources -o "$build/lib$module.a"
  touch "$stamp"
done

libs=(-lLanguageServer -lLanguageFeatures -lHTMLGen -lValidator -lToolSupport -lLSPProtocol -lTemplateFormat)
shared=(Fuzz/Targets/Failure.swift Tests/TemplateFormatTests/PropertyChecks.swift)
declare -A source=([roundtrip]=Roundtrip [reparse]=Reparse [format]=Format [export]=Export [server]=Server)
for target in "${targets[@]}"; do
  file="Fuzz/Targets/${source[$target]}.swift"
  binary="$build/fuzz-$target"
  if [ ! -x "$binary" ] || [ -n "$(find "$file" "${shared[@]}" "$build" -maxdepth 1 -newer "$binary" \( -name '*.swift' -o -name '*.a' \))" ]; then
    echo "fuzz: linking $target" >&2
    # gold warns about every sanitizer helper symbol; those lines are noise.
    swiftc "${flags[@]}" -module-name "Fuzz_$target" "$file" "${shared[@]}" "${libs[@]}" -o "$binary" 2>&1 \
      | { grep -v "Cannot export local symbol" || true; } >&2
  fi
done
echo "fuzz: built in $(( $(date +%s) - started )) s" >&2

passed=0
total=0
for target in "${targets[@]}"; do
  work=$(mktemp -d)
  cp -r "Fuzz/Corpus/$target/." "$work/" 2>/dev/null || true
  findings="Fuzz/Findings/$target"
  mkdir -p "$findings"
  log="$work.log"
  status=0
  ASAN_OPTIONS=detect_leaks=0 "$build/fuzz-$target" "$work" -max_total_time="$seconds" -max_len=65536 \
    -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 -artifact_prefix="$findings/" > "$log" 2>&1 || status=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  total=$(( total + runs ))
  if [ "$status" -ne 0 ]; then
    echo "FAIL $target after $runs executions (exit $status):"
    grep -E "fuzz target|ERROR|SUMMARY|Test unit written" "$log" | head -20
    rm -rf "$work" "$log"
    echo "$passed passed, 1 failed"
    exit 1
  fi
  rmdir "$findings" 2>/dev/null || true
  echo "ok: $target: $runs executions in ${seconds} s, corpus $(ls "$work" | wc -l) inputs, no findings"
  passed=$(( passed + 1 ))
  rm -rf "$work" "$log"
done
rmdir Fuzz/Findings 2>/dev/null || true
echo "fuzz: $total executions in all"
echo "$passed passed, 0 failed"
