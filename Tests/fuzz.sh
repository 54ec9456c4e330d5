#!/usr/bin/env bash
# Fuzz one reader with libFuzzer for a while:  Tests/fuzz.sh FORMAT [SECONDS]
#
# Builds the `almanac-fuzz` target with -sanitize=fuzzer,address, seeds a corpus from
# Samples/ and the test data, and runs the fuzzer on FORMAT (json, ndjson, ics, markdown,
# jcal, …: any name `almanac formats` lists). Each input is read, written back and read
# again. Crashes land in .build/fuzz/crashes/FORMAT; copy each one into
# Tests/FuzzRegressions/FORMAT/ once fixed, where FuzzRegressionTests replays it.
set -euo pipefail
cd "$(dirname "$0")/.."
format=${1:?usage: Tests/fuzz.sh FORMAT [SECONDS]}
seconds=${2:-600}
command -v swift >/dev/null || export PATH="$PATH:/opt/swift/usr/bin"

scratch=.build/fuzz
swift build -c release --product almanac-fuzz --scratch-path "$scratch" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DALMANAC_FUZZING -Xswiftc -use-ld=lld

corpus=$scratch/corpus/$format
crashes=$scratch/crashes/$format
mkdir -p "$corpus" "$crashes"
# Seeds: the samples and test files of this format (and ../shared's conformance data, when
# present), by the extensions the format claims, and every sample written in this format.
roots="Samples Tests"
if [ -d ../shared ]; then roots="$roots ../shared"; fi
extensions=$("$scratch/release/almanac-fuzz" --list-extensions "$format" 2>/dev/null || true)
for extension in $extensions; do
    find $roots -name "*.$extension" -size -1024k -exec cp {} "$corpus/" \; 2>/dev/null || true
done
"$scratch/release/almanac-fuzz" --write-seeds "$format" "$corpus" Samples/* >/dev/null 2>&1 || true
if [ -d "Tests/FuzzRegressions/$format" ]; then cp "Tests/FuzzRegressions/$format/"* "$corpus/" 2>/dev/null || true; fi
echo "seed corpus: $(ls "$corpus" | wc -l) files in $corpus"

ALMANAC_FUZZ_FORMAT=$format "$scratch/release/almanac-fuzz" "$corpus" \
    -max_total_time="$seconds" -rss_limit_mb=4096 -timeout=10 -max_len=65536 \
    -artifact_prefix="$crashes/" -print_final_stats=1
