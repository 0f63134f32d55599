#!/usr/bin/env bash
# Chunk statistics in Spark: bench/spark_where.sh DATA_DIR [WhereQueries arguments...]
#
# The 1% window of times of bench/where.sh (DATA_DIR/where-window.txt) as Spark SQL, `SELECT count(*), sum(speed)
# ... WHERE time >= A AND time < B`, in one session (MASTER, default local[2]; HEAP, default 4g), through the connector
# on where-sorted.zarr and where-loose.zarr with their chunk statistics (made by bench/where.sh and `stride index` if
# missing) next to Spark's Parquet reader on Parquet copies of them (DATA_DIR/NAME-parquet-4/, written once by
# bench/where_parquet.py with pyarrow: zstd level 1, one row group per chunk, statistics on, 4 chunks per file, each
# file one task as each connector task reads 4 chunks), and the same query without the window on both. The results of
# the two sources are checked to be identical first. Arguments key=value for dev.stride.bench.spark.WhereQueries
# (bench/spark): warmup=3 repeat=7.
# Results: $RESULTS, else bench/target/spark-where/: where.md (the table, the command, the load), where.jsonl, where.log.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_start spark-where "$@"
shift
export SPARK_LOCAL_IP=127.0.0.1

for name in where-sorted where-loose; do
  if [ ! -f "$data/$name.zarr/zarr.json" ] || [ ! -f "$data/where-window.txt" ]; then
    py=$(peers_python numpy numcodecs)
    "$py" "$here/make_where_array.py" "$shared" "$data" --records "${BENCH_RECORDS:-33554432}" >"$data/where-window.txt"
  fi
  if [ ! -f "$data/$name.zarr/stride.statistics.json" ]; then
    "$root/stride" index "$data/$name.zarr" >&2
  fi
  if [ ! -d "$data/$name-parquet-4" ]; then
    py=$(peers_python numpy numcodecs pyarrow)
    "$py" "$here/where_parquet.py" "$data/$name.zarr" "$data/$name-parquet-4" 4 >&2
  fi
done
# where-window.txt: time >= 2026-09-11T04:20:16 and time < 2026-09-15T01:32:40
read -r _ _ from _ _ _ to <"$data/where-window.txt"

echo "== building the connector and the harness, bench/spark" >&2
(cd "$root" && ./mvnw -q -pl bench/spark -am package -DskipTests)
cp=$(cat "$here/spark/target/spark.classpath")
load_before=$(uptime)
: >"$results/where.jsonl"
"$jdk/bin/java" "@$root/spark/jvm-options" "-Xmx${HEAP:-4g}" -Xss4m \
  -cp "$here/spark/target/classes:$root/spark/target/stride-spark.jar:$cp" dev.stride.bench.spark.WhereQueries \
  "data=$data" "from=$from" "to=$to" "master=${MASTER:-local[2]}" "out=$results/where.jsonl" "$@" \
  >"$results/table.md" 2>"$results/where.log" || { tail -30 "$results/where.log" >&2; exit 1; }
{
  cat "$results/table.md"
  echo
  echo "command: \`bench/spark_where.sh $data${*:+ $*}\` (master ${MASTER:-local[2]}); load before:$load_before; after:$(uptime)"
} | tee "$results/where.md"
