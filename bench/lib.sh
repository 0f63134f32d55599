# shellcheck shell=bash
# The preamble of the benchmark scripts: checks/lib.sh's (strict mode, root, JDK 25, the peers' python), then what
# every benchmark takes: a DATA_DIR of benchmark arrays and a RESULTS directory.
#
#   . "$(dirname "$0")/lib.sh"
#   bench_start NAME "$@"; shift

# shellcheck source=../checks/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../checks/lib.sh"
here="$root/bench"

# bench_start NAME DATA_DIR...: without a DATA_DIR prints the script's header (its usage) and exits 2. Sets shared,
# data (DATA_DIR, made and absolute), results ($RESULTS, else bench/target/NAME, made) and jdk, the JDK 25 that
# ./stride would use, which Maven and every JVM of the run use too (JAVA_HOME).
bench_start() {
  [[ $# -ge 2 ]] || { awk 'NR > 1 && /^#/ && !/^# shellcheck/ { print; next } NR > 1 { exit }' "$0" >&2; exit 2; }
  need_shared
  mkdir -p "$2"
  data="$(cd "$2" && pwd)"
  results="${RESULTS:-$here/target/$1}"
  mkdir -p "$results"
  use_jdk25
}

# ensure_bench_data ARRAY...: writes each missing ARRAY.zarr into $data with the peers' python ($py, set when unset):
# int32 with bench/make_int32_array.py, the others with ../shared/peers/make_bench_data.py; their expected sums go to
# $results/expected.txt
ensure_bench_data() {
  local missing=() a
  for a in "$@"; do
    if [ ! -f "$data/$a.zarr/zarr.json" ]; then
      py="${py:-$(peers_python numpy)}"
      if [ "$a" = int32 ]; then
        echo "== making int32 in $data" >&2
        "$py" "$here/make_int32_array.py" "$shared" "$data" | tee -a "$results/expected.txt" >&2
      else
        missing+=("$a")
      fi
    fi
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "== making ${missing[*]} in $data" >&2
    "$py" "$shared/peers/make_bench_data.py" "$data" --only "$(IFS=,; echo "${missing[*]}")" | tee -a "$results/expected.txt" >&2
  fi
}
