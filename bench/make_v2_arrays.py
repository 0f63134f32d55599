#!/usr/bin/env python3
"""Writes Zarr v2 twins of the benchmark arrays: the records of DATA_DIR/raw.zarr (make_bench_data.py's), in the
same chunks of 2^20 records, with each v2 compressor numcodecs gives them, as zarr-python 2 would store them
(.zarray, chunk keys 0, 1, ...). v2-blosc is zarr-python 2's default compressor (blosc lz4, level 5, byte shuffle),
v2-zstd zstd level 3 as zstd.zarr has: each chunk then holds the bytes its v3 twin's chunk holds, so a scan of the
pair compares the readers, not the compression. Run with the python that shared/peers/setup.sh prints.

usage: make_v2_arrays.py DATA_DIR [NAME...]     (default: v2-blosc v2-zstd)
"""
import json, os, sys
import numpy as np
from numcodecs import Blosc, Zstd

COMPRESSORS = {
    'v2-blosc': Blosc(cname='lz4', clevel=5, shuffle=Blosc.SHUFFLE, blocksize=0),
    'v2-zstd': Zstd(level=3),
}

data = sys.argv[1]
names = sys.argv[2:] or list(COMPRESSORS)
raw = os.path.join(data, 'raw.zarr')
meta = json.load(open(os.path.join(raw, 'zarr.json')))
fields = meta['data_type']['configuration']['fields']
numpy_names = {'int64': '<i8', 'float64': '<f8', 'float32': '<f4', 'uint8': '|u1'}
dtype = [[f['name'], numpy_names[f['data_type']]] for f in fields]
itemsize = np.dtype([tuple(f) for f in dtype]).itemsize
chunk = meta['chunk_grid']['configuration']['chunk_shape'][0]
shape = meta['shape'][0]
for name in names:
    compressor = COMPRESSORS[name]
    out = os.path.join(data, name + '.zarr')
    part = out + '.part'
    os.makedirs(part, exist_ok=True)
    for i in range((shape + chunk - 1) // chunk):
        records = np.fromfile(os.path.join(raw, 'c', str(i)), dtype=np.dtype([tuple(f) for f in dtype]))
        with open(os.path.join(part, str(i)), 'wb') as f:
            f.write(compressor.encode(records))
    config = compressor.get_config()
    if config.get('checksum') is False:
        # numcodecs before 0.13 (what zarr-python 2 mostly ran on) wrote no checksum member, and TensorStore's v2
        # driver refuses one
        del config['checksum']
    zarray = {'zarr_format': 2, 'shape': [shape], 'chunks': [chunk], 'dtype': dtype, 'fill_value': None,
              'order': 'C', 'filters': None, 'compressor': config, 'dimension_separator': '.'}
    with open(os.path.join(part, '.zarray'), 'w') as f:
        json.dump(zarray, f)
    os.rename(part, out)
    print(f'{name}.zarr: {shape} records of {itemsize} bytes, {config}', file=sys.stderr)
