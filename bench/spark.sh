#!/usr/bin/env bash
# Spark SQL queries over the benchmark arrays through the zarr connector (spark/target/stride-spark.jar) next to
# Spark's own vectorized Parquet reader on the same records, in one session per master (local[1], then local[2], each
# in a fresh JVM), then prints markdown tables (bench/spark_report.py) of time per query, records/s and the ratios.
#
# usage: bench/spark.sh DATA_DIR [harness arguments...]
#   DATA_DIR      holds raw.zarr and zstd.zarr (missing ones are made there, as bench/run.sh does); the Parquet copies
#                 (snappy, zstd, uncompressed) are written there once, from raw.zarr through the connector, as
#                 parquet-CODEC-4/ (4: chunks per task, see below)
#   arguments     key=value for SparkQueries (the module bench/spark), replacing its defaults: warmup=8 repeat=10
#                 phases=main,split,sweep parquet=snappy,zstd,none taskChunks=4
# environment:    MASTERS (default "local[1] local[2]"; cluster:N is a standalone cluster on loopback of N workers of
#                 one core each, executors in JVMs of their own, as checks/cluster/lib.sh starts it, so
#                 MASTERS="cluster:2 cluster:1" gives the cluster's speed and its scaling from one worker to two);
#                 SWEEP_MASTERS those that also sweep the options (default "local[2]"); EXECUTOR_MEMORY of each
#                 cluster executor (default 3g); HEAP (default 8g); RESULTS output directory (default bench/target/spark);
#                 CONNECTOR_JAR another connector jar to measure (instead of spark/target/stride-spark.jar);
#                 JFR="SOURCE:QUERY ..." (e.g. "zarr-raw:all_fields parquet-snappy:all_fields") records each alone in a
#                 loop (local[2], JFR_SECONDS, default 40; after the warm-up rounds) with Java Flight Recorder, split
#                 by bench/jfr_split.py
# outputs:        $RESULTS/spark.jsonl (one line per measurement), spark-local*.log, load.txt, spark.md;
#                 jfr-SOURCE-QUERY.jfr and .md
#
# Both sides get the same tasks: 8 of 4 Mi records (the connector's partitionBytes = 4 chunks; each Parquet file holds
# one such task's records and spark.sql.files.maxPartitionBytes is set to the largest file of a copy, so each file is
# one task). The JVM gets Spark's options for Java 25 (spark/jvm-options), -Xmx$HEAP,
# SPARK_LOCAL_IP=127.0.0.1, and the session spark.ui.enabled=false.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
# shellcheck source=../checks/cluster/lib.sh
. "$root/checks/cluster/lib.sh"
bench_start spark "$@"
shift
export SPARK_LOCAL_IP=127.0.0.1

ensure_bench_data raw zstd

# the module bench/spark: the harness, and Spark's class path in target/spark.classpath; the connector jar with it
echo "== building spark/target/stride-spark.jar and the harness, bench/spark" >&2
(cd "$root" && ./mvnw -q -pl bench/spark -am package -DskipTests)
if [ -n "${CONNECTOR_JAR:-}" ]; then
  jar=$(cd "$(dirname "$CONNECTOR_JAR")" && pwd)/$(basename "$CONNECTOR_JAR")
else
  jar="$root/spark/target/stride-spark.jar"
fi
cp=$(cat "$here/spark/target/spark.classpath")
classes="$here/spark/target/classes"

# Spark's options for Java 25, kept in one place: spark/jvm-options (the tests and the README's example use it too)
jvm_options=("@$root/spark/jvm-options")
java=("$jdk/bin/java" "${jvm_options[@]}" "-Xmx${HEAP:-8g}" -Xss4m)
harness=(-cp "$classes:$jar:$cp" dev.stride.bench.spark.SparkQueries)

: >"$results/spark.jsonl"
: >"$results/load.txt"
daemons=()
trap 'kill "${daemons[@]}" 2>/dev/null || true' EXIT
for master in ${MASTERS:-local[1] local[2]}; do
  log="$results/spark-${master//[^a-z0-9]/}.log"
  { echo "== $master $(date -Is)"; uptime; ps -eo pcpu,pid,etime,args --sort=-pcpu | head -5 | cut -c1-160; } >>"$results/load.txt"
  echo "== $master (log: $log)" >&2
  phases=()
  case " ${SWEEP_MASTERS:-local[2]} " in *" $master "*) ;; *) phases=(phases=main,split) ;; esac
  at=(master="$master")
  if [[ "$master" == cluster:* ]]; then
    # the workers' and executors' logs stay in results/cluster-N/; the connector and the harness (whose split phase
    # runs its own tasks) reach the executors by spark.jars
    workers=${master#cluster:}
    spark_home
    cluster="$results/cluster-$workers"
    rm -rf "$cluster" && mkdir -p "$cluster"
    start_master "$cluster/master.log"
    for w in $(seq "$workers"); do
      start_worker 1 "${EXECUTOR_MEMORY:-3g}" "$cluster/worker$w" "$cluster/worker$w.log"
    done
    at=(master="$master" cores="$workers" label="cluster of $workers worker$([ "$workers" = 1 ] || echo s)"
        spark.jars="$jar,$(ls "$here"/spark/target/stride-spark-bench-*.jar)" "spark.executor.extraJavaOptions=${spark_jvm[*]}" spark.executor.memory="${EXECUTOR_MEMORY:-3g}")
  fi
  "${java[@]}" "-Xlog:gc:file=$results/gc-${master//[^a-z0-9]/}.log" "${harness[@]}" "data=$data" "${at[@]}" "out=$results/spark.jsonl" "${phases[@]}" "$@" 2>"$log" || {
    tail -30 "$log" >&2
    exit 1
  }
  if [ ${#daemons[@]} -gt 0 ]; then
    kill "${daemons[@]}" 2>/dev/null || true
    wait "${daemons[@]}" 2>/dev/null || true
    daemons=()
  fi
done
{ echo "== end $(date -Is)"; uptime; } >>"$results/load.txt"

for run in ${JFR:-}; do
  src=${run%%:*}
  query=${run#*:}
  echo "== JFR: $query on $src, local[2]" >&2
  "${java[@]}" "${harness[@]}" "data=$data" "$@" master='local[2]' out="$results/profile.jsonl" phases=profile \
    "source=$src" "query=$query" "seconds=${JFR_SECONDS:-40}" "jfr=$results/jfr-$src-$query.jfr" \
    2>"$results/jfr-$src-$query.log"
  python3 "$here/jfr_split.py" "$results/jfr-$src-$query.jfr" | tee "$results/jfr-$src-$query.md" >&2
done

python3 "$here/spark_report.py" "$results/spark.jsonl" "$results/load.txt" | tee "$results/spark.md"
