# Sourced by the benchmark scripts: makes the benchmark arrays a run needs.
#
# ensure_bench_data PY SHARED DATA_DIR RESULTS ARRAY...   writes each missing ARRAY.zarr into DATA_DIR with
#   SHARED/peers/make_bench_data.py run by PY, the expected sums into RESULTS/expected.txt
ensure_bench_data() {
  local py=$1 shared=$2 data=$3 results=$4
  shift 4
  local missing=() a
  for a in "$@"; do
    [ -f "$data/$a.zarr/zarr.json" ] || missing+=("$a")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "== making ${missing[*]} in $data" >&2
    "$py" "$shared/peers/make_bench_data.py" "$data" --only "$(IFS=,; echo "${missing[*]}")" | tee "$results/expected.txt" >&2
  fi
}
