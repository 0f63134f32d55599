#!/usr/bin/env bash
# Zarr v2 against its v3 twin and against TensorStore's v2 driver, in one run: bench/v2.sh DATA_DIR [JMH options...]
#
# Makes the v3 benchmark arrays blosc.zarr and zstd.zarr (and raw.zarr) in DATA_DIR if missing, then their v2 twins
# v2-blosc.zarr (zarr-python 2's default compressor: blosc lz4, level 5, byte shuffle) and v2-zstd.zarr with
# bench/make_v2_arrays.py: the same records, chunks and compressed bytes. Runs JMH's OnePassScan.scan (what
# `stride scan --field x` does in one pass) on all four, then TensorStore summing x on each (its `zarr` driver for v2,
# `zarr3` for v3), and prints the ratios. JMH options after DATA_DIR replace the defaults. Results: $RESULTS, else
# bench/target/v2/ (v2.json, v2.txt, tensorstore.txt, v2.md).
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_start v2 "$@"
shift
py=$(peers_python numpy numcodecs tensorstore)
ensure_bench_data raw blosc zstd
for a in v2-blosc v2-zstd; do
  [ -f "$data/$a.zarr/.zarray" ] || "$py" "$here/make_v2_arrays.py" "$data" "$a"
done
"$root/mvnw" -q -pl bench -am package -DskipTests -Dmaven.javadoc.skip -Dmaven.source.skip
jmh=("$@")
[ ${#jmh[@]} -gt 0 ] || jmh=(-p io=AUTO -p threads=1,2 -f 2 -wi 2 -i 4 -w 2s -r 2s)
"$jdk/bin/java" -Dstride.benchdata="$data" -jar "$here/target/benchmarks.jar" 'OnePassScan.scan' \
  -p array=blosc,v2-blosc,zstd,v2-zstd "${jmh[@]}" -rf json -rff "$results/v2.json" | tee "$results/v2.txt" >&2
for a in blosc v2-blosc zstd v2-zstd; do
  echo "== $a"
  # the page cache holds the files after the first run; the first run is dropped by the report
  "$py" "$here/tensorstore_scan.py" "$data/$a.zarr" x --repeat "${PEER_REPEAT:-6}"
done | tee "$results/tensorstore.txt" >&2
python3 "$here/v2_report.py" "$results/v2.json" "$results/tensorstore.txt" | tee "$results/v2.md"
