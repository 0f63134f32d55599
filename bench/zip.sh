#!/usr/bin/env bash
# The raw benchmark array scanned from its folder and from a zip of it, in one JMH run: bench/zip.sh DATA_DIR [JMH...]
#
# Makes DATA_DIR/raw.zarr if missing, zips it into DATA_DIR/raw.zarr.zip as zarr-python's ZipStore does (Python's
# zipfile, entries stored), then runs OnePassScan.scan with -p array=raw,raw.zip (what `stride scan` does once per
# process). JMH options after DATA_DIR replace the defaults. Results: $RESULTS, else bench/target/zip/.
. "$(dirname "$0")/lib.sh"
bench_start zip "$@"
shift
ensure_bench_data raw
if [ ! -f "$data/raw.zarr.zip" ]; then
  echo "== zipping raw.zarr into $data/raw.zarr.zip" >&2
  python3 - "$data" <<'PY'
import os, sys, zipfile
data = sys.argv[1]
with zipfile.ZipFile(os.path.join(data, 'raw.zarr.zip.part'), 'w', zipfile.ZIP_STORED, allowZip64=True) as z:
    for folder, dirs, files in os.walk(os.path.join(data, 'raw.zarr')):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(folder, name)
            z.write(path, os.path.relpath(path, os.path.join(data, 'raw.zarr')))
os.rename(os.path.join(data, 'raw.zarr.zip.part'), os.path.join(data, 'raw.zarr.zip'))
PY
fi
"$root/mvnw" -q -pl bench -am package -DskipTests -Dmaven.javadoc.skip -Dmaven.source.skip
jmh=("$@")
[ ${#jmh[@]} -gt 0 ] || jmh=(-p io=AUTO -f 2 -wi 2 -i 4 -w 2s -r 2s)
"$jdk/bin/java" -Dstride.benchdata="$data" -jar "$here/target/benchmarks.jar" 'OnePassScan.scan' -p array=raw,raw.zip "${jmh[@]}" \
  -rf json -rff "$results/zip.json" | tee "$results/zip.txt"
