#!/usr/bin/env bash
# stride tune's figures for fixed layouts over several runs, beside the whole copies' over as many: bench/tune_spread.sh
# DATA_DIR [ROUNDS] [BUDGET]
#
# One tune.sh run compares one tune figure with one copy figure, minutes apart, on a machine whose speed drifts; this
# sets the spread of each beside the other. On the benchmark array zstd.zarr (field x), makes whole copies in three
# uncompressed layouts (chunks of 131072; the same in shards of 1048576; chunks of 32768 in shards of 262144), then runs
# ROUNDS (default 6) rounds, each a `stride tune --json` within BUDGET (default 60s), which measures those layouts among
# others, and bench/TuneCheck.java on each copy. The report gives each layout's first and warm scan as tune measured
# them and as the copies gave them: every round, and the median of the rounds' ratios (a round's figures are taken a
# minute apart, where the machine's speed has drifted least). Run by hand, not in CI. Results: $RESULTS, else
# bench/target/tune-spread/ (tune-N.json, checks.jsonl, spread.md); copies are deleted.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_start tune-spread "$@"
rounds="${2:-6}"
budget="${3:-60s}"
ensure_bench_data zstd
"$root/stride" --version >&2
layouts=("chunks-131072 --chunks 131072 --codec none"
         "shards-1048576 --chunks 131072 --shards 1048576 --codec none"
         "shards-262144 --chunks 32768 --shards 262144 --codec none")
for layout in "${layouts[@]}"; do
  read -r name options <<< "$layout"
  rm -rf "$results/$name.zarr"
  # shellcheck disable=SC2086 # options holds several
  "$root/stride" copy "$data/zstd.zarr" "$results/$name.zarr" $options --no-statistics >&2
done
rm -f "$results"/tune-*.json
: > "$results/checks.jsonl"
for round in $(seq 1 "$rounds"); do
  echo "== round $round of $rounds" >&2
  "$root/stride" tune "$data/zstd.zarr" --fields x --budget "$budget" --json > "$results/tune-$round.json"
  for layout in "${layouts[@]}"; do
    read -r name _ <<< "$layout"
    "$jdk/bin/java" --enable-native-access=ALL-UNNAMED -cp "$root/cli/target/stride.jar" "$here/TuneCheck.java" \
      "$results/$name.zarr" x | python3 -c 'import json, sys; print(json.dumps(json.load(sys.stdin) | {"layout": sys.argv[1], "round": int(sys.argv[2])}))' "$name" "$round" \
      >> "$results/checks.jsonl"
  done
done
for layout in "${layouts[@]}"; do
  read -r name _ <<< "$layout"
  rm -rf "$results/$name.zarr"
done
python3 "$here/tune_report.py" spread "$results" | tee "$results/spread.md"
