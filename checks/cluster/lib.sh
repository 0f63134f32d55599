# shellcheck shell=bash
# A Spark standalone cluster on loopback from Spark's own jars, for checks/cluster/run.sh and bench/cluster.sh; sourced
# after checks/lib.sh (or bench/lib.sh) and use_jdk25.
#
#   spark_home                 fills checks/cluster/target/spark-home from checks/cluster/pom.xml once; sets
#                              SPARK_HOME and spark_jvm (Spark's JVM options for Java 25, spark/jvm-options)
#   start_master LOG           starts a master; sets master (its spark:// URL) and adds its pid to daemons
#   start_worker CORES MEMORY DIR LOG
#                              starts a worker of CORES cores and MEMORY for executors, working in DIR

spark_home() {
  SPARK_HOME="$root/checks/cluster/target/spark-home"
  if [ ! -f "$SPARK_HOME/RELEASE" ]; then
    (cd "$root" && ./mvnw -q -f checks/cluster/pom.xml dependency:copy-dependencies -DoutputDirectory="$SPARK_HOME/jars")
    # a Spark home is one with a RELEASE file: its workers then launch executors from its jars/
    touch "$SPARK_HOME/RELEASE"
  fi
  mapfile -t spark_jvm < <(grep -v '^#' "$root/spark/jvm-options")
  export SPARK_HOME SPARK_SCALA_VERSION=2.13 SPARK_LOCAL_IP=127.0.0.1
}

start_master() {
  local port
  port=$(free_port)
  "$jdk/bin/java" "${spark_jvm[@]}" -Xmx256m -cp "$SPARK_HOME/jars/*" org.apache.spark.deploy.master.Master \
    --host 127.0.0.1 --port "$port" --webui-port "$(free_port)" > "$1" 2>&1 &
  daemons+=($!)
  await_port "$port" 900 || fail "the Spark master did not start; see its log: $(tail -n 20 "$1")"
  master="spark://127.0.0.1:$port"
}

start_worker() {
  "$jdk/bin/java" "${spark_jvm[@]}" -Xmx256m -cp "$SPARK_HOME/jars/*" org.apache.spark.deploy.worker.Worker \
    --host 127.0.0.1 --cores "$1" --memory "$2" --work-dir "$3" --webui-port "$(free_port)" "$master" > "$4" 2>&1 &
  daemons+=($!)
}
