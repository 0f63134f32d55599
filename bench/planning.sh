#!/usr/bin/env bash
# How the Spark connector's driver plans arrays by what is stored, not by their shape: the heap a plan of 10^6 stored
# chunks (one partition each) holds and how long it takes, and count(), sum(), min() and max() of an array of 2^40
# records with 10 chunks stored. Arrays laid out by bench/planning/make_arrays.py into DATA_DIR (10^6 small files, a
# few minutes the first time); a local[2] driver on Spark's own jars (checks/cluster/pom.xml's Spark home). Needs
# spark/target/stride-spark.jar (./mvnw install).
#
# usage: bench/planning.sh DATA_DIR
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
bench_start planning "$@"
connector="$root/spark/target/stride-spark.jar"
[ -f "$connector" ] || fail "$connector is missing: run ./mvnw install first"
home="$root/checks/cluster/target/spark-home"
if [ ! -f "$home/RELEASE" ]; then
  (cd "$root" && ./mvnw -q -f checks/cluster/pom.xml dependency:copy-dependencies -DoutputDirectory="$home/jars")
  touch "$home/RELEASE"
fi
python3 "$here/planning/make_arrays.py" "$data"
"$jdk/bin/java" @"$root/spark/jvm-options" -Xmx4g -cp "$home/jars/*:$connector" "$here/planning/PlanningMemory.java" \
  "$data/dense.zarr" "$data/sparse.zarr" 2>&1 | grep -E '^(dense|sparse):' | tee "$results/planning.txt"
