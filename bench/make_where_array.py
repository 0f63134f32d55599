#!/usr/bin/env python3
"""Writes the arrays of bench/where.sh: N records of {time: datetime64[s], speed: float32, id: int64} (20 bytes),
zstd level 1 in chunks of 2^18 records. where-sorted.zarr: time ascending, a fix every second from 2026-03-01;
where-loose.zarr: the same times each moved by up to 2% of the whole span, so chunks overlap loosely. Prints the
query window that selects 1% of the records. Run with the python that shared/peers/setup.sh prints.

usage: make_where_array.py SHARED_DIR OUT_DIR [--records N]   (default 33554432 = 32 Mi records)
"""
import os
import numpy as np
import array_generator

a, write_array = array_generator.start()

n = a.records
rng = np.random.default_rng(7)
start = np.datetime64('2026-03-01T00:00:00', 's')
seconds = np.arange(n, dtype=np.int64)
for name, jitter in [('where-sorted', 0), ('where-loose', n // 50)]:
    records = np.empty(n, np.dtype([('time', '<M8[s]'), ('speed', '<f4'), ('id', '<i8')]))
    moved = seconds + (rng.integers(-jitter, jitter + 1, n) if jitter else 0)
    records['time'] = start + moved.astype('timedelta64[s]')
    records['speed'] = rng.gamma(2.0, 4.0, n).astype(np.float32)
    records['id'] = seconds
    write_array(os.path.join(a.out, name + '.zarr'), records, [1 << 18],
                [{'name': 'bytes', 'configuration': {'endian': 'little'}}, {'name': 'zstd', 'configuration': {'level': 1}}])
lo = start + np.timedelta64(n // 2, 's')
hi = lo + np.timedelta64(n // 100, 's')
print(f'time >= {lo} and time < {hi}')
