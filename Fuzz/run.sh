#!/usr/bin/env bash
# Builds the libFuzzer targets (swiftc -sanitize=fuzzer,address; SwiftPM does not build
# them) and runs each for a bounded time, starting from the seeds in Fuzz/Corpus/<target>.
#
# usage: Fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]     (default 12 s, every target)
#        FUZZ_BUILD_DIR=dir Fuzz/run.sh ...                 (default .build-fuzz)
#
# Prints each target's executions; the last line is "N passed, M failed". A finding makes
# it exit 1: the input is saved under Fuzz/Findings/<target>/ and the property that broke
# is printed. Seeds are copied to a scratch corpus first, so the repository stays clean.
# Needs only a Swift toolchain for Linux (libFuzzer and ASan runtimes ship with it).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

seconds=${1:-12}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(roundtrip reparse format export server)

build=${FUZZ_BUILD_DIR:-.build-fuzz}
mkdir -p "$build"
flags=(-parse-as-library -O -package-name tdl -sanitize=fuzzer,address -I "$build" -L "$build")

# Each module is a static library instrumented for coverage, built after what it imports
# (as in Package.swift); the modules of one line are built at the same time.
declare -A deps=([Basics]="" [TemplateFormat]="" [JSONText]="Basics" [LSPProtocol]="JSONText" [ProjectModel]="Basics TemplateFormat"
  [Validator]="Basics TemplateFormat ProjectModel" [ToolSupport]="Basics TemplateFormat ProjectModel"
  [HTMLGen]="Basics JSONText TemplateFormat ProjectModel Validator" [LanguageFeatures]="Basics TemplateFormat ProjectModel Validator HTMLGen"
  [LanguageServer]="Basics JSONText LSPProtocol LanguageFeatures ProjectModel TemplateFormat Validator ToolSupport")
levels=("Basics TemplateFormat" "JSONText ProjectModel" "LSPProtocol Validator ToolSupport" "HTMLGen" "LanguageFeatures" "LanguageServer")

# A module is rebuilt when it was never built, or a source of it, a module it imports or
# this script is newer than its last build.
stale() {
  local module=$1 stamp="$build/$1.stamp" dep
  [ -f "$stamp" ] && [ -f "$build/lib$module.a" ] || return 0
  [ -z "$(find "Sources/$module" Fuzz/run.sh -newer "$stamp" \( -name '*.swift' -o -name run.sh \) | head -1)" ] || return 0
  for dep in ${deps[$module]}; do [ "$build/$dep.stamp" -nt "$stamp" ] && return 0; done
  return 1
}

build_module() {
  local module=$1 sources
  sources=$(find "Sources/$module" -name '*.swift' | sort)
  # shellcheck disable=SC2086
  swiftc "${flags[@]}" -enable-testing -wmo -emit-library -static -module-name "$module" \
    -emit-module -emit-module-path "$build/$module.swiftmodule" $sources -o "$build/lib$module.a" \
    && touch "$build/$module.stamp"
}

started=$(date +%s)
for level in "${levels[@]}"; do
  pids=()
  for module in $level; do
    if stale "$module"; then
      echo "fuzz: building $module" >&2
      build_module "$module" & pids+=($!)
    fi
  done
  for pid in "${pids[@]}"; do wait "$pid" || { echo "fuzz: the build failed" >&2; exit 2; }; done
done

libs=(-lLanguageServer -lLanguageFeatures -lHTMLGen -lValidator -lToolSupport -lProjectModel -lLSPProtocol -lJSONText -lTemplateFormat -lBasics)
shared=(Fuzz/Targets/Failure.swift Tests/TemplateFormatTests/PropertyChecks.swift)
declare -A source=([roundtrip]=Roundtrip [reparse]=Reparse [format]=Format [export]=Export [server]=Server)
link() {
  local target=$1 file="Fuzz/Targets/${source[$1]}.swift"
  # gold warns about every sanitizer helper symbol; those lines are noise.
  swiftc "${flags[@]}" -module-name "Fuzz_$target" "$file" "${shared[@]}" "${libs[@]}" -o "$build/fuzz-$target" 2>&1 \
    | { grep -v "Cannot export local symbol" || true; } >&2
  return "${PIPESTATUS[0]}"
}
pids=()
for target in "${targets[@]}"; do
  [ -n "${source[$target]:-}" ] || { echo "fuzz: no target '$target' (${!source[*]})" >&2; exit 2; }
  binary="$build/fuzz-$target"
  if [ ! -x "$binary" ] || [ -n "$(find "Fuzz/Targets/${source[$target]}.swift" "${shared[@]}" "$build" -maxdepth 1 -newer "$binary" \( -name '*.swift' -o -name '*.a' \) | head -1)" ]; then
    echo "fuzz: linking $target" >&2
    link "$target" & pids+=($!)
    # Two at a time.
    if [ ${#pids[@]} -ge 2 ]; then wait "${pids[0]}" || { echo "fuzz: linking failed" >&2; exit 2; }; pids=("${pids[@]:1}"); fi
  fi
done
for pid in "${pids[@]}"; do wait "$pid" || { echo "fuzz: linking failed" >&2; exit 2; }; done
echo "fuzz: built in $(( $(date +%s) - started )) s" >&2

passed=0
failed=0
total=0
for target in "${targets[@]}"; do
  work=$(mktemp -d)
  cp -r "Fuzz/Corpus/$target/." "$work/" 2>/dev/null || true
  findings="Fuzz/Findings/$target"
  mkdir -p "$findings"
  log="$work.log"
  status=0
  # The scratch corpus comes first: libFuzzer writes new inputs only to the first directory.
  ASAN_OPTIONS=detect_leaks=0 "$build/fuzz-$target" "$work" -max_total_time="$seconds" -max_len=65536 \
    -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 -artifact_prefix="$findings/" > "$log" 2>&1 || status=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  total=$(( total + runs ))
  if [ "$status" -ne 0 ]; then
    echo "FAIL $target after $runs executions (exit $status):"
    grep -E "fuzz target|ERROR|SUMMARY|Test unit written|^artifact_prefix" "$log" | head -20
    echo "  reproduce: $build/fuzz-$target $findings/<file>"
    failed=$(( failed + 1 ))
  else
    rmdir "$findings" 2>/dev/null || true
    echo "ok: $target: $runs executions in ${seconds} s, corpus $(ls "$work" | wc -l) inputs, no findings"
    passed=$(( passed + 1 ))
  fi
  rm -rf "$work" "$log"
done
rmdir Fuzz/Findings 2>/dev/null || true
echo "fuzz: $total executions in all"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] || { echo "fuzz: findings are under Fuzz/Findings/ (see Fuzz/README.md)"; exit 1; }
