#!/usr/bin/env bash
# What chunk statistics cost a copy: bench/copy_statistics.sh DATA_DIR [ROUNDS] [ARRAY]
#
# `stride copy` of the benchmark array ARRAY.zarr (raw, zstd or blosc; default raw; made in DATA_DIR if missing) in
# its own codec, with statistics (the default) and with --no-statistics, alternately and the order swapped each round
# (default 6 rounds), files in the page cache. Prints each copy's time as the command reports it, its user CPU seconds
# and the load average, then the median of each and their ratio. Results: $RESULTS, else bench/target/copy-statistics/
# (copies.txt, copy-statistics.md).
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_start copy-statistics "$@"
rounds="${2:-6}"
array="${3:-raw}"
ensure_bench_data "$array"
"$root/stride" --version >&2
: > "$results/copies.txt"
for i in $(seq 1 "$rounds"); do
  if (( i % 2 )); then order="with without"; else order="without with"; fi
  for mode in $order; do
    dst="$results/copy-$mode.zarr"
    rm -rf "$dst"
    options=()
    [[ $mode == without ]] && options=(--no-statistics)
    out=$( { /usr/bin/time -f "cpu %U" "$root/stride" copy "$data/$array.zarr" "$dst" "${options[@]}"; } 2>&1 )
    echo "$mode $(awk '/^time/ {print $2}' <<<"$out") $(awk '/^cpu/ {print $2}' <<<"$out") $(cut -d' ' -f1 /proc/loadavg)" \
      | tee -a "$results/copies.txt" >&2
    rm -rf "$dst"
  done
done
python3 - "$results/copies.txt" "$array" <<'PY' | tee "$results/copy-statistics.md"
import statistics, sys
rows = [line.split() for line in open(sys.argv[1]) if line.strip()]
def median(mode, column):
    return statistics.median(float(r[column].rstrip('s')) for r in rows if r[0] == mode)
w, wo = median('with', 1), median('without', 1)
print('| copy of %s.zarr | median s | median user CPU s |' % sys.argv[2])
print('| --- | ---: | ---: |')
print('| with statistics | %.2f | %.2f |' % (w, median('with', 2)))
print('| --no-statistics | %.2f | %.2f |' % (wo, median('without', 2)))
print()
print('speed with statistics: %.2fx the speed without them (%d rounds)' % (wo / w, len(rows) // 2))
PY
