#!/usr/bin/env python3
"""Gathers the arrays checks/interop/run.sh copies with Stride into one hierarchy: the shared conformance corpus's
struct arrays that must read ('ok' in its manifest), leaving out with a notice those TensorStore cannot read, and a small
demo-like dataset of flat records (GPS fixes: the demo's fields, time as int64 ms and position flattened, since
TensorStore reads only flat structs of core types), one chunk of it left at the fill value; and a flat struct of
every core type with extreme values and a fill value without zeros.

usage: sources.py SHARED_DIR OUT_DIR   (OUT_DIR holds a group; each array becomes a child of it)
Run with the python that ../shared/peers/setup.sh prints.
"""
import json, os, shutil, sys

import numpy as np

from check_tensorstore import unreadable

FLAT_RECORDS = 20000
CHUNK = 4096


def conformance(shared, out):
    manifest = json.load(open(os.path.join(shared, 'conformance', 'manifest.json')))
    for case in manifest['cases']:
        if not case['path'].startswith('struct/') or case['expect'] != 'ok':
            continue
        source = os.path.join(shared, 'conformance', case['path'])
        why_not = unreadable(json.load(open(os.path.join(source, 'zarr.json')))['data_type'])
        if why_not:
            print(f'NOTICE: {case["path"]} left out: {why_not}')
            continue
        shutil.copytree(source, os.path.join(out, os.path.basename(case['path'])))


def flat_tracks(shared, out):
    sys.path.insert(0, os.path.join(shared, 'peers'))
    import mkzarr
    dtype = np.dtype([('id', '<i8'), ('time_ms', '<i8'), ('lat', '<f8'), ('lon', '<f8'), ('elevation', '<f4'),
                      ('speed', '<f4'), ('satellites', 'u1')])
    rng = np.random.default_rng(20240601)
    data = np.zeros(FLAT_RECORDS, dtype)
    data['id'] = np.arange(FLAT_RECORDS)
    data['time_ms'] = 1_717_200_000_000 + 1000 * np.arange(FLAT_RECORDS)
    data['lat'] = 46.5 + np.cumsum(rng.normal(0, 2e-5, FLAT_RECORDS))
    data['lon'] = 9.0 + np.cumsum(rng.normal(0, 3e-5, FLAT_RECORDS))
    data['elevation'] = 1400 + 50 * np.sin(np.arange(FLAT_RECORDS) / 500) + rng.normal(0, 3, FLAT_RECORDS)
    data['speed'] = np.abs(rng.normal(5, 2, FLAT_RECORDS))
    data['satellites'] = rng.integers(4, 15, FLAT_RECORDS)
    data[2 * CHUNK:3 * CHUNK] = np.zeros((), dtype)  # a chunk of fill values, which a copy leaves out
    mkzarr.write_array(os.path.join(out, 'flat_tracks'), data, [CHUNK], [{'name': 'bytes', 'configuration': {'endian': 'little'}}],
                       attributes={'units': {'lat': 'degrees', 'lon': 'degrees', 'elevation': 'm', 'speed': 'm/s'}})


def every_kind(shared, out):
    """A flat struct of every core type TensorStore reads in a struct, extreme values and a fill value of no zeros."""
    sys.path.insert(0, os.path.join(shared, 'peers'))
    import mkzarr
    dtype = np.dtype([('b', '?'), ('i1', 'i1'), ('u1', 'u1'), ('i2', '<i2'), ('u2', '<u2'), ('i4', '<i4'), ('u4', '<u4'),
                      ('i8', '<i8'), ('u8', '<u8'), ('f2', '<f2'), ('f4', '<f4'), ('f8', '<f8'), ('c8', '<c8'), ('c16', '<c16')])
    n = 1000
    rng = np.random.default_rng(7)
    data = np.zeros(n, dtype)
    for name in dtype.names:
        kind = dtype[name]
        if kind.kind in 'iu':
            info = np.iinfo(kind)
            data[name] = rng.integers(info.min, info.max, n, dtype=kind, endpoint=True)
        elif kind.kind == 'b':
            data[name] = rng.integers(0, 2, n)
        else:
            data[name] = rng.normal(0, 1e3, n) + (1j * rng.normal(0, 1, n) if kind.kind == 'c' else 0)
    for name in ('f2', 'f4', 'f8'):
        data[name][:4] = [np.nan, np.inf, -np.inf, -0.0]
    data['u8'][4] = np.iinfo('u8').max
    fill = np.zeros((), dtype)
    for name in dtype.names:
        fill[name] = True if name == 'b' else 1 if dtype[name].kind == 'u' else -1
    data[200:300] = fill  # a chunk of fill values
    mkzarr.write_array(os.path.join(out, 'every_kind'), data, [100], [{'name': 'bytes', 'configuration': {'endian': 'little'}}], fill=fill)


def main():
    shared, out = sys.argv[1:3]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, 'zarr.json'), 'w') as f:
        json.dump({'zarr_format': 3, 'node_type': 'group', 'attributes': {'about': 'sources of checks/interop/run.sh'}}, f)
    conformance(shared, out)
    flat_tracks(shared, out)
    every_kind(shared, out)


if __name__ == '__main__':
    main()
