#!/usr/bin/env bash
# Export check: `stride export` writes every array of the shared conformance corpus (v3, and the Zarr v2 one in
# zarr-v2/, also through its zip files) as Arrow IPC (file and stream) and Parquet, and pyarrow, polars and DuckDB
# read each back; every element is compared with the manifest and the
# schemas with the export contract (checks/export/check_export.py). Error cases must be refused with a message and
# no file.
# Needs ../shared next to the repository (without it: a NOTICE and status 0, or a failure when STRIDE_REQUIRE_SHARED=1);
# the python is the peers' one from ../shared/peers/setup.sh, with pyarrow, polars and duckdb added to it.
# Arguments go to check_export.py (for example --formats arrow,parquet,csv,jsonl --only struct/ -j 4 --selftest).
# STRIDE overrides the launcher (default: the repository's ./stride). Exit status: 0 when everything matches.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
if [[ ! -d "$root/../shared/conformance" && "${STRIDE_REQUIRE_SHARED:-}" != 1 ]]; then
  notice "skipped: no ../shared/conformance next to the repository"
  exit 0
fi
need_shared
# the readers the check compares with; installed once into the peers' environment
py="$(peers_python pyarrow polars duckdb)"

# build the command line first, so that parallel exports do not all wait on (or race to) a build
stride="${STRIDE:-$root/stride}"
if [[ -z "${STRIDE:-}" ]]; then
  "$stride" --version >/dev/null
fi

# exports to files run in JVMs that each take many (cli's CommandBatch, in the test classes `./mvnw verify` built),
# rather than one JVM start per export; without the test classes every export is a process of its own
batch=()
if [[ -z "${STRIDE:-}" && -f "$root/cli/target/test-classes/dev/stride/cli/CommandBatch.class" ]]; then
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
  fail "a failed arrow-stream export exited ${statuses[0]} and pyarrow read it with status ${statuses[1]}"
fi
echo "$me: a failed arrow-stream export is refused by pyarrow"

exec "$py" "$root/checks/export/check_export.py" --stride "$stride" --shared "$shared" "${batch[@]}" "$@"
