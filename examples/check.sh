#!/usr/bin/env bash
# Stride as a dependency, exactly as README.md tells it: runs the README's install command, makes a fresh Maven project
# in a temporary directory with the README's dependencies, puts the README's example in it, runs the README's commands
# there and compares what the example prints with the README's output block. Each piece is the fenced block between
# <!-- NAME:begin --> and <!-- NAME:end --> in README.md. Then runs the launcher through a chain of symbolic links from
# a folder on PATH, in another working directory. Stride's artifacts come from ~/.m2 only (the consumer's build runs
# offline first; only Maven plugins it lacks are fetched online). Prints its time; about a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
start=$SECONDS

fail() {
  echo "examples/check.sh: $*" >&2
  exit 1
}

# the fenced block of README.md between the markers named $1, without the fences
block() {
  local text
  text="$(sed -n "/^<!-- $1:begin -->\$/,/^<!-- $1:end -->\$/p" "$repo/README.md" | sed '1d;$d' | sed '/^```/d')"
  [[ -n "$text" ]] || fail "README.md has no block between <!-- $1:begin --> and <!-- $1:end -->"
  printf '%s\n' "$text"
}

# fails unless $2, what an example printed, is the README's block named $1 ($3 names the example)
expect_output() {
  local expected
  expected="$(block "$1")"
  if [[ "$2" != "$expected" ]]; then
    diff <(printf '%s\n' "$expected") <(printf '%s\n' "$2") >&2 || true
    fail "the README's $3 printed something else than its $1 block (diff above: < README, > printed)"
  fi
}

# a JDK 25 or newer, found as ./stride finds it; Maven runs on it
# shellcheck source=../build-support/jdk25.sh
. "$repo/build-support/jdk25.sh"
jdk="$(find_jdk25)" || fail "$JDK25_MISSING"
export JAVA_HOME="$jdk" PATH="$jdk/bin:$PATH"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/stride-check.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

echo "examples/check.sh: the README's install command"
bash -euo pipefail -c "$(block install)" > "$tmp/install.log" 2>&1 || { cat "$tmp/install.log" >&2; fail "the install command failed"; }

echo "examples/check.sh: a fresh project with the README's dependencies and example"
project="$tmp/project"
mkdir -p "$project/src/main/java"
block example > "$project/src/main/java/Example.java"
cat > "$project/pom.xml" <<POM
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>example</groupId>
  <artifactId>uses-stride</artifactId>
  <version>1</version>
  <properties>
    <maven.compiler.release>25</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
$(block dependencies)
  </dependencies>
</project>
POM

# the README's `mvn`: this clone's Maven wrapper, offline first so that Stride can only come from ~/.m2; its messages
# go to stderr, stdout is the example's
mvn() {
  "$repo/mvnw" -B -ntp -o "$@" >&2 || {
    echo "examples/check.sh: NOTICE: the offline build failed (a Maven plugin not cached yet?); once more online" >&2
    "$repo/mvnw" -B -ntp "$@" >&2
  }
}
export -f mvn
export repo
output="$(cd "$project" && bash -euo pipefail -c "$(block run)")"
expect_output output "$output" "example"
echo "examples/check.sh: the example printed the README's output"

echo "examples/check.sh: the launcher through symbolic links on PATH, from another directory"
mkdir -p "$tmp/bin" "$tmp/links" "$tmp/elsewhere"
ln -s "$repo/stride" "$tmp/links/stride"
ln -s ../links/stride "$tmp/bin/stride"   # a relative link to a link
# STRIDE_NO_AOT: the launcher would first record its AOT cache (a demo scan) for the freshly installed jar
version="$(cd "$tmp/elsewhere" && STRIDE_NO_AOT=1 PATH="$tmp/bin:$PATH" stride --version | head -n 1)"
expected_version="stride $(block dependencies | sed -n 's:.*<version>\(.*\)</version>.*:\1:p' | head -n 1)"
[[ "$version" == "$expected_version" ]] || fail "stride --version through a link printed '$version', not '$expected_version'"
echo "examples/check.sh: $version through a link"

echo "examples/check.sh: the README's Spark example on Spark 4.2.0's jars, with the connector jar added and nothing else"
spark_home="$tmp/spark-home"
mkdir -p "$spark_home/jars" "$tmp/spark-example"
cat > "$tmp/spark-home/pom.xml" <<POM
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>example</groupId>
  <artifactId>spark-jars</artifactId>
  <version>1</version>
  <dependencies>
    <dependency>
      <groupId>org.apache.spark</groupId>
      <artifactId>spark-sql_2.13</artifactId>
      <version>$(sed -n 's:.*<spark.version>\(.*\)</spark.version>.*:\1:p' "$repo/pom.xml")</version>
    </dependency>
  </dependencies>
</project>
POM
(cd "$spark_home" && mvn -q dependency:copy-dependencies -DoutputDirectory="$spark_home/jars" -DincludeScope=runtime)
block spark-example > "$tmp/spark-example/SparkExample.java"
output="$(cd "$tmp/spark-example" && STRIDE="$repo" SPARK_HOME="$spark_home" SPARK_LOCAL_IP=127.0.0.1 bash -euo pipefail -c "$(block spark-run)" 2> "$tmp/spark.log")" \
  || { cat "$tmp/spark.log" >&2; fail "the README's Spark example failed"; }
expect_output spark-output "$output" "Spark example"
echo "examples/check.sh: the Spark example printed the README's output"

echo "examples/check.sh: the README's pipe from stride export into Python's pyarrow"
# python3 is the peers' python (../shared/peers/setup.sh) with pyarrow, where this machine can make it; else skipped
if [[ -x "$repo/../shared/peers/setup.sh" ]] && py="$("$repo/../shared/peers/setup.sh" 2>/dev/null)" \
    && { "$py" -c 'import pyarrow' 2>/dev/null \
         || PIP_INDEX_URL="${PIP_INDEX_URL:-file:///opt/pypi/simple}" "$py" -m pip install -q pyarrow >/dev/null 2>&1; }; then
  output="$(cd "$repo" && PATH="$(dirname "$py"):$PATH" bash -euo pipefail -c "$(block export-pipe)")"
  expect_output export-output "$output" "export pipe"
  echo "examples/check.sh: the export pipe printed the README's output"
else
  echo "NOTICE: no python with pyarrow could be made here; the README's export pipe was not run"
fi

echo "examples/check.sh: passed in $((SECONDS - start)) s"
