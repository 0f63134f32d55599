#!/usr/bin/env bash
# stride tune, checked against what it recommends: bench/tune.sh DATA_DIR [BUDGET]
#
# On the benchmark array zstd.zarr (made in DATA_DIR if missing; field x) and on nested-noise.zarr (a nested record
# with a field of random bits, bench/make_nested_noise.py; fields pos.x and noise), runs `stride tune --json` within
# BUDGET (default 60s), then the `stride copy` it recommends, and scans the whole copy as tune scans a candidate
# (bench/TuneCheck.java: a first scan in a freshly opened reader, then the fastest of five more; in 3 processes). The
# report sets what tune measured on its sample beside what the whole copy gives: the size ratio to the source (stored
# bytes of the chunks) and the scan speeds (records per second). Run by hand, not in CI. Results: $RESULTS, else
# bench/target/tune/ (ARRAY.tune.json, ARRAY.scans.jsonl, ARRAY.bytes.json, tune.md); the copies are deleted.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_start tune "$@"
budget="${2:-60s}"
py=$(peers_python numpy)
ensure_bench_data zstd
[ -f "$data/nested-noise.zarr/zarr.json" ] || "$py" "$here/make_nested_noise.py" "$data"
"$root/stride" --version >&2
: > "$results/load.txt"
for job in "zstd x" "nested-noise pos.x,noise"; do
  read -r a fields <<< "$job"
  echo "== tune $a --fields $fields --budget $budget" >&2
  uptime | sed "s/^/load before $a: /" >> "$results/load.txt"
  "$root/stride" tune "$data/$a.zarr" --fields "$fields" --budget "$budget" --json > "$results/$a.tune.json"
  copy="$results/$a.copy.zarr"
  rm -rf "$copy"
  mapfile -t options < <(python3 -c 'import json, sys; print(*json.load(open(sys.argv[1]))["candidates"][0]["copy_options"], sep="\n")' "$results/$a.tune.json")
  echo "== copy $a ${options[*]}" >&2
  "$root/stride" copy "$data/$a.zarr" "$copy" "${options[@]}" >&2
  : > "$results/$a.scans.jsonl"
  for _ in 1 2 3; do
    "$jdk/bin/java" --enable-native-access=ALL-UNNAMED -cp "$root/cli/target/stride.jar" "$here/TuneCheck.java" "$copy" "$fields" \
      >> "$results/$a.scans.jsonl"
  done
  python3 "$here/tune_report.py" bytes "$data/$a.zarr" "$copy" > "$results/$a.bytes.json"
  rm -rf "$copy"
done
uptime | sed 's/^/load: /' >> "$results/load.txt"
python3 "$here/tune_report.py" report "$results" zstd nested-noise | tee "$results/tune.md"
