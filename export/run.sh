#!/usr/bin/env bash
# Export check: `stride export` writes every array of the shared conformance corpus as Arrow IPC (file and stream)
# and Parquet, and pyarrow, polars and DuckDB read each back; every element is compared with the manifest and the
# schemas with the export contract (export/check_export.py). Error cases must be refused with a message and no file.
# Needs ../shared next to the repository (without it: a NOTICE and status 0, or a failure when STRIDE_REQUIRE_SHARED=1);
# the python is the peers' one from ../shared/peers/setup.sh, with pyarrow, polars and duckdb added to it.
# Arguments go to check_export.py (for example --formats arrow,parquet,csv,jsonl --only struct/ -j 4 --selftest).
# STRIDE overrides the launcher (default: the repository's ./stride). Exit status: 0 when everything matches.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
if [[ ! -d "$root/../shared/conformance" ]]; then
  if [[ "${STRIDE_REQUIRE_SHARED:-}" == 1 ]]; then
    echo "export check: $root/../shared/conformance is missing (STRIDE_REQUIRE_SHARED=1)" >&2
    exit 1
  fi
  echo "NOTICE: export check skipped: no ../shared/conformance next to the repository"
  exit 0
fi
shared="$(cd "$root/../shared" && pwd)"
py="$("$shared/peers/setup.sh")"

# the readers the check compares with; installed once into the peers' environment
if ! "$py" -c 'import pyarrow, polars, duckdb' 2>/dev/null; then
  # this machine's own package index, when it has one, spares pip the retries against unreachable ones (as setup.sh)
  [[ -d /opt/pypi/simple ]] && export PIP_INDEX_URL=file:///opt/pypi/simple
  "$py" -m pip install -q pyarrow polars duckdb >&2 \
    || { echo "export check: could not install pyarrow, polars and duckdb into $(dirname "$py")/.." >&2; exit 1; }
fi

# build the command line first, so that parallel exports do not all wait on (or race to) a build
stride="${STRIDE:-$root/stride}"
if [[ -z "${STRIDE:-}" ]]; then
  "$stride" --version >/dev/null
fi

# exports to files run in JVMs that each take many (cli's CommandBatch, in the test classes `./mvnw verify` built),
# rather than one JVM start per export; without the test classes every export is a process of its own
batch=()
if [[ -z "${STRIDE:-}" && -f "$root/cli/target/test-classes/dev/stride/cli/CommandBatch.class" ]]; then
  # shellcheck source=../build-support/jdk25.sh
  . "$root/build-support/jdk25.sh"
  jdk="$(find_jdk25)"
  batch=(--batch "$jdk/bin/java --enable-native-access=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED \
--sun-misc-unsafe-memory-access=allow -cp $root/cli/target/stride.jar:$root/cli/target/test-classes dev.stride.cli.CommandBatch")
fi

# a failed export into a pipe never reads as a whole stream: with a chunk cut short, stride must fail and pyarrow,
# reading what it wrote, too (a stream ended as if whole would give it the batches before the failure as the table)
broken="$(mktemp -d)"
cp -r "$shared/conformance/struct/datetime_field" "$broken/array"
truncate -s 5 "$(find "$broken/array/c" -type f | sort | tail -n 1)"
set +e
"$stride" export "$broken/array" - --format arrow-stream 2>/dev/null \
  | "$py" -c 'import pyarrow as pa, sys; pa.ipc.open_stream(sys.stdin.buffer).read_all()' 2>/dev/null
statuses=("${PIPESTATUS[@]}")
set -e
rm -rf "$broken"
if [[ "${statuses[0]}" == 0 || "${statuses[1]}" == 0 ]]; then
  echo "export check: a failed arrow-stream export exited ${statuses[0]} and pyarrow read it with status ${statuses[1]}" >&2
  exit 1
fi
echo "export check: a failed arrow-stream export is refused by pyarrow"

exec "$py" "$root/export/check_export.py" --stride "$stride" --shared "$shared" "${batch[@]}" "$@"
