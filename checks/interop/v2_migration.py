#!/usr/bin/env python3
"""Interop of `stride copy` from Zarr v2 to v3, both ways round with TensorStore and numpy as the independent readers.

1. Every readable array of the v2 corpus (conformance/zarr-v2, 'ok' in its manifest) is copied to v3 with
   `stride copy --flatten-shaped`; TensorStore's zarr3 driver reads each field of the copy (a struct field opened by
   name, as TensorStore requires) and every element must equal numpy's view of the v2 source, decoded here with
   numcodecs and numpy alone. Fields TensorStore cannot read are left out with their reason.
2. TensorStore's zarr (v2) driver writes structured v2 arrays (shaped fields, byte strings, mixed byte order, order F;
   blosc, zlib and bz2), every field of a chunk within one transaction; `stride cat` must print numpy's values of
   each, and the v3 copy of each (`--flatten-shaped`) must read back through TensorStore's zarr3 driver field by field.

usage: v2_migration.py --stride ./stride SHARED_DIR WORK_DIR
Prints one line per array and a closing 'N passed, N failed'; exit status 1 on any failure.
"""
import argparse, base64, itertools, json, math, os, re, subprocess, sys

import numcodecs
import numpy as np
import tensorstore as ts

from check_tensorstore import report


def numpy_dtype(d):
    """numpy's dtype of a v2 .zarray dtype member (a string, or a list of [name, type(, shape)] fields)."""
    if isinstance(d, str):
        return np.dtype(d)
    return np.dtype([(f[0], numpy_dtype(f[1])) + ((tuple(f[2]),) if len(f) > 2 else ()) for f in d])


def fill_of(z, dtype):
    f = z['fill_value']
    if f is None:
        return np.zeros((), dtype)
    if dtype.fields is not None or dtype.kind in 'SV':
        return np.frombuffer(base64.b64decode(f), dtype)[0] if dtype.fields is not None else np.array(base64.b64decode(f), dtype)
    if dtype.kind == 'c':
        return np.array(complex(float(f[0]), float(f[1])), dtype)
    return np.array(float(f) if isinstance(f, str) and dtype.kind == 'f' else f, dtype)


def read_v2(path):
    """A v2 array as numpy reads it: each chunk through numcodecs (compressor, then the filters backwards)."""
    z = json.load(open(os.path.join(path, '.zarray')))
    dtype = numpy_dtype(z['dtype'])
    shape, chunks, sep = z['shape'], z['chunks'], z.get('dimension_separator') or '.'
    out = np.full(shape, fill_of(z, dtype), dtype)
    grid = [range(math.ceil(s / c)) for s, c in zip(shape, chunks)]
    for index in itertools.product(*grid):
        key = os.path.join(path, sep.join(map(str, index)) if index else '0')
        if not os.path.exists(key):
            continue
        buf = open(key, 'rb').read()
        if z['compressor'] is not None:
            buf = numcodecs.get_codec(z['compressor']).decode(buf)
        for f in reversed(z.get('filters') or []):
            buf = numcodecs.get_codec(f).decode(buf)
        chunk = np.frombuffer(np.ascontiguousarray(buf).tobytes(), dtype).reshape(chunks, order=z['order'])
        region = tuple(slice(i * c, min((i + 1) * c, s)) for i, c, s in zip(index, chunks, shape))
        out[region] = chunk[tuple(slice(0, r.stop - r.start) for r in region)]
    return out


def leaves(dt, prefix=()):
    """(path, data type JSON) of every leaf of a v3 data type."""
    if isinstance(dt, dict) and dt.get('name') == 'struct':
        return [leaf for f in dt['configuration']['fields'] for leaf in leaves(f['data_type'], prefix + (f['name'],))]
    return [(prefix, dt)]


