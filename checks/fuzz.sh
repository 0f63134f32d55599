#!/usr/bin/env bash
# Fuzzes every Jazzer target for a bounded time: checks/fuzz.sh [SECONDS] (per target, default 60).
#
# Each target runs in its own JVM with JAZZER_FUZZ=1 (Jazzer fuzzes one target per JVM), the targets of each module one
# after another and the modules side by side: libFuzzer uses one core, and each run spends a third of its time
# starting Maven and instrumenting classes, so two lanes halve the wall time on two cores. The classes are compiled
# once up front and each run calls surefire's default execution alone, so it neither recompiles the tests nor runs
# the module's other surefire executions. Everything the
# run writes stays out of the source tree, under <module>/target/fuzz/ (Jazzer's base directory): the corpus it grows
# (.cifuzz-corpus/<Class>/<method>/, where later runs start until `mvn clean`) and a finding's input (crash-*, timeout-*,
# oom-*). The committed regression inputs under src/test/resources/<package>/<Class>Inputs/<method>/ are only read, as
# seeds from the test class path. A finding fails the run: copy its input there with the fix, and the normal test run
# (./mvnw verify) replays it. Set FUZZ_TARGETS to a space-separated subset (module:Class#method).
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
cd "$root"

# Maven runs on the JDK 25 that ./stride would use
use_jdk25

seconds="${1:-60}"
# an input that takes longer is a finding (a hang)
input_seconds=10
targets=(${FUZZ_TARGETS:-
  core:MetadataFuzzTest#documentBytes
  core:MetadataFuzzTest#documentMembers
  core:ChunkFuzzTest#plainChunk
  core:ChunkFuzzTest#gzipChunk
  core:ChunkFuzzTest#shardChunk
  core:ChunkFuzzTest#nestedShardChunk
  core:ZipFuzzTest#zipFile
  codecs:CodecFuzzTest#zstdChunk
  codecs:CodecFuzzTest#bloscChunk
  codecs:CodecFuzzTest#numcodecsChunk
  codecs:V2MetadataFuzzTest#zarrayBytes
  codecs:V2MetadataFuzzTest#zarrayMembers
  codecs:V2ChunkFuzzTest#v2Chunk})

# 1 GiB of heap keeps a leak or a huge allocation visible under the RSS limit. JUnit's @Timeout, which would time out
# the whole run, is replaced by libFuzzer's per-input timeout: Jazzer derives one from the annotation, a hang guard
# sized for replaying seeds on a busy machine, and the -timeout given below comes later and wins
export JAVA_TOOL_OPTIONS="${JAVA_TOOL_OPTIONS:-} -Xmx1g"
export JAZZER_FUZZ=1

# core is installed once, so the codecs lane resolves it without building core again beside the core lane; the test
# classes of both modules are compiled here, as the runs below only run them
./mvnw -q -pl core -am install -DskipTests -Dmaven.javadoc.skip -Dmaven.source.skip
./mvnw -q -pl codecs test-compile

# fuzz TARGET: one bounded run; prints its lines, and returns non-zero on a finding or failure
fuzz() {
  local target="$1" module test class package inputs base log started found
  module="${target%%:*}"
  test="${target#*:}"
  class="${test%%#*}"
  package="$(grep -rl --include="$class.java" "class $class" "$module/src/test/java" | head -1 | xargs dirname)"
  inputs="${package/java/resources}/${class}Inputs/${test#*#}"
  # Jazzer's base directory: the corpus goes under it and, as it has no src/test/resources/.../<Class>Inputs/<method>,
  # a finding's input too
  base="$PWD/$module/target/fuzz"
  mkdir -p "$base"
  log="$module/target/fuzz-${class}-${test#*#}.log"
  echo "fuzzing $target for ${seconds}s (log: $log)"
  started=$(date +%s)
  touch "$log.started"
  if ./mvnw -pl "$module" surefire:test@default-test -Dtest="$test" -Dsurefire.failIfNoSpecifiedTests=false \
      -Djazzer.max_duration="${seconds}s" -Djunit.jupiter.execution.timeout.mode=disabled -Djazzer.internal.basedir="$base" \
      -Djazzer.internal.arg.0=fuzz -Djazzer.internal.arg.1=-rss_limit_mb=3072 -Djazzer.internal.arg.2=-timeout="$input_seconds" >"$log" 2>&1; then
    echo "  $(grep -E '^(Done|#[0-9]+[[:space:]]+DONE)' "$log" | tail -1) in $(($(date +%s) - started))s"
  else
    echo "  FINDING or failure: see $log"
    grep -E '== Java Exception|FuzzerSecurityIssue|Exception:|Error:|crash-|Tests run:.*Fail' "$log" | head -8 | sed 's/^/    /'
    for found in "$base"/crash-* "$base"/timeout-* "$base"/oom-* "$base"/slow-unit-*; do
      if [[ -f "$found" && "$found" -nt "$log.started" ]]; then
        echo "    input: $found (with the fix, copy it to $inputs/)"
      fi
    done
    return 1
  fi
}

# lane MODULE: the module's targets in turn, the output kept whole per target; records the failed ones in a file
lane() {
  local target
  for target in "${targets[@]}"; do
    if [[ "${target%%:*}" == "$1" ]]; then
      fuzz "$target" >"$lanes/$target.out" 2>&1 || echo "$target" >>"$lanes/failed"
      cat "$lanes/$target.out"
    fi
  done
}

make_tmp fuzz
lanes="$tmp"
modules=$(printf '%s\n' "${targets[@]}" | sed 's/:.*//' | sort -u)
pids=()
for module in $modules; do
  lane "$module" &
  pids+=($!)
done
wait "${pids[@]}"

if [[ -s "$lanes/failed" ]]; then
  echo "fuzzing found problems in: $(tr '\n' ' ' <"$lanes/failed")"
  exit 1
fi
echo "fuzzing: ${#targets[@]} targets, ${seconds}s each, no findings"
