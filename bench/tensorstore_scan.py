#!/usr/bin/env python3
"""Times TensorStore summing one field of a record array, v2 (its `zarr` driver) or v3 (`zarr3`), as
shared/peers/scan_peers.py does for v3 only: the same cache-less context, one line per run. Run with the python
that shared/peers/setup.sh prints.

usage: tensorstore_scan.py ARRAY_DIR FIELD [--repeat N]
Prints: tensorstore-DRIVER sum=... seconds=... Mrecords/s=...
"""
import argparse, os, time
import tensorstore as ts

ap = argparse.ArgumentParser()
ap.add_argument('path')
ap.add_argument('field')
ap.add_argument('--repeat', type=int, default=5)
a = ap.parse_args()
driver = 'zarr' if os.path.exists(os.path.join(a.path, '.zarray')) else 'zarr3'
for _ in range(a.repeat):
    t = time.perf_counter()
    ctx = ts.Context({'cache_pool': {'total_bytes_limit': 0}})
    store = ts.open({'driver': driver, 'kvstore': {'driver': 'file', 'path': a.path}, 'field': a.field}, context=ctx).result()
    values = store.read().result()
    total = float(values.sum())
    seconds = time.perf_counter() - t
    print(f'tensorstore-{driver} sum={total!r} seconds={seconds:.4f} Mrecords/s={values.size / seconds / 1e6:.1f}')
