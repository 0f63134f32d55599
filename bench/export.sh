#!/usr/bin/env bash
# The export benchmark: fields x and y of the 32 Mi record benchmark arrays (raw and zstd) exported to Arrow IPC and
# to Parquet (zstd, snappy) by Stride in a warm JVM (bench/export/ExportBench.java), next to (a) copying a file of
# the output's size with dd (the write limit: the same bytes read from the page cache and written) and (b) TensorStore
# reading the fields into numpy and pyarrow writing them (bench/export/peer_export.py), all in this one run. Prints a
# markdown table of the best round of each, with the ratios (bench/export_report.py).
#
# usage: bench/export.sh DATA_DIR [WARMUP [ROUNDS]]     (defaults 3 and 7)
# environment: RESULTS (output directory, default bench/target/export); OUT (where the exported files are written,
#              default $RESULTS/out: the files of one format are ~400 MB)
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_start export "$@"
warmup=${2:-3}
rounds=${3:-7}
out=${OUT:-$results/out}
mkdir -p "$out"

py=$(peers_python pyarrow)
ensure_bench_data raw zstd
"$root/stride" --version >/dev/null

lines="$results/export.jsonl"
: >"$lines"
echo "== Stride, warm JVM ($warmup warm-up rounds, $rounds timed)" >&2
"$jdk/bin/java" --enable-native-access=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED \
  --sun-misc-unsafe-memory-access=allow -Xmx4g -cp "$root/cli/target/stride.jar" "$here/export/ExportBench.java" \
  "$data" "$out" "$warmup" "$rounds" | tee -a "$lines" >&2

echo "== dd: a copy of each output file" >&2
for f in "$out"/raw.* "$out"/zstd.*; do
  for ((r = 0; r < warmup + rounds; r++)); do
    rm -f "$out/copy"
    start=$(date +%s.%N)
    dd if="$f" of="$out/copy" bs=1M status=none
    end=$(date +%s.%N)
    if ((r >= warmup)); then
      name=$(basename "$f")
      printf '{"who":"dd copy","array":"%s","format":"%s","seconds":%s,"bytes":%s}\n' "${name%%.*}" \
        "$(echo "$name" | cut -d. -f2)" "$(printf '%.4f' "$(echo "$end - $start" | bc)")" "$(stat -c %s "$f")" | tee -a "$lines" >&2
    fi
  done
done
rm -f "$out/copy"

echo "== TensorStore + pyarrow" >&2
"$py" "$here/export/peer_export.py" "$data" "$out" "$warmup" "$rounds" | tee -a "$lines" >&2

{
  echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs) ($(nproc) cores), $(uptime | sed 's/.*load/load/')"
  echo
  python3 "$here/export_report.py" "$lines"
} | tee "$results/export.md"
