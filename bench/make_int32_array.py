#!/usr/bin/env python3
"""Writes int32.zarr for the field-kernel benchmarks: N records of {id: int64, x: float64, k: int32, flags: uint8}
(21 bytes, like make_bench_data.py's raw.zarr, one uncompressed little-endian chunk per 2^20 records), k uniform
over all int32 values. Run with the python that shared/peers/setup.sh prints.

usage: make_int32_array.py SHARED_DIR OUT_DIR [--records N]   (default 33554432 = 32 Mi records, 704 MB)
"""
import os
import numpy as np
import array_generator

a, write_array = array_generator.start()

n = a.records
records = np.empty(n, np.dtype([('id', '<i8'), ('x', '<f8'), ('k', '<i4'), ('flags', 'u1')]))
rng = np.random.default_rng(1)
records['id'] = np.arange(n)
records['x'] = rng.standard_normal(n)
records['k'] = rng.integers(-2**31, 2**31, n, dtype=np.int32)
records['flags'] = np.arange(n) % 7
write_array(os.path.join(a.out, 'int32.zarr'), records, [1 << 20], [{'name': 'bytes', 'configuration': {'endian': 'little'}}])
print(f'int32.zarr: records={n} sum_k={int(records["k"].astype(np.int64).sum())} min_k={int(records["k"].min())} max_k={int(records["k"].max())}')
