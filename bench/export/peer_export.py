"""The peer path of the export benchmark: TensorStore reads the benchmark array's records into numpy, fields x and y
become an Arrow table with pyarrow, and pyarrow writes it as Arrow IPC (file format) and as Parquet (zstd, snappy).
Prints one JSON line per timed round, as bench/export/ExportBench.java does. Run with the peers' python.

usage: peer_export.py DATA_DIR OUT_DIR WARMUP ROUNDS
"""
import json, os, sys, time

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import tensorstore as ts


def read_xy(path):
    # one read of the whole records (the fields share every chunk), then the two fields as Arrow arrays
    ctx = ts.Context({'cache_pool': {'total_bytes_limit': 0}})
    x = ts.open({'driver': 'zarr3', 'kvstore': {'driver': 'file', 'path': path}, 'field': 'x'}, context=ctx).result()
    y = ts.open({'driver': 'zarr3', 'kvstore': {'driver': 'file', 'path': path}, 'field': 'y'}, context=ctx).result()
    return pa.table({'x': pa.array(np.asarray(x.read().result())), 'y': pa.array(np.asarray(y.read().result()))})


def write(table, fmt, dst):
    if fmt == 'arrow':
        with pa.OSFile(dst, 'wb') as sink, pa.ipc.new_file(sink, table.schema) as w:
            w.write_table(table)
    else:
        pq.write_table(table, dst, compression=fmt.split('-')[1])


data, out, warmup, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
for name in ('raw', 'zstd'):
    for fmt in ('arrow', 'parquet-zstd', 'parquet-snappy'):
        dst = os.path.join(out, f'peer-{name}.{fmt}')
        for r in range(warmup + rounds):
            if os.path.exists(dst):
                os.remove(dst)
            t = time.perf_counter()
            write(read_xy(os.path.join(data, name + '.zarr')), fmt, dst)
            s = time.perf_counter() - t
            if r >= warmup:
                print(json.dumps({'who': 'tensorstore+pyarrow', 'array': name, 'format': fmt, 'seconds': round(s, 4),
                                  'bytes': os.path.getsize(dst)}), flush=True)
