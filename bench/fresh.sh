#!/usr/bin/env bash
# Fresh processes of the launcher, as a user types them, with and without its start-up (AOT) cache, in one run:
# `stride scan --field x`, `stride cat` of 1000 records, and `stride export` of x and y to Arrow IPC and to Parquet,
# over the raw, zstd, blosc and sharded benchmark arrays. Each round runs every command on every array once with the
# cache and once with STRIDE_NO_AOT=1, back to back in a random order, so that a pair shares the machine's load of
# that moment; prints a markdown table of the medians and minimums of each and the median ratio of the pairs
# (bench/fresh_report.py).
#
# usage: bench/fresh.sh DATA_DIR [ROUNDS]      (default 7 rounds; ~1.5 minutes per round on 2 cores)
#   DATA_DIR      holds raw.zarr, zstd.zarr, blosc.zarr, sharded.zarr; missing ones are made there with
#                 ../shared/peers/make_bench_data.py (32 Mi records)
# environment:    RESULTS output directory (default bench/target/fresh); OUT where exports are written (default a
#                 new directory in /dev/shm when there is one, so that the disk's write speed stays out; ~400 MB)
# outputs:        $RESULTS/fresh.tsv (one line per process), fresh.md
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_start fresh "$@"
rounds=${2:-7}
if [ -n "${OUT:-}" ]; then
  out=$OUT
  mkdir -p "$out"
else
  out=$(mktemp -d "$([ -w /dev/shm ] && echo /dev/shm || echo "${TMPDIR:-/tmp}")/stride-fresh.XXXXXX")
  trap 'rm -rf "$out"' EXIT
fi

arrays=(raw zstd blosc sharded)
ensure_bench_data "${arrays[@]}"

# the command named $1 on the array $2, as the words after `stride`
words() {
  case $1 in
    scan) echo "scan $data/$2.zarr --field x --json" ;;
    cat) echo "cat $data/$2.zarr --region 1000000:1001000" ;;
    export-arrow) echo "export $data/$2.zarr $out/$2.arrow --fields x,y" ;;
    export-parquet) echo "export $data/$2.zarr $out/$2.parquet --fields x,y" ;;
  esac
}
commands=(scan cat export-arrow export-parquet)

# one fresh process of the command $1 on the array $2, cache on ($3 = aot) or off (no): prints its line of fresh.tsv
# (the round, then wall, user and system seconds)
timed() {
  local command=$1 array=$2 mode=$3 times
  local -a env=()
  [ "$mode" = no ] && env=(STRIDE_NO_AOT=1)
  # shellcheck disable=SC2046 # words splits on purpose: no path in it has a space
  times=$( { TIMEFORMAT='%3R %3U %3S'; time env "${env[@]}" "$root/stride" $(words "$command" "$array") >/dev/null \
    2>"$results/stderr.txt"; } 2>&1 ) \
    || { cat "$results/stderr.txt" >&2; echo "failed: stride $(words "$command" "$array")" >&2; exit 1; }
  rm -f "$out"/*
  printf '%s\t%s\t%s\t%s\t%s\n' "$round" "$command" "$array" "$mode" "${times// /$'\t'}"
}

# builds the jar and records whatever cache the launcher keeps, outside the timed runs; reads every array into the
# page cache
echo "== warming up: every command on every array once in each mode" >&2
round=0
for command in "${commands[@]}"; do
  for array in "${arrays[@]}"; do
    timed "$command" "$array" aot >/dev/null
    timed "$command" "$array" no >/dev/null
  done
done

tsv="$results/fresh.tsv"
printf 'round\tcommand\tarray\tmode\twall\tuser\tsys\n' >"$tsv"
for ((round = 1; round <= rounds; round++)); do
  echo "== round $round of $rounds" >&2
  for command in "${commands[@]}"; do
    for array in "${arrays[@]}"; do
      if ((RANDOM % 2)); then
        timed "$command" "$array" aot; timed "$command" "$array" no
      else
        timed "$command" "$array" no; timed "$command" "$array" aot
      fi
    done
  done | tee -a "$tsv" >&2
done
rm -f "$results/stderr.txt"

python3 "$here/fresh_report.py" "$tsv" | tee "$results/fresh.md"