def unreadable(dt):
    """Why TensorStore's zarr3 driver cannot open an array of this data type, or None."""
    for path, kind in leaves(dt):
        name = kind['name'] if isinstance(kind, dict) else kind
        if len(path) > 1:
            return f'nested struct ({".".join(path)}): TensorStore reads only flat structs'
        if isinstance(kind, dict) and name not in ('raw_bytes',):
            return f'{".".join(path) or "the array"} is {name}, which TensorStore does not read'
    return None


def source_values(src, path):
    """The numpy values of a v3 copy's field: pos[i][j] is element (i, j) of the source's shaped field pos."""
    if not path:
        return src
    m = re.fullmatch(r'(.*?)((?:\[\d+\])+)', path[0])
    if m and m.group(1) in src.dtype.names and src.dtype[m.group(1)].shape:
        index = tuple(int(i) for i in re.findall(r'\d+', m.group(2)))
        return src[m.group(1)][(...,) + index]
    return src[path[0]]


def same_arrays(a, b):
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape:
        return False
    if a.dtype.kind in 'fc':
        return np.array_equal(a, b.astype(a.dtype), equal_nan=True)
    return np.array_equal(a, b)


def check_copy(stride, source, copy, numpy_view):
    """Copies source to v3 with stride, then compares every field TensorStore reads with numpy_view."""
    try:
        return compare_copy(stride, source, copy, numpy_view)
    except Exception as e:  # a refusal by stride or TensorStore is a failure of the interop, reported with its reason
        return False, f'{type(e).__name__}: {getattr(e, "stderr", None) or e}'


def compare_copy(stride, source, copy, numpy_view):
    subprocess.run(stride + ['copy', source, copy, '--flatten-shaped', '--codec', 'zstd:3'], check=True, capture_output=True)
    dt = json.load(open(os.path.join(copy, 'zarr.json')))['data_type']
    why_not = unreadable(dt)
    if why_not:
        return None, why_not
    fields = leaves(dt)
    for path, _ in fields:
        spec = {'driver': 'zarr3', 'kvstore': {'driver': 'file', 'path': copy}}
        if path:
            spec['field'] = path[0]
        got = ts.open(spec).result().read().result()
        want = source_values(numpy_view, path)
        if not same_arrays(want, got):
            return False, f'field {".".join(path) or "(plain)"}: numpy {want.ravel()[:4]}..., tensorstore {got.ravel()[:4]}...'
    return True, f'{numpy_view.size} elements x {len(fields)} fields'


def as_json(v):
    """A numpy value as the v2 manifest (and `stride cat --format jsonl`) spells it."""
    if v.dtype.fields is not None:
        return {name: as_json(v[name]) for name in v.dtype.names}
    if v.shape:
        return [as_json(x) for x in v]
    k = v.dtype.kind
    if k == 'b':
        return bool(v)
    if k == 'S':
        return base64.b64encode(bytes(v).rstrip(b'\0')).decode()
    if k == 'f':
        f = float(v)
        return 'NaN' if math.isnan(f) else ('Infinity' if f > 0 else '-Infinity') if math.isinf(f) else f
    return int(v)


def same_json(a, b):
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, (int, float)):
        return a == b or np.float32(a) == np.float32(b)
    return a == b


# arrays TensorStore's zarr driver writes: name, dtype (v2 form), shape, chunks, order, compressor
TENSORSTORE_V2 = [
    ('mixed.blosc', [['id', '>u4'], ['pos', '<f4', [3]], ['name', '|S5'], ['big', '>i8'], ['ok', '|b1']], [10], [4], 'C',
     {'id': 'blosc', 'cname': 'lz4', 'clevel': 5, 'shuffle': 1}),
    ('grid.zlib.F', [['a', '<i2'], ['m', '>f8', [2, 3]]], [5, 6], [2, 4], 'F', {'id': 'zlib', 'level': 3}),
    ('points.bz2', [['lat', '<f8'], ['lon', '<f8'], ['elev', '>f4']], [33], [8], 'C', {'id': 'bz2', 'level': 5}),
    ('vectors.blosc-zstd', [['t', '<i8'], ['v', '>f4', [3]], ['w', '<u2']], [4, 7], [3, 3], 'C',
     {'id': 'blosc', 'cname': 'zstd', 'clevel': 3, 'shuffle': 2}),
]


