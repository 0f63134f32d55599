#!/usr/bin/env bash
# Runs Stride's JMH benchmarks, the field kernels in pairs with their baselines, fresh `stride scan` processes, the
# peer readers (TensorStore, numpy memmap) and a C program that shows the machine's floor for one pass, on the same
# arrays in one session, then prints a markdown table of records/s with ratios to the baselines and the peers.
#
# usage: bench/run.sh DATA_DIR [JMH options...]
#   DATA_DIR      holds raw.zarr, big.zarr, zstd.zarr, blosc.zarr, sharded.zarr; missing ones are made there with
#                 ../shared/peers/make_bench_data.py (32 Mi records, about 2.6 GB for all five)
#   JMH options   replace the defaults (-p io=AUTO -f 1 -wi 2 -i 3 -w 2s -r 2s -prof gc: every benchmark on the default I/O
#                 policy, about 20 minutes), e.g. a benchmark regexp and '-p array=raw' (see -h of the jar)
# environment:    PEER_REPEAT runs per peer and array (default 5); FRESH_REPEAT fresh processes (default 10);
#                 PAIRED_ROUNDS pairs of a field kernel and its baseline (default 100, about 3 minutes; 0 leaves them out);
#                 RESULTS output directory (default bench/target/results); JVM_OPTS options for the JMH and paired
#                 JVMs (JMH's forks inherit them; not the fresh `stride scan` processes), e.g.
#                 '--add-modules=jdk.incubator.vector -Dstride.kernels.vector=true' for the vector kernels
# outputs:        $RESULTS/jmh.json, jmh.txt, paired.txt, fresh.txt, floor.txt, peers.txt, results.md
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_start results "$@"
shift
jmh_args=("$@")
read -r -a jvm_opts <<< "${JVM_OPTS:-}"
[ ${#jmh_args[@]} -gt 0 ] || jmh_args=(-p io=AUTO -f 1 -wi 2 -i 3 -w 2s -r 2s -prof gc)
java="$jdk/bin/java"

py=$(peers_python numpy)
ensure_bench_data raw big zstd blosc sharded int32

echo "== building bench/target/benchmarks.jar" >&2
(cd "$root" && ./mvnw -q -pl bench -am package -DskipTests)

echo "== JMH: ${jmh_args[*]}" >&2
"$java" "${jvm_opts[@]}" -Dstride.benchdata="$data" -jar "$here/target/benchmarks.jar" "${jmh_args[@]}" \
  -rf json -rff "$results/jmh.json" | tee "$results/jmh.txt" >&2

echo "== field kernels against their baselines in pairs, one JVM per field and thread count" >&2
paired_rounds=${PAIRED_ROUNDS:-100}
if [ "$paired_rounds" -gt 0 ]; then
  for type in float64 float32 int64 int32; do
    for threads in 1 2; do
      "$java" "${jvm_opts[@]}" -Dstride.benchdata="$data" --enable-native-access=ALL-UNNAMED -cp "$here/target/benchmarks.jar" \
        dev.stride.bench.PairedRatios "$type" "$threads" "$paired_rounds"
    done
  done
fi | tee "$results/paired.txt" >&2

echo "== fresh processes: stride scan raw.zarr --field x --json" >&2
"$root/stride" --version >/dev/null  # builds the launcher's jar and AOT cache outside the timed runs
for _ in $(seq "${FRESH_REPEAT:-10}"); do
  "$root/stride" scan "$data/raw.zarr" --field x --json
done | tee "$results/fresh.txt" >&2

echo "== C floor: map, sum x, unmap" >&2
if command -v cc >/dev/null; then
  cc -O2 -o "$here/target/onepass" "$here/floor/onepass.c" -lpthread
  # records of {id: int64, x: float64, y: float32, flags: uint8}: 21 bytes, x at byte 8
  "$here/target/onepass" "$data/raw.zarr" 21 8 "$(nproc)" | tee "$results/floor.txt" >&2
else
  echo "no C compiler (cc): the floor is left out" | tee "$results/floor.txt" >&2
fi

echo "== peers" >&2
for a in raw big zstd blosc sharded; do
  echo "== $a"
  # numpy memmap reads only uncompressed little-endian chunks
  "$py" "$shared/peers/scan_peers.py" "$data/$a.zarr" x --peer "$([ "$a" = raw ] && echo all || echo tensorstore)" \
    --repeat "${PEER_REPEAT:-5}"
done | tee "$results/peers.txt" >&2

python3 "$here/report.py" "$results/jmh.json" "$results/peers.txt" "$results/fresh.txt" "$results/floor.txt" "$results/paired.txt" | tee "$results/results.md"
