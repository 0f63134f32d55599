#!/usr/bin/env bash
# Chunk statistics read back by an independent reader: numpy and numcodecs write Zarr v2 record arrays by hand,
# `stride index` computes their statistics, and checks/statistics/check_statistics.py compares every chunk's count,
# NaN/NaT count, min and max in stride.statistics.json with numpy's own, then `stride scan --where` with numpy's count.
# The peers' python (numpy, numcodecs) comes from ../shared/peers/setup.sh. Exit status: 0 when all agree.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need_shared
py="$(peers_python numpy numcodecs)"
make_tmp statistics
"$py" "$root/checks/statistics/check_statistics.py" --stride "$root/stride" "$tmp"