def tensorstore_v2(out, name, dtype_json, shape, chunks, order, compressor, rng):
    """Writes a v2 array with TensorStore's zarr driver, all fields of every chunk in one transaction."""
    dtype = numpy_dtype(dtype_json)
    data = np.zeros(shape, dtype)
    for field in dtype.names:
        f = data[field]
        kind = dtype[field].base
        if kind.kind == 'S':
            f[...] = [bytes(rng.integers(97, 123, rng.integers(0, kind.itemsize + 1)).astype('u1')) for _ in range(f.size)] \
                if f.ndim == 1 else b''
        elif kind.kind == 'b':
            f[...] = rng.integers(0, 2, f.shape)
        elif kind.kind in 'iu':
            info = np.iinfo(kind)
            f[...] = rng.integers(info.min, info.max, f.shape, dtype=kind.newbyteorder('='), endpoint=True)
        else:
            f[...] = rng.normal(0, 1e3, f.shape)
    path = os.path.join(out, name)
    spec = {'driver': 'zarr', 'kvstore': {'driver': 'file', 'path': path},
            'metadata': {'shape': shape, 'chunks': chunks, 'dtype': dtype_json, 'compressor': compressor, 'order': order,
                         'fill_value': None, 'filters': None}}
    ts.open(dict(spec, field=dtype.names[0], create=True)).result()  # the .zarray, before the chunks
    txn = ts.Transaction()
    context = ts.Context()  # one chunk cache: the fields' writes then meet in each chunk, as one write
    for field in dtype.names:
        values = np.ascontiguousarray(data[field])
        if dtype[field].kind == 'S':  # TensorStore holds a byte string field as a last dimension of chars
            values = values.view('S1').reshape(values.shape + (dtype[field].itemsize,))
        ts.open(dict(spec, field=field, open=True), context=context, transaction=txn).result().write(values).result()
    txn.commit_sync()
    return path, data


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--stride', default='./stride')
    ap.add_argument('shared')
    ap.add_argument('work')
    a = ap.parse_args()
    stride = a.stride.split()
    os.makedirs(a.work, exist_ok=True)
    results = []

    corpus = os.path.join(a.shared, 'conformance', 'zarr-v2')
    for case in json.load(open(os.path.join(corpus, 'manifest.json')))['cases']:
        if case['expect'] != 'ok':
            continue
        source = os.path.join(corpus, case['path'])
        copy = os.path.join(a.work, 'corpus', case['path'].replace('/', '_'))
        results.append((f'v3 copy of {case["path"]}',) + check_copy(stride, source, copy, read_v2(source)))

    rng = np.random.default_rng(41)
    written = os.path.join(a.work, 'tensorstore-v2')
    for name, dtype_json, shape, chunks, order, compressor in TENSORSTORE_V2:
        path, data = tensorstore_v2(written, name, dtype_json, shape, chunks, order, compressor, rng)
        cat = subprocess.run(stride + ['cat', path, '--format', 'jsonl'], capture_output=True, text=True)
        if cat.returncode != 0:
            results.append((f'stride cat of TensorStore v2 {name}', False, cat.stderr.strip()))
        else:
            got = [json.loads(line) for line in cat.stdout.splitlines()]
            want = [as_json(v) for v in data.reshape(-1)]
            bad = next((i for i, (x, y) in enumerate(zip(want, got)) if not same_json(x, y)), None)
            ok = len(got) == len(want) and bad is None
            results.append((f'stride cat of TensorStore v2 {name}', ok,
                            f'{len(got)} records' if ok else f'record {bad}: numpy {want[bad] if bad is not None else len(want)}, '
                                                              f'stride {got[bad] if bad is not None else len(got)}'))
        results.append((f'v3 copy of TensorStore v2 {name}',) + check_copy(stride, path, os.path.join(a.work, 'copies', name), data))

    report(results)

if __name__ == '__main__':
    main()
