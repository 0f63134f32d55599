"""Writes the two arrays of bench/planning.sh, Zarr v3 laid out by hand (the spec's bytes codec, chunk keys c/N):
dense.zarr, 10^6 chunks of one int32 record each, every one stored; sparse.zarr, 2^40 int32 records in chunks of
2^20 of which 10 are stored, each record holding its index within its chunk, fill value 0.

usage: python3 make_arrays.py DIR
"""
import json
import os
import struct
import sys


def array(path, shape, chunk):
    os.makedirs(os.path.join(path, 'c'), exist_ok=True)
    meta = {'zarr_format': 3, 'node_type': 'array', 'shape': [shape], 'data_type': 'int32',
            'chunk_grid': {'name': 'regular', 'configuration': {'chunk_shape': [chunk]}},
            'chunk_key_encoding': {'name': 'default'}, 'fill_value': 0,
            'codecs': [{'name': 'bytes', 'configuration': {'endian': 'little'}}]}
    with open(os.path.join(path, 'zarr.json'), 'w') as f:
        json.dump(meta, f)


def main(out):
    dense = os.path.join(out, 'dense.zarr')
    if not os.path.exists(os.path.join(dense, 'zarr.json')):
        array(dense, 10 ** 6, 1)
        for i in range(10 ** 6):
            with open(os.path.join(dense, 'c', str(i)), 'wb') as f:
                f.write(struct.pack('<i', i))
    sparse = os.path.join(out, 'sparse.zarr')
    if not os.path.exists(os.path.join(sparse, 'zarr.json')):
        chunk = 1 << 20
        array(sparse, 1 << 40, chunk)
        values = struct.pack('<%di' % chunk, *range(chunk))
        for i in range(10):
            with open(os.path.join(sparse, 'c', str(i * 100_003)), 'wb') as f:
                f.write(values)


if __name__ == '__main__':
    main(sys.argv[1])
