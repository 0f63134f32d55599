#!/usr/bin/env python3
"""Writes DATA_DIR/nested-noise.zarr for bench/tune.sh: 2^22 records of a nested struct, uncompressed, in chunks of
2^18, with one field that compresses well and one that does not:

    {id: int64 (0, 1, 2, ...), pos: {x: float32, y: float32} (a random walk), noise: uint64 (random bits),
     flags: uint8 (mostly 0)}

so the best layout depends on the field a job scans (pos.x) and not only on what compresses. The bytes are laid out
from the Zarr v3 spec (struct data type, bytes codec little-endian, default chunk keys), not by Stride. The random
numbers come from a fixed seed, so every run writes the same array. Run with the python that shared/peers/setup.sh
prints (numpy).

usage: make_nested_noise.py DATA_DIR
"""
import json, os, sys
import numpy as np

RECORDS = 1 << 22
CHUNK = 1 << 18
dtype = np.dtype([('id', '<i8'), ('pos', [('x', '<f4'), ('y', '<f4')]), ('noise', '<u8'), ('flags', 'u1')])

out = os.path.join(sys.argv[1], 'nested-noise.zarr')
part = out + '.part'
os.makedirs(os.path.join(part, 'c'), exist_ok=True)
rng = np.random.default_rng(43)
walk = np.zeros(2, dtype=np.float64)
for i in range(RECORDS // CHUNK):
    records = np.zeros(CHUNK, dtype=dtype)
    records['id'] = np.arange(i * CHUNK, (i + 1) * CHUNK)
    steps = np.cumsum(rng.normal(0, 0.01, size=(CHUNK, 2)), axis=0) + walk
    walk = steps[-1]
    records['pos']['x'] = steps[:, 0]
    records['pos']['y'] = steps[:, 1]
    records['noise'] = rng.integers(0, 2**64, size=CHUNK, dtype=np.uint64)
    records['flags'] = (rng.random(CHUNK) < 0.01).astype(np.uint8)
    records.tofile(os.path.join(part, 'c', str(i)))
fields = [{'name': 'id', 'data_type': 'int64'},
          {'name': 'pos', 'data_type': {'name': 'struct', 'configuration': {'fields': [
              {'name': 'x', 'data_type': 'float32'}, {'name': 'y', 'data_type': 'float32'}]}}},
          {'name': 'noise', 'data_type': 'uint64'}, {'name': 'flags', 'data_type': 'uint8'}]
meta = {'zarr_format': 3, 'node_type': 'array', 'shape': [RECORDS],
        'data_type': {'name': 'struct', 'configuration': {'fields': fields}},
        'chunk_grid': {'name': 'regular', 'configuration': {'chunk_shape': [CHUNK]}},
        'chunk_key_encoding': {'name': 'default', 'configuration': {'separator': '/'}},
        'fill_value': {'id': 0, 'pos': {'x': 0.0, 'y': 0.0}, 'noise': 0, 'flags': 0},
        'codecs': [{'name': 'bytes', 'configuration': {'endian': 'little'}}]}
with open(os.path.join(part, 'zarr.json'), 'w') as f:
    json.dump(meta, f, indent=2)
os.rename(part, out)
print(f'nested-noise.zarr: {RECORDS} records of {dtype.itemsize} bytes in chunks of {CHUNK}', file=sys.stderr)
