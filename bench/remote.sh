#!/usr/bin/env bash
# Scans of the benchmark arrays over loopback object servers, on fair terms: every server process (nginx, the latency
# proxies, s3proxy, Azurite) is pinned to one core and every reader (the JMH fork, each ScanCpu JVM, TensorStore's
# python) to the other (taskset), and the local scan runs pinned to that same reader core, in the same run.
#
# Speed: JMH's OpenArrayReads.scan (sum of x over an array opened once per trial) from the local files, then over
# nginx serving DATA_DIR, s3proxy in memory and Azurite in memory (the arrays uploaded), each directly and through two
# latency relays (dev.stride.bench.LatencyRelay, TCP relays adding 0 ms and DELAY_MS per request: this kernel has no
# netem, so the relay is compared with itself; ../shared/peers/latency_proxy.py, the python relay it replaces, copied
# the answers at a fifth of nginx's speed on a fast machine, so its 0 ms column measured the relay).
# CPU per GB: each reader in a process of its own on the reader core, opening the array once and scanning it SCANS
# times, under bench/reader_cpu.py, which reads the kernel's rusage of the whole process (wait4: start-up included)
# and the CPU time of the server's processes meanwhile (what bounds the reads); each scan also prints the CPU time its
# process spent on it (getrusage of itself), so the warm scans (the second half, after the JIT has mostly settled) are
# measured apart from the first ones. Stride's reader is dev.stride.bench.ScanCpu (the scan `stride scan` runs, on
# the benchmarks jar), not `./stride scan`: the CLI scans once per process, so its CPU would be mostly the JVM's
# start-up and JIT, and JMH's fork cannot be split per scan (its warm-up iterations, and its host JVM, share the
# rusage). TensorStore's is bench/tensorstore_scan.py (its http
# and s3 kvstores; TensorStore has no Azure kvstore), each scan in a fresh cache-less context as scan_peers.py does.
#
# usage: bench/remote.sh DATA_DIR [JMH options...]
#   DATA_DIR      holds raw.zarr, zstd.zarr, sharded.zarr (missing ones are made there, as bench/run.sh does)
#   JMH options   replace the defaults (-f 1 -wi 2 -i 3 -w 2s -r 2s -p threads=2)
# environment:    SERVER_CPU, READER_CPU the cores (default 0 and 1); SCANS per reader process (default 8); DELAY_MS
#                 the slow proxy's delay (default 20); RESULTS output directory
#                 (default bench/target/remote)
# outputs:        $RESULTS/jmh-{nginx,s3proxy,azurite}.json, bases.txt, cpu.txt, results.md
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_start remote "$@"
shift
jmh_args=("$@")
[ ${#jmh_args[@]} -gt 0 ] || jmh_args=(-f 1 -wi 2 -i 3 -w 2s -r 2s -p threads=2)
delay=${DELAY_MS:-20}
server_cpu=${SERVER_CPU:-0}
reader_cpu=${READER_CPU:-1}
arrays=(raw zstd sharded)
scans=${SCANS:-8}

py=$(peers_python numpy tensorstore)
ensure_bench_data "${arrays[@]}"

echo "== building bench/target/benchmarks.jar" >&2
(cd "$root" && ./mvnw -q -pl bench -am package -DskipTests -Dmaven.javadoc.skip -Dmaven.source.skip)

relay=("$jdk/bin/java" -XX:+UseSerialGC -Xmx256m -cp "$here/target/benchmarks.jar" dev.stride.bench.LatencyRelay)
as_server() { taskset -c "$server_cpu" "$@"; }
as_reader() { taskset -c "$reader_cpu" "$@"; }

pids=()
stop() {
  kill "${pids[@]}" 2>/dev/null || true
  [ -f "$results/nginx/nginx.pid" ] && kill "$(cat "$results/nginx/nginx.pid")" 2>/dev/null || true
}
trap stop EXIT
: > "$results/bases.txt"
: > "$results/cpu.txt"
uptime | tee "$results/load.txt" >&2

# proxies NAME PORT: starts the 0 ms and the slow latency proxy in front of 127.0.0.1:PORT on the server core; sets
# fast and slow to their ports
# (taskset itself, not as_server: a function in the background is a subshell of its own, and killing that would leave
# the relay running)
proxies() {
  fast=$(free_port)
  taskset -c "$server_cpu" "${relay[@]}" "$fast" "$2" 0 & pids+=($!)
  slow=$(free_port)
  taskset -c "$server_cpu" "${relay[@]}" "$slow" "$2" "$delay" & pids+=($!)
  if ! { await_port "$fast" 50 && await_port "$slow" 50; }; then
    fail "the latency proxies in front of $1 did not start"
  fi
  echo "== $1 on $2, proxies: 0 ms on $fast, $delay ms on $slow" >&2
}

# jmh NAME SERVER=BASE...: OpenArrayReads.scan on the reader core over each base, into $results/jmh-NAME.json; each
# SERVER=BASE goes to bases.txt, where the report finds which server a JMH result's base is
jmh() {
  local name=$1 bases=() pair
  shift
  for pair in "$@"; do
    printf '%s\t%s\n' "${pair%%=*}" "${pair#*=}" >> "$results/bases.txt"
    bases+=("${pair#*=}")
  done
  echo "== JMH over $name: ${jmh_args[*]}" >&2
  as_reader "$jdk/bin/java" -Dstride.benchdata="$data" -jar "$here/target/benchmarks.jar" 'OpenArrayReads.scan$' \
    -p array="$(IFS=,; echo "${arrays[*]}")" -p base="$(IFS=,; echo "${bases[*]}")" "${jmh_args[@]}" \
    -rf json -rff "$results/jmh-$name.json" | tee "$results/jmh-$name.txt" >&2
}

# cpu SERVER PIDS STRIDE_URL TENSORSTORE_URL: each reader of each array in a process of its own on the reader core,
# where the URLs end where the array's name goes (ARRAY.zarr, then the rest of STRIDE_URL after a ?); - for no
# TensorStore
cpu() {
  local server=$1 roots=$2 a base=${3%%\?*} query=""
  [[ "$3" == *\?* ]] && query="?${3#*\?}"
  for a in "${arrays[@]}"; do
    python3 "$here/reader_cpu.py" "$roots" "$server_cpu" "$reader_cpu" stride "$a" "$server" -- taskset -c "$reader_cpu" "$jdk/bin/java" \
      --enable-native-access=ALL-UNNAMED -cp "$here/target/benchmarks.jar" dev.stride.bench.ScanCpu "$base$a.zarr$query" x "$scans" 2
    [ "$4" = - ] || python3 "$here/reader_cpu.py" "$roots" "$server_cpu" "$reader_cpu" tensorstore "$a" "$server" -- \
      taskset -c "$reader_cpu" "$py" "$here/tensorstore_scan.py" "$4$a.zarr" x --repeat "$scans"
  done | tee -a "$results/cpu.txt"
}

echo "== nginx serving $data" >&2
nginx_port=$(as_server "$root/checks/servers/nginx.sh" "$data" "$results/nginx")
proxies nginx "$nginx_port"
jmh nginx local=local nginx="http://127.0.0.1:$nginx_port" "nginx+0ms=http://127.0.0.1:$fast" \
  "nginx+${delay}ms=http://127.0.0.1:$slow"
cpu local - "$data/" "$data/"
cpu nginx "$(cat "$results/nginx/nginx.pid")" "http://127.0.0.1:$nginx_port/" "http://127.0.0.1:$nginx_port/"

echo "== s3proxy in memory, the arrays uploaded" >&2
export AWS_ACCESS_KEY_ID=stride-bench AWS_SECRET_ACCESS_KEY=stride-bench-secret-0123456789 AWS_REGION=us-east-1
AWS_ENDPOINT_URL=$(as_server "$root/checks/servers/s3proxy.sh" "$results/s3proxy")
export AWS_ENDPOINT_URL
s3_pid=$(cat "$results/s3proxy/pid")
pids+=("$s3_pid")
upload=$(mktemp -d)
for a in "${arrays[@]}"; do ln -s "$data/$a.zarr" "$upload/$a.zarr"; done
python3 "$root/checks/servers/s3upload.py" "$upload" "$AWS_ENDPOINT_URL" bench
proxies s3proxy "${AWS_ENDPOINT_URL##*:}"
jmh s3proxy s3proxy=s3://bench "s3proxy+0ms=s3://bench?endpoint=http://127.0.0.1:$fast" \
  "s3proxy+${delay}ms=s3://bench?endpoint=http://127.0.0.1:$slow"
cpu s3proxy "$s3_pid" s3://bench/ s3://bench/
kill "$s3_pid" "${pids[@]: -2}"

echo "== Azurite in memory, the arrays uploaded" >&2
export AZURE_STORAGE_ACCOUNT=devstoreaccount1
AZURE_STORAGE_KEY=$(sed -n "s|.*<azurite.key>\(.*\)</azurite.key>.*|\1|p" "$root/pom.xml")
export AZURE_STORAGE_KEY
az_endpoint=$(as_server "$root/checks/servers/azurite.sh" "$results/azurite")
az_pid=$(cat "$results/azurite/pid")
pids+=("$az_pid")
python3 "$root/checks/servers/azupload.py" "$upload" "$az_endpoint" bench
rm -r "$upload"
az_port=${az_endpoint##*:}
az_port=${az_port%%/*}
proxies azurite "$az_port"
jmh azurite "azurite=az://bench?endpoint=$az_endpoint" \
  "azurite+0ms=az://bench?endpoint=http://127.0.0.1:$fast/$AZURE_STORAGE_ACCOUNT" \
  "azurite+${delay}ms=az://bench?endpoint=http://127.0.0.1:$slow/$AZURE_STORAGE_ACCOUNT"
cpu azurite "$az_pid" "az://bench/?endpoint=$az_endpoint" -
uptime | tee -a "$results/load.txt" >&2

python3 "$here/remote_report.py" "$results" "$data" "$delay" | tee "$results/results.md"
