#!/usr/bin/env python3
"""Has TensorStore read Zarr v3 arrays that Stride wrote, field by field, and compares every element with what
`stride cat --format jsonl` prints for the same array.

usage: check_tensorstore.py [--stride ./stride] ARRAY_DIR...
Run with the python that ../shared/peers/setup.sh prints (it has tensorstore and numpy).
Exit status 0 when every array matches; prints one line per array and a closing 'N passed, N failed'.
"""
import argparse, json, math, re, subprocess, sys

import numpy as np
import tensorstore as ts


def leaves(dt, prefix=()):
    """(path tuple, leaf type name) of every leaf field of a struct data type JSON, or [((), name)] for a plain type."""
    if isinstance(dt, dict) and dt.get('name') == 'struct':
        out = []
        for f in dt['configuration']['fields']:
            out += leaves(f['data_type'], prefix + (f['name'],))
        return out
    return [(prefix, dt['name'] if isinstance(dt, dict) else dt)]


def unreadable(dt):
    """Why TensorStore (0.1.85) cannot read arrays of this data type JSON, or None when it can."""
    for p, kind in leaves(dt):
        if len(p) > 1:
            return 'nested struct: TensorStore reads only flat structs'
        if p and kind.startswith('numpy.'):
            return f'field {p[0]} is {kind}: TensorStore reads struct fields of core types only'
        if p and re.fullmatch(r'r\d+', kind):
            return (f'field {p[0]} is {kind}: TensorStore wants a raw field\'s fill value as one integer, '
                    'not the list of bytes the spec asks for')
    return None


def as_json_value(v, kind):
    """A numpy scalar in the Zarr v3 fill_value JSON encoding, as the stride CLI prints it."""
    if kind == 'bool':
        return bool(v)
    if kind.startswith('float'):
        f = float(v)
        if math.isnan(f):
            return 'NaN'
        if math.isinf(f):
            return 'Infinity' if f > 0 else '-Infinity'
        return f
    if kind.startswith('complex'):
        return [as_json_value(v.real, 'float64'), as_json_value(v.imag, 'float64')]
    if kind.startswith('r'):
        return list(bytes(v))
    if kind.startswith('numpy.'):
        i = int(v.astype('int64'))
        return 'NaT' if i == -(1 << 63) else i
    return int(v)


def same(a, b, kind):
    if kind in ('float32', 'complex64', 'float16'):
        width = {'float32': 'f4', 'complex64': 'f4', 'float16': 'f2'}[kind]
        norm = lambda x: x if isinstance(x, str) else float(np.array(x, dtype=width))
        if isinstance(a, list):
            return all(norm(x) == norm(y) for x, y in zip(a, b))
        return norm(a) == norm(b)
    return a == b


def check(path, stride):
    meta = json.load(open(f'{path}/zarr.json'))
    fields = leaves(meta['data_type'])
    why_not = unreadable(meta['data_type'])
    if why_not:
        return None, why_not
    lines = subprocess.run(stride + ['cat', path, '--format', 'jsonl'], check=True, capture_output=True, text=True).stdout.splitlines()
    got = [json.loads(l) for l in lines]
    for p, kind in fields:
        spec = {'driver': 'zarr3', 'kvstore': {'driver': 'file', 'path': path}}
        if p:
            spec['field'] = p[0]
        values = ts.open(spec).result().read().result().reshape(-1)
        if len(values) != len(got):
            return False, f'{len(values)} elements from TensorStore, {len(got)} from stride'
        for i, v in enumerate(values):
            mine = got[i][p[0]] if p else got[i]
            theirs = as_json_value(v, kind)
            if not same(mine, theirs, kind):
                return False, f'field {".".join(p) or "(plain)"} element {i}: stride {mine!r}, tensorstore {theirs!r}'
    return True, f'{len(got)} elements x {len(fields)} fields'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--stride', default='./stride')
    ap.add_argument('arrays', nargs='+')
    a = ap.parse_args()
    results = []
    for path in a.arrays:
        try:
            ok, why = check(path, a.stride.split())
        except Exception as e:  # a TensorStore refusal is a failure of the interop, reported with its reason
            ok, why = False, f'{type(e).__name__}: {e}'
        results.append((path, ok, why))
    report(results)


def report(results):
    """Prints a PASS, SKIP or FAIL line per (what, ok, why) (ok None: skipped) and the closing count, then exits 1 on any failure."""
    passed = failed = 0
    for what, ok, why in results:
        print('PASS' if ok else 'SKIP' if ok is None else 'FAIL', what, why)
        passed += ok is True
        failed += ok is False
    print(f'{passed} passed, {failed} failed')
    sys.exit(1 if failed else 0)

if __name__ == '__main__':
    main()
