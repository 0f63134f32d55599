#!/usr/bin/env python3
"""Times TensorStore summing one field of a record array, v2 (its `zarr` driver) or v3 (`zarr3`), as
shared/peers/scan_peers.py does for v3 only: the same cache-less context, one line per run. Run with the python
that shared/peers/setup.sh prints.

usage: tensorstore_scan.py ARRAY_DIR_OR_URL FIELD [--repeat N]
  ARRAY_DIR_OR_URL  a directory (file kvstore), http(s)://HOST/ARRAY (http kvstore) or s3://BUCKET/ARRAY (s3 kvstore,
                    its endpoint and region from AWS_ENDPOINT_URL and AWS_REGION, its keys from the environment);
                    a URL is read as v3 (zarr3), a directory as v2 when it holds .zarray
Prints: tensorstore-DRIVER sum=... seconds=... Mrecords/s=... cpu=... (the CPU seconds of the whole process, every
thread counted, that the run took: getrusage(RUSAGE_SELF))
"""
import argparse, os, resource, time
from urllib.parse import urlsplit
import tensorstore as ts


def kvstore(path):
    """The kvstore spec of a directory or URL."""
    if path.startswith(('http://', 'https://')):
        return {'driver': 'http', 'base_url': path}
    if path.startswith('s3://'):
        url = urlsplit(path)
        return {'driver': 's3', 'bucket': url.netloc, 'path': url.path.strip('/') + '/',
                'endpoint': os.environ['AWS_ENDPOINT_URL'], 'aws_region': os.environ.get('AWS_REGION', 'us-east-1')}
    return {'driver': 'file', 'path': path}


def cpu():
    """CPU seconds of the whole process so far, TensorStore's threads included."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


ap = argparse.ArgumentParser()
ap.add_argument('path')
ap.add_argument('field')
ap.add_argument('--repeat', type=int, default=5)
a = ap.parse_args()
driver = 'zarr' if os.path.exists(os.path.join(a.path, '.zarray')) else 'zarr3'
for _ in range(a.repeat):
    t, c = time.perf_counter(), cpu()
    ctx = ts.Context({'cache_pool': {'total_bytes_limit': 0}})
    store = ts.open({'driver': driver, 'kvstore': kvstore(a.path), 'field': a.field}, context=ctx).result()
    values = store.read().result()
    total = float(values.sum())
    seconds, used = time.perf_counter() - t, cpu() - c
    print(f'tensorstore-{driver} sum={total!r} seconds={seconds:.4f} Mrecords/s={values.size / seconds / 1e6:.1f} cpu={used:.3f}')
