#!/usr/bin/env bash
# Scans of the benchmark arrays served over HTTP, next to the same scans of the local files and TensorStore's http
# kvstore on the same server, in one session: nginx on loopback serves DATA_DIR, and two latency proxies
# (../shared/peers/latency_proxy.py) stand in front of it, one adding 0 ms and one 20 ms per request (this kernel has
# no netem, so the proxy's own cost is compared with itself). Prints a markdown table of Mrecords/s and ratios.
#
# usage: bench/remote.sh DATA_DIR [JMH options...]
#   DATA_DIR      holds raw.zarr, zstd.zarr, sharded.zarr (missing ones are made there, as bench/run.sh does)
#   JMH options   replace the defaults (-f 1 -wi 2 -i 3 -w 2s -r 2s -p threads=2)
# environment:    PEER_REPEAT TensorStore runs per array and server (default 3); RESULTS output directory
#                 (default bench/target/remote); DELAY_MS the slow proxy's delay (default 20)
# Then the same scans over S3: s3proxy in memory (checks/servers/s3proxy.sh) with the arrays uploaded.
# outputs:        $RESULTS/jmh.json, jmh.txt, peers.txt, jmh-s3.json, results.md
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_start remote "$@"
shift
jmh_args=("$@")
[ ${#jmh_args[@]} -gt 0 ] || jmh_args=(-f 1 -wi 2 -i 3 -w 2s -r 2s -p threads=2)
delay=${DELAY_MS:-20}

py=$(peers_python numpy)
ensure_bench_data raw zstd sharded

echo "== building bench/target/benchmarks.jar" >&2
(cd "$root" && ./mvnw -q -pl bench -am package -DskipTests)

server="$results/nginx"
pids=()
stop() {
  kill "${pids[@]}" 2>/dev/null || true
  [ -f "$server/nginx.pid" ] && kill "$(cat "$server/nginx.pid")" 2>/dev/null || true
}
trap stop EXIT
nginx_port=$("$root/checks/servers/nginx.sh" "$data" "$server")
fast_port=$(free_port)
python3 "$shared/peers/latency_proxy.py" "$fast_port" "$nginx_port" 0 & pids+=($!)
slow_port=$(free_port)
python3 "$shared/peers/latency_proxy.py" "$slow_port" "$nginx_port" "$delay" & pids+=($!)
sleep 1
bases="local,http://127.0.0.1:$nginx_port,http://127.0.0.1:$fast_port,http://127.0.0.1:$slow_port"
echo "== nginx on $nginx_port, proxies: 0 ms on $fast_port, $delay ms on $slow_port" >&2

echo "== JMH: ${jmh_args[*]}" >&2
"$jdk/bin/java" -Dstride.benchdata="$data" -jar "$here/target/benchmarks.jar" 'OpenArrayReads.scan$' \
  -p array=raw,zstd,sharded -p base="$bases" "${jmh_args[@]}" -rf json -rff "$results/jmh.json" | tee "$results/jmh.txt" >&2

echo "== TensorStore (http kvstore)" >&2
for port in "$nginx_port" "$fast_port" "$slow_port"; do
  for a in raw zstd sharded; do
    echo "== $a http://127.0.0.1:$port"
    "$py" "$shared/peers/scan_peers.py" "http://127.0.0.1:$port/$a.zarr" x --peer tensorstore --repeat "${PEER_REPEAT:-3}"
  done
done | tee "$results/peers.txt" >&2

echo "== S3: s3proxy in memory, the arrays uploaded" >&2
export AWS_ACCESS_KEY_ID=stride-bench AWS_SECRET_ACCESS_KEY=stride-bench-secret-0123456789 AWS_REGION=us-east-1
AWS_ENDPOINT_URL=$("$root/checks/servers/s3proxy.sh" "$results/s3proxy")
export AWS_ENDPOINT_URL
pids+=("$(cat "$results/s3proxy/pid")")
upload=$(mktemp -d)
for a in raw zstd sharded; do ln -s "$data/$a.zarr" "$upload/$a.zarr"; done
python3 "$root/checks/servers/s3upload.py" "$upload" "$AWS_ENDPOINT_URL" bench
rm -r "$upload"
"$jdk/bin/java" -Dstride.benchdata="$data" -jar "$here/target/benchmarks.jar" 'OpenArrayReads.scan$' \
  -p array=raw,zstd,sharded -p base=s3://bench "${jmh_args[@]}" -rf json -rff "$results/jmh-s3.json" | tee "$results/jmh-s3.txt" >&2

python3 "$here/remote_report.py" "$results/jmh.json" "$results/peers.txt" "$nginx_port" "$fast_port" "$slow_port" "$delay" \
  "$results/jmh-s3.json" | tee "$results/results.md"
