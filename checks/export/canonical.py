"""Canonical values for the export check: the manifest's values and what a reader (or a jsonl line, a csv cell)
gives become the same comparable form, so that one test says whether they are equal."""
import base64, json, math, re, struct

import numpy as np

from zarr_types import ATTO, NAT, ZType


def fkey(x, bits=64):
    """A float as a comparable key: NaN and infinities by name, -0.0 apart from 0.0. Widths below 64 are rounded to
    their width first, so a shortest-form text of a float32 ('0.1') meets the exact double of that float32."""
    if isinstance(x, str):
        x = float(x.replace('Infinity', 'inf'))
    x = float(x)
    if bits == 32:
        x = float(np.float32(x))
    elif bits == 16:
        x = float(np.float16(x))
    if math.isnan(x):
        return 'NaN'
    if math.isinf(x):
        return 'Infinity' if x > 0 else '-Infinity'
    return x if x != 0 else ('-0.0' if math.copysign(1, x) < 0 else 0.0)


def expected_time(v, t, unit):
    """A manifest time count (in the Zarr unit times scale_factor) as a count of `unit`, or None for NaT; also the
    floor and truncated counts when the conversion to a coarser unit is not exact (ps/fs/as to ns)."""
    if v == 'NaT' or v == NAT:
        return None, None
    num = v * t.scale * ATTO[t.unit]
    if num % ATTO[unit] == 0:
        return num // ATTO[unit], None
    trunc = int(num / ATTO[unit]) if abs(num) < 2**52 else (abs(num) // ATTO[unit]) * (1 if num >= 0 else -1)
    return num // ATTO[unit], trunc


def same(exp, got, t, unit):
    """Whether a reader's value equals the manifest's for leaf type t; unit is the reader's time unit."""
    if t.kind == 'bool':
        return isinstance(got, (bool, np.bool_)) and bool(got) == bool(exp)
    if t.kind in ('int', 'uint'):
        return got is not None and not isinstance(got, (bool, float)) and int(got) == int(exp)
    if t.kind == 'float':
        if isinstance(got, (bytes, bytearray)) and t.bits == 16 and len(got) == 2:
            got = struct.unpack('<e', got)[0]  # polars reads Parquet's FLOAT16 logical type as its raw bytes
        return isinstance(got, (float, int, np.floating)) and not isinstance(got, bool) and fkey(got) == fkey(exp)
    if t.kind == 'raw':
        return isinstance(got, (bytes, bytearray, memoryview)) and bytes(got) == bytes(exp)
    if t.kind == 'bytes':  # the manifest's base64 of the bytes without trailing NULs
        return isinstance(got, (bytes, bytearray, memoryview)) and bytes(got) == base64.b64decode(exp)
    if t.kind == 'text':
        return isinstance(got, str) and got == exp
    if t.kind == 'subarray':
        return same_nested(exp, got, t.element, len(t.dims), unit)
    if t.kind in ('datetime', 'timedelta'):
        want, alt = expected_time(exp, t, unit)
        return got == want or (alt is not None and got == alt)
    raise AssertionError(t.kind)


def same_nested(exp, got, element, depth, unit):
    """A shaped field's nested lists, element by element (readers give lists, tuples or numpy arrays)."""
    if depth == 0:
        return same(exp, got, element, unit)
    if not isinstance(got, (list, tuple, np.ndarray)) or len(got) != len(exp):
        return False
    return all(same_nested(e, g, element, depth - 1, unit) for e, g in zip(exp, got))


def json_same(t, e, g, fields=None):
    """A jsonl value against the manifest's, both in the fill_value JSON encoding (floats rounded to their width)."""
    if t.kind == 'struct':
        names = [n for n, _ in t.fields if not fields or n in fields]
        return isinstance(g, dict) and sorted(g) == sorted(names) and all(
            json_same(ft, e[n], g[n]) for n, ft in t.fields if n in names)
    if t.kind == 'complex':
        return isinstance(g, list) and len(g) == 2 and all(fkey(a, t.bits // 2) == fkey(b, t.bits // 2)
                                                             for a, b in zip(e, g))
    if t.kind == 'float':
        return isinstance(g, (int, float, str)) and not isinstance(g, bool) and fkey(g, t.bits) == fkey(e, t.bits)
    if t.kind in ('datetime', 'timedelta'):
        return (g in ('NaT', NAT) and e in ('NaT', NAT)) or (g == e and not isinstance(g, bool))
    if t.kind == 'subarray':
        return isinstance(g, list) and len(g) == len(e) and all(
            json_same(ZType('subarray', '', element=t.element, dims=t.dims[1:]) if len(t.dims) > 1 else t.element, a, b)
            for a, b in zip(e, g))
    if t.kind == 'bool':
        return g is e
    return g == e and type(g) is type(e)


def csv_same(t, e, cell):
    """A csv cell (CellText: JSON numbers, NaN/Infinity, 'true', complex as 1.5-2.0j, raw as 0x hex)."""
    try:
        if t.kind == 'bool':
            return cell == ('true' if e else 'false')
        if t.kind in ('int', 'uint'):
            return int(cell) == e
        if t.kind == 'float':
            return fkey(cell, t.bits) == fkey(e, t.bits)
        if t.kind == 'complex':
            body = cell[:-1] if cell.endswith('j') else cell
            m = re.fullmatch(r'(.+?)([+-](?:NaN|Infinity|[0-9.]+(?:[eE][+-]?\d+)?))', body)
            return m is not None and fkey(m.group(1), t.bits // 2) == fkey(e[0], t.bits // 2) \
                and fkey(m.group(2).lstrip('+'), t.bits // 2) == fkey(e[1], t.bits // 2)
        if t.kind == 'raw':
            return cell.lower() == '0x' + bytes(e).hex()
        if t.kind in ('text', 'bytes'):  # text as it is, a byte string in base64 as the manifest spells it
            return cell == e
        if t.kind == 'subarray':  # the elements as a JSON list, as jsonl has them
            return json_same(t, e, json.loads(cell))
        if t.kind == 'datetime':  # readable text: compare through numpy, NaT by name
            if e in ('NaT', NAT):
                return cell == 'NaT'
            return int(np.datetime64(cell.rstrip('Z'), t.unit).astype('int64')) == e * t.scale
        if t.kind == 'timedelta':
            return cell == 'NaT' if e in ('NaT', NAT) else True  # text form not specified: only NaT is checked
    except (ValueError, TypeError):
        return False
    return False
