#!/usr/bin/env bash
# Spark on a real cluster: a standalone master and two workers of one core each, separate JVMs started from Spark's own
# jars (a Spark home that checks/cluster/pom.xml fills with Maven), each worker launching its executor in a JVM of its
# own. ClusterCheck.java, submitted with spark-submit's class as docs/spark.md says, checks on it that:
#   - every struct array of the conformance corpus (v3 and v2) reads through the cluster exactly as in local[1];
#   - a write through the cluster whose executor is killed midway finishes with every record exactly once, and a
#     grouped aggregate over it whose executor is killed midway equals the one in local[1];
#   - arrays are read from and written to s3proxy with credentials that reach the executors only through their
#     environment (as an instance role or exported AWS variables would), and the secret is in no plan, configuration,
#     environment page or log; the S3 copy prints as the source with `stride cat`.
# Needs spark/target/stride-spark.jar (./mvnw install) and ../shared beside the repository.
#
# usage: checks/cluster/run.sh
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
use_jdk25
need_shared
make_tmp cluster
connector="$root/spark/target/stride-spark.jar"
[ -f "$connector" ] || fail "$connector is missing: run ./mvnw install first"
started=$SECONDS

spark_home

# the credentials live only in the environment of the servers' and the driver's processes
export AWS_ACCESS_KEY_ID=stride-cluster AWS_REGION=us-east-1
AWS_SECRET_ACCESS_KEY="cluster-secret-$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')"
export AWS_SECRET_ACCESS_KEY
AWS_ENDPOINT_URL=$("$root/checks/servers/s3proxy.sh" "$tmp/s3proxy")
export AWS_ENDPOINT_URL
daemons=("$(cat "$tmp/s3proxy/pid")")
trap 'kill "${daemons[@]}" 2>/dev/null; rm -rf "$tmp"' EXIT
python3 "$root/checks/servers/s3upload.py" "$shared/conformance/struct" "$AWS_ENDPOINT_URL" cluster > /dev/null

start_master "$tmp/master.log"
for w in 1 2; do
  start_worker 1 2g "$tmp/worker$w" "$tmp/worker$w.log"
done

mkdir -p "$tmp/classes"
"$jdk/bin/javac" -d "$tmp/classes" -cp "$SPARK_HOME/jars/*:$connector" "$root/checks/cluster/ClusterCheck.java"
"$jdk/bin/jar" cf "$tmp/check.jar" -C "$tmp/classes" .

# submit MASTER ARGS...: ClusterCheck through spark-submit's own class, the connector given with --jars and the
# executors' JVM options as docs/spark.md says; the driver's output is kept for the secret check
submit() {
  local master=$1 status=0
  shift
  "$jdk/bin/java" "${spark_jvm[@]}" -Xmx1g -cp "$SPARK_HOME/jars/*" org.apache.spark.deploy.SparkSubmit --master "$master" \
    --jars "$connector" --conf "spark.executor.extraJavaOptions=${spark_jvm[*]}" --conf spark.executor.memory=1g \
    --conf spark.driver.host=127.0.0.1 --conf spark.ui.port="$(free_port)" --conf spark.sql.shuffle.partitions=4 \
    --class ClusterCheck "$tmp/check.jar" "$@" > "$tmp/driver.log" 2>&1 || status=$?
  cat "$tmp/driver.log" >> "$tmp/drivers.log"
  grep -E '^(write|kill|secret):' "$tmp/driver.log" | sed "s|^|$me: |" || true
  [ "$status" -eq 0 ] || fail "ClusterCheck $* on $master failed: $(grep -E 'Exception|Error' "$tmp/driver.log" | head -n 5)"
}

# the struct arrays of the corpus (v3 and v2; zips are Stride's to open, not Spark's to plan differently)
python3 - "$shared/conformance" > "$tmp/arrays.txt" <<'PY'
import json, os, sys
base = sys.argv[1]
for manifest in ('manifest.json', 'zarr-v2/manifest.json'):
    cases = json.load(open(os.path.join(base, manifest)))['cases']
    for case in cases:
        path = os.path.join(base, os.path.dirname(manifest), case['path'])
        if case['expect'] != 'ok' or '.zip' in path:
            continue
        if os.path.exists(os.path.join(path, 'zarr.json')):
            kind = json.load(open(os.path.join(path, 'zarr.json'))).get('data_type')
            struct = isinstance(kind, dict) and kind.get('name') in ('struct', 'structured')
        else:
            struct = isinstance(json.load(open(os.path.join(path, '.zarray'))).get('dtype'), list)
        if struct:
            print(path)
PY
arrays=$(wc -l < "$tmp/arrays.txt")
[ "$arrays" -ge 18 ] || fail "only $arrays struct arrays found in the corpus"
mkdir -p "$tmp/cluster" "$tmp/local"
submit "$master" cluster "$tmp/arrays.txt" "$tmp/cluster" "$tmp/big.zarr" s3://cluster/points s3://cluster/copied/points "$AWS_SECRET_ACCESS_KEY"
submit "local[1]" local "$tmp/arrays.txt" "$tmp/local" "$tmp/big.zarr"
for result in digest aggregate; do
  cmp -s "$tmp/local/$result.txt" "$tmp/cluster/$result.txt" \
    || fail "the cluster's $result differs from local[1]'s: $(diff "$tmp/local/$result.txt" "$tmp/cluster/$result.txt" | head -n 5)"
done
echo "$me: $arrays struct arrays of the corpus ($(grep -vc '^#' "$tmp/local/digest.txt") records) and an aggregate with an executor killed read alike through the cluster and in local[1]"

"$root/stride" cat s3://cluster/points > "$tmp/points-source.jsonl"
"$root/stride" cat s3://cluster/copied/points > "$tmp/points-copy.jsonl"
cmp -s "$tmp/points-source.jsonl" "$tmp/points-copy.jsonl" || fail "the copy through the cluster on S3 prints otherwise than its source"
if grep -rlF "$AWS_SECRET_ACCESS_KEY" "$tmp/drivers.log" "$tmp/master.log" "$tmp"/worker*.log "$tmp/worker1" "$tmp/worker2"; then
  fail "the secret key is written in the logs above"
fi
echo "$me: copied s3://cluster/points through the cluster as stride cat prints it; the secret is in no log of the driver, master, workers or executors"
echo "$me: passed in $((SECONDS - started)) s"
