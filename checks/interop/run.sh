#!/usr/bin/env bash
# Interop: TensorStore reads arrays that `stride copy` wrote through each codec chain, field by field, and every
# element is compared with what Stride reads (checks/interop/check_tensorstore.py). The sources are the shared
# conformance corpus's struct arrays (those TensorStore cannot read are left out with a notice) and a small demo-like
# dataset of flat records (checks/interop/sources.py). Needs ../shared next to the repository; the peers' python
# (TensorStore, numpy) comes from ../shared/peers/setup.sh. Then the migration from Zarr v2
# (checks/interop/v2_migration.py): TensorStore reads the v3 copies of the v2 corpus, compared with numpy's view of the
# sources, and Stride reads v2 arrays TensorStore's zarr driver wrote. Exit status: 0 when every array matches, 1 on any
# mismatch or refusal.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need_shared
py="$(peers_python tensorstore numpy)"
make_tmp interop
work="$tmp"

# name and `stride copy` options of each chain
chains=(
  "none        --codec none"
  "gzip        --codec gzip:5"
  "zstd        --codec zstd:3"
  "blosc       --codec blosc:lz4:5:shuffle"
  "blosc-bit   --codec blosc:zstd:3:bitshuffle"
  "sharding    --chunks 8 --shards 32 --codec zstd:1"
  "crc32c      --crc32c"
  "big-endian  --endian big"
  "everything  --chunks 8 --shards 32 --codec blosc:lz4:5:shuffle --crc32c --endian big"
)

PYTHONPATH="$root/checks/interop" "$py" "$root/checks/interop/sources.py" "$shared" "$work/source"

arrays=()
for chain in "${chains[@]}"; do
  read -r name options <<<"$chain"
  # shellcheck disable=SC2086 # the options are words
  "$root/stride" copy "$work/source" "$work/$name" $options >"$work/$name.txt"
  echo "copied with $options: $(grep '^stored' "$work/$name.txt" | sed 's/^stored *//')"
  for array in "$work/$name"/*/; do
    arrays+=("${array%/}")
  done
done

status=0
PYTHONPATH="$root/checks/interop" "$py" "$root/checks/interop/v2_migration.py" --stride "$root/stride" "$shared" "$work/v2" || status=1
"$py" "$root/checks/interop/check_tensorstore.py" --stride "$root/stride" "${arrays[@]}" || status=1
exit "$status"
