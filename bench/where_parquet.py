#!/usr/bin/env python3
"""Writes a Parquet copy of an array of bench/make_where_array.py for bench/spark_where.sh: the same records in the
same order, zstd (level 1, as the array's chunks), one row group per Zarr chunk (the same record count), pyarrow's
column statistics on (min, max, null count per row group: what Spark's reader skips row groups by), and
FILE_CHUNKS chunks per file, so that Spark reads each file as one task, as the connector reads FILE_CHUNKS chunks per
task. time becomes a UTC timestamp in microseconds, Spark's own unit, so both sources give Spark the same values.
The chunks are decoded with numcodecs, independently of Stride. The directory appears whole (written beside, renamed).

usage: where_parquet.py ARRAY.zarr OUT_DIR FILE_CHUNKS   (run with the peers' python, with pyarrow)
"""
import json, os, shutil, sys

import numcodecs
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

array, out, file_chunks = sys.argv[1], sys.argv[2], int(sys.argv[3])
meta = json.load(open(os.path.join(array, 'zarr.json')))
fields = [(f['name'], f['data_type']) for f in meta['data_type']['configuration']['fields']]
expected = [('time', {'name': 'numpy.datetime64', 'configuration': {'unit': 's', 'scale_factor': 1}}),
            ('speed', 'float32'), ('id', 'int64')]
if fields != expected or [c['name'] for c in meta['codecs']] != ['bytes', 'zstd']:
    sys.exit(f'{array}: not an array of make_where_array.py (fields {fields}, codecs {meta["codecs"]})')
dtype = np.dtype([('time', '<M8[s]'), ('speed', '<f4'), ('id', '<i8')])
(records,), (chunk,) = meta['shape'], meta['chunk_grid']['configuration']['chunk_shape']
chunks = -(-records // chunk)
schema = pa.schema([('time', pa.timestamp('us', tz='UTC')), ('speed', pa.float32()), ('id', pa.int64())])
zstd = numcodecs.Zstd()

tmp = out + '.tmp'
shutil.rmtree(tmp, ignore_errors=True)
os.makedirs(tmp)
for first in range(0, chunks, file_chunks):
    with pq.ParquetWriter(os.path.join(tmp, f'part-{first // file_chunks:05d}.parquet'), schema,
                          compression='zstd', compression_level=1, write_statistics=True) as writer:
        for c in range(first, min(chunks, first + file_chunks)):
            with open(os.path.join(array, 'c', str(c)), 'rb') as f:
                r = np.frombuffer(zstd.decode(f.read()), dtype)[:min(chunk, records - c * chunk)]
            table = pa.table([pa.array(r['time'].astype('M8[us]'), pa.timestamp('us', tz='UTC')),
                              pa.array(r['speed']), pa.array(r['id'])], schema=schema)
            writer.write_table(table, row_group_size=chunk)
os.rename(tmp, out)
print(f'wrote {out}: {records} records, {chunks} row groups of {chunk}, {file_chunks} per file')
