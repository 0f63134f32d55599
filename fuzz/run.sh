#!/usr/bin/env bash
# Fuzzes every Jazzer target for a bounded time: fuzz/run.sh [SECONDS] (per target, default 60).
#
# Each target runs in its own Maven test run with JAZZER_FUZZ=1 (Jazzer fuzzes one target per JVM). A finding fails
# the run; Jazzer stores the input under src/test/resources/<package>/<Class>Inputs/<method>/, where the normal test
# run (./mvnw verify) replays it: commit it with the fix. The corpus it grows is kept in <module>/.cifuzz-corpus/
# (ignored by git), so later runs start from there. Set FUZZ_TARGETS to a space-separated subset (module:Class#method).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
targets=(${FUZZ_TARGETS:-
  core:MetadataFuzzTest#documentBytes
  core:MetadataFuzzTest#documentMembers
  core:ChunkFuzzTest#plainChunk
  core:ChunkFuzzTest#gzipChunk
  core:ChunkFuzzTest#shardChunk
  core:ChunkFuzzTest#nestedShardChunk
  codecs:CodecFuzzTest#zstdChunk
  codecs:CodecFuzzTest#bloscChunk})

# 1 GiB of heap keeps a leak or a huge allocation visible under the RSS limit; JUnit's @Timeout is replaced by
# libFuzzer's per-input timeout (Jazzer takes it from the same annotation), as JUnit would time out the whole run
export JAVA_TOOL_OPTIONS="${JAVA_TOOL_OPTIONS:-} -Xmx1g"
export JAZZER_FUZZ=1

./mvnw -q -pl core,codecs -am test-compile

failed=()
for target in "${targets[@]}"; do
  module="${target%%:*}"
  test="${target#*:}"
  class="${test%%#*}"
  package="$(grep -rl --include="$class.java" "class $class" "$module/src/test/java" | head -1 | xargs dirname)"
  mkdir -p "${package/java/resources}/${class}Inputs/${test#*#}"
  log="$module/target/fuzz-${class}-${test#*#}.log"
  echo "fuzzing $target for ${seconds}s (log: $log)"
  started=$(date +%s)
  if ./mvnw -pl "$module" -am test -Dtest="$test" -Dsurefire.failIfNoSpecifiedTests=false \
      -Djazzer.max_duration="${seconds}s" -Djunit.jupiter.execution.timeout.mode=disabled \
      -Djazzer.internal.arg.0=fuzz -Djazzer.internal.arg.1=-rss_limit_mb=3072 >"$log" 2>&1; then
    echo "  $(grep -E '^(Done|#[0-9]+[[:space:]]+DONE)' "$log" | tail -1) in $(($(date +%s) - started))s"
  else
    echo "  FINDING or failure: see $log"
    grep -E '== Java Exception|FuzzerSecurityIssue|Exception:|Error:|crash-|Tests run:.*Fail' "$log" | head -8 | sed 's/^/    /'
    failed+=("$target")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzzing found problems in: ${failed[*]}"
  exit 1
fi
echo "fuzzing: ${#targets[@]} targets, ${seconds}s each, no findings"
