# Sourced by the benchmark scripts: makes the benchmark arrays a run needs.
#
# ensure_bench_data PY SHARED DATA_DIR RESULTS ARRAY...   writes each missing ARRAY.zarr into DATA_DIR, run by PY:
#   int32 with bench/make_int32_array.py, the others with SHARED/peers/make_bench_data.py; their expected sums go to
#   RESULTS/expected.txt
ensure_bench_data() {
  local py=$1 shared=$2 data=$3 results=$4
  shift 4
  local missing=() a
  for a in "$@"; do
    if [ ! -f "$data/$a.zarr/zarr.json" ]; then
      if [ "$a" = int32 ]; then
        echo "== making int32 in $data" >&2
        "$py" "$(dirname "${BASH_SOURCE[0]}")/make_int32_array.py" "$shared" "$data" | tee -a "$results/expected.txt" >&2
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
