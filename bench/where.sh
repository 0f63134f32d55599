#!/usr/bin/env bash
# Chunk statistics at work: bench/where.sh DATA_DIR
#
# Makes where-sorted.zarr (32 Mi records sorted by time) and where-loose.zarr (times moved by up to 2% of the span) in
# DATA_DIR with bench/make_where_array.py if missing (BENCH_RECORDS sets another count), then for each: `stride index`
# against a plain one-pass `stride scan` of all fields, and `stride scan --field speed --where` a window of 1% of the
# times against the full `stride scan --field speed`, best of REPEAT runs (default 3) each, files in the page cache,
# each the time the command reports for its pass (the JVM's start, the same for all, left out).
# Results: $RESULTS, else bench/target/where/ (where.md).
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_start where "$@"
py=$(peers_python numpy numcodecs)
window_file="$data/where-window.txt"
if [ ! -f "$data/where-sorted.zarr/zarr.json" ] || [ ! -f "$data/where-loose.zarr/zarr.json" ] || [ ! -f "$window_file" ]; then
  "$py" "$here/make_where_array.py" "$shared" "$data" --records "${BENCH_RECORDS:-33554432}" >"$window_file"
fi
window="$(cat "$window_file")"
repeat="${REPEAT:-3}"

# best SECONDS of $repeat runs of a command, as the command itself reports them (the pass alone, not the JVM's start):
# scan --json's "seconds", index's "in S s (N read, M unchanged)"
best() {
  local b="" t
  for _ in $(seq "$repeat"); do
    t=$("$@" | python3 -c '
import json, re, sys
text = sys.stdin.read()
m = re.search(r" in ([0-9.]+) s \(", text.strip())
print(m.group(1) if m else json.loads(text.splitlines()[0])["seconds"])')
    if [ -z "$b" ] || [ "$(echo "$t < $b" | bc)" = 1 ]; then b=$t; fi
  done
  echo "$b"
}

{
  echo "| array | index | one-pass scan, all fields | index / scan | full scan of speed | --where 1% | speed-up | chunks read |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
  for name in where-sorted where-loose; do
    a="$data/$name.zarr"
    "$root/stride" scan "$a" --field speed >/dev/null  # the page cache holds the files from here on
    index=$(best "$root/stride" index "$a" --rebuild)
    onepass=$(best "$root/stride" scan "$a" --field time,speed,id --json)
    full=$(best "$root/stride" scan "$a" --field speed --json)
    where=$(best "$root/stride" scan "$a" --field speed --where "$window" --json)
    chunks=$("$root/stride" scan "$a" --field speed --where "$window" --json | python3 -c \
      'import json, sys; r = json.loads(sys.stdin.readline()); print(r["chunks_read"], "of", r["chunks_read"] + r["chunks_skipped"])')
    printf '| %s | %.2f s | %.2f s | %.2fx | %.2f s | %.2f s | %.1fx | %s |\n' "$name" "$index" "$onepass" \
      "$(echo "$onepass / $index" | bc -l)" "$full" "$where" "$(echo "$full / $where" | bc -l)" "$chunks"
  done
  echo
  echo "query: $window; each time is the best of $repeat runs, as the command reports its pass (the JVM's start left out)"
} | tee "$results/where.md"
