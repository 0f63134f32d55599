#!/usr/bin/env python3
"""Checks `stride export` against the shared conformance corpus: every ok array of the v3 manifest and of the Zarr v2
one (zarr-v2/, numpy dtypes; its zarr-python 2 arrays also through the corpus's zip files) is exported to Arrow IPC
(file and stream), Parquet (and, when asked, csv and jsonl), read back with pyarrow, polars and DuckDB, and every
element is compared exactly with the manifest's values; the Arrow schema (names, types, zarr.* metadata) and the Parquet schema
(physical and logical types, codec) are checked against the export contract. Error cases must exit 1 with a message
on stderr and leave no output file.

usage: check_export.py --stride ./stride --shared ../shared [--formats arrow,arrow-stream,parquet] [--only SUBSTR]
                       [-j N] [--keep] [--selftest]
--selftest writes the files with pyarrow following the contract instead of running stride (plus synthetic time and
NaT cases the corpus lacks, and corrupted files that must be caught): it tests this checker, not stride.
Run with the python that ../shared/peers/setup.sh prints, with pyarrow, polars and duckdb added
(checks/export/run.sh).
Exit status 0 when everything matches; one 'FAIL ...' line per failed check and a closing summary.
"""
import argparse, base64, concurrent.futures, csv, io, itertools, json, math, os, queue, re, shlex, shutil, struct, subprocess, sys
import tempfile, time

import duckdb
import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.ipc
import pyarrow.parquet as pq

EXT = {'arrow': 'arrow', 'arrow-stream': 'arrows', 'parquet': 'parquet', 'csv': 'csv', 'jsonl': 'jsonl'}
# attoseconds per unit: converting counts between units is exact integer arithmetic
ATTO = {'as': 1, 'fs': 10**3, 'ps': 10**6, 'ns': 10**9, 'us': 10**12, 'ms': 10**15, 's': 10**18,
        'm': 60 * 10**18, 'h': 3600 * 10**18, 'D': 86400 * 10**18, 'W': 7 * 86400 * 10**18}
# the contract's Arrow unit for each numpy time unit (coarser ones become seconds, finer ones nanoseconds)
ARROW_UNIT = {'s': 's', 'ms': 'ms', 'us': 'us', 'ns': 'ns', 'W': 's', 'D': 's', 'h': 's', 'm': 's',
              'ps': 'ns', 'fs': 'ns', 'as': 'ns'}
PARQUET_TS_UNIT = {'s': 'MILLIS', 'ms': 'MILLIS', 'us': 'MICROS', 'ns': 'NANOS'}
NAT = -(1 << 63)


# ---------------------------------------------------------------------------------------------------------------------
# Zarr data types, as far as the contract needs them

class ZType:
    """A Zarr data type: kind is bool/int/uint/float/complex/raw/datetime/timedelta/struct, or from numpy (v2) also
    bytes (S<n>), text (U<n>) and subarray (a field with a shape: element and dims)."""

    def __init__(self, kind, text, bits=0, unit=None, scale=1, fields=(), element=None, dims=()):
        self.kind, self.text, self.bits, self.unit, self.scale, self.fields = kind, text, bits, unit, scale, list(fields)
        self.element, self.dims = element, list(dims)

    def __repr__(self):
        return self.text


class Unsupported(Exception):
    pass


def parse_type(dt):
    if isinstance(dt, str):
        if dt == 'bool':
            return ZType('bool', dt, 8)
        m = re.fullmatch(r'(u?int|float|complex)(\d+)', dt)
        if m and dt in ('int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64',
                        'float16', 'float32', 'float64', 'complex64', 'complex128'):
            return ZType(m.group(1), dt, int(m.group(2)))
        m = re.fullmatch(r'r(\d+)', dt)
        if m and int(m.group(1)) % 8 == 0:
            return ZType('raw', dt, int(m.group(1)))
        raise Unsupported(f'data type {dt}')
    name = dt.get('name')
    conf = dt.get('configuration', {})
    if name == 'struct':
        return ZType('struct', 'struct', fields=[(f['name'], parse_type(f['data_type'])) for f in conf['fields']])
    if name == 'structured':  # legacy alias: [name, type] tuples
        return ZType('struct', 'structured', fields=[(f[0], parse_type(f[1])) for f in conf['fields']])
    if name in ('numpy.datetime64', 'numpy.timedelta64'):
        unit, scale = conf['unit'], conf.get('scale_factor', 1)
        text = f'{name}[{unit}]' if scale == 1 else f'{name}[{scale}{unit}]'
        return ZType(name.split('.')[1][:-2], text, 64, unit, scale)  # datetime / timedelta
    if isinstance(name, str) and not conf:
        return parse_type(name)
    raise Unsupported(f'data type {json.dumps(dt)}')


NUMPY_INTS = {'b': 'bool', 'i': 'int', 'u': 'uint', 'f': 'float', 'c': 'complex'}


def parse_numpy(dt):
    """A Zarr v2 dtype (numpy's typestr, or a list of [name, dtype(, shape)] fields) as the ZType Stride reads, its
    text as Stride names it in zarr.data_type: v3 names, null_terminated_bytes[n], fixed_length_utf32[n],
    raw_bytes[n], a subarray as element[shape]."""
    if isinstance(dt, list):
        fields = []
        for f in dt:
            t = parse_numpy(f[1])
            if len(f) > 2:
                if t.kind == 'struct':
                    raise Unsupported(f'a subarray of records {json.dumps(f)}')
                t = ZType('subarray', f'{t.text}{list(f[2])}', element=t, dims=f[2])
            fields.append((f[0], t))
        return ZType('struct', 'struct', fields=fields)
    m = re.fullmatch(r'[<>|=]([bciufSUVMm])(\d+)(?:\[(\d*)(\w+)\])?', dt)
    if not m:
        raise Unsupported(f'numpy dtype {dt}')
    code, n = m.group(1), int(m.group(2))
    if code in NUMPY_INTS:
        kind = NUMPY_INTS[code]
        return parse_type('bool' if kind == 'bool' else f'{kind}{8 * n}')
    if code == 'S':
        return ZType('bytes', f'null_terminated_bytes[{n}]', 8 * n)
    if code == 'U':
        return ZType('text', f'fixed_length_utf32[{n}]', 32 * n)
    if code == 'V':
        return ZType('raw', f'raw_bytes[{n}]', 8 * n)
    scale = int(m.group(3) or 1)
    name = 'numpy.datetime64' if code == 'M' else 'numpy.timedelta64'
    return parse_type({'name': name, 'configuration': {'unit': m.group(4), 'scale_factor': scale}})


def arrow_type(t):
    """The Arrow type the contract gives a Zarr type."""
    if t.kind == 'bool':
        return pa.bool_()
    if t.kind == 'int':
        return {8: pa.int8(), 16: pa.int16(), 32: pa.int32(), 64: pa.int64()}[t.bits]
    if t.kind == 'uint':
        return {8: pa.uint8(), 16: pa.uint16(), 32: pa.uint32(), 64: pa.uint64()}[t.bits]
    if t.kind == 'float':
        return {16: pa.float16(), 32: pa.float32(), 64: pa.float64()}[t.bits]
    if t.kind == 'complex':
        part = pa.float32() if t.bits == 64 else pa.float64()
        return pa.struct([pa.field('re', part), pa.field('im', part)])
    if t.kind == 'raw':
        return pa.binary(t.bits // 8)
    if t.kind == 'bytes':
        return pa.binary()
    if t.kind == 'text':
        return pa.string()
    if t.kind == 'subarray':  # a fixed-size list per dimension, the outermost first
        typ = arrow_type(t.element)
        for n in reversed(t.dims):
            typ = pa.list_(typ, n)
        return typ
    if t.kind == 'datetime':
        return pa.timestamp(ARROW_UNIT[t.unit])
    if t.kind == 'timedelta':
        return pa.duration(ARROW_UNIT[t.unit])
    return pa.struct([pa.field(n, arrow_type(f), metadata={'zarr.data_type': f.text}) for n, f in t.fields])


def columns_of(t):
    """(column name, type) of the export's top-level columns."""
    return list(t.fields) if t.kind == 'struct' else [('value', t)]


def leaves(t, path=()):
    """(path, leaf type) of every Arrow leaf; complex gives two float leaves re and im."""
    if t.kind == 'struct':
        return [x for n, f in t.fields for x in leaves(f, path + (n,))]
    if t.kind == 'complex':
        part = ZType('float', f'float{t.bits // 2}', t.bits // 2)
        return [(path + ('re',), part), (path + ('im',), part)]
    return [(path, t)]


def zarr_leaves(t, path=()):
    """(path, type) of every Zarr leaf field (complex is one leaf): the csv columns."""
    if t.kind == 'struct':
        return [x for n, f in t.fields for x in zarr_leaves(f, path + (n,))]
    return [(path, t)]


def value_at(element, path, plain):
    """The manifest value of one Arrow leaf of an element ('value' is the column of a plain array)."""
    v = element
    for i, p in enumerate(path):
        if plain and i == 0:
            continue
        v = v[{'re': 0, 'im': 1}[p]] if isinstance(v, list) and p in ('re', 'im') else v[p]
    return v


# ---------------------------------------------------------------------------------------------------------------------
# Canonical values: manifest and readers' values become the same comparable form

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


# ---------------------------------------------------------------------------------------------------------------------
# Readers: each gives {path: (values, reader type text, time unit or None)} for the Arrow leaves

def arrow_leaves(table):
    out = {}

    def walk(arr, typ, path):
        if pa.types.is_struct(typ):
            for f, child in zip(typ, arr.flatten()):  # flatten applies the struct's own nulls to its children
                walk(child, f.type, path + (f.name,))
        elif pa.types.is_timestamp(typ) or pa.types.is_duration(typ):
            out[path] = (arr.cast(pa.int64()).to_pylist(), str(typ), typ.unit)  # as_py would go through datetime
        else:
            out[path] = (arr.to_pylist(), str(typ), None)

    for name, col in zip(table.column_names, table.columns):
        walk(col.combine_chunks(), col.type, (name,))
    return out


def polars_leaves(df):
    out = {}

    def walk(s, path):
        if isinstance(s.dtype, pl.Struct):
            for f in s.dtype.fields:
                walk(s.struct.field(f.name), path + (f.name,))
        elif isinstance(s.dtype, (pl.Datetime, pl.Duration)):
            out[path] = (s.cast(pl.Int64).to_list(), str(s.dtype), s.dtype.time_unit)
        else:
            out[path] = (s.to_list(), str(s.dtype), None)

    for name in df.columns:
        walk(df.get_column(name), (name,))
    return out


DUCK_EPOCH = {'timestamp': ('epoch_us', 'us'), 'timestamp with time zone': ('epoch_us', 'us'),
              'timestamp_ns': ('epoch_ns', 'ns'), 'timestamp_ms': ('epoch_ms', 'ms'), 'timestamp_s': ('epoch', 's')}


def duckdb_leaves(path):
    con = duckdb.connect()
    try:
        src = "read_parquet('" + path.replace("'", "''") + "')"
        rel = con.sql(f'SELECT * FROM {src}')
        exprs, meta = [], []

        def walk(expr, typ, p):
            if typ.id == 'struct':
                for name, child in typ.children:
                    walk(f"struct_extract({expr}, '{name.replace(chr(39), chr(39) * 2)}')", child, p + (name,))
            elif typ.id in DUCK_EPOCH:  # python datetimes would drop nanoseconds; the epoch count is exact
                fn, unit = DUCK_EPOCH[typ.id]
                exprs.append(f'{fn}({expr})')
                meta.append((p, str(typ), unit))
            else:
                exprs.append(expr)
                meta.append((p, str(typ), None))

        for name, typ in zip(rel.columns, rel.types):
            walk('"' + name.replace('"', '""') + '"', typ, (name,))
        rows = con.execute(f'SELECT {", ".join(exprs)} FROM {src}').fetchall()
        return {p: ([r[i] for r in rows], ty, unit) for i, (p, ty, unit) in enumerate(meta)}
    finally:
        con.close()


# ---------------------------------------------------------------------------------------------------------------------
# One case: its type, expected values, and the checks of each output

class Case:
    def __init__(self, name, meta, shape, values, directory=None):
        self.name, self.meta, self.shape, self.values, self.dir = name, meta, list(shape), values, directory
        self.type = parse_numpy(meta['dtype']) if meta.get('zarr_format') == 2 else parse_type(meta['data_type'])
        self.plain = self.type.kind != 'struct'
        self.optional = False  # manifest 'optional': a clear refusal is fine too

    def region(self, region):
        """The shape and values of a Python-style region (start:stop or an index per dimension), like Region.parse."""
        if region is None:
            return self.shape, self.values
        parts = region.split(',') if region.strip() else []
        ranges = []
        for i, n in enumerate(self.shape):
            p = parts[i].strip() if i < len(parts) else ':'
            if ':' not in p:
                k = int(p) + (n if int(p) < 0 else 0)
                ranges.append(range(k, k + 1))
            else:
                a, b = (x.strip() for x in p.split(':'))
                fix = lambda v, d: d if v == '' else max(0, min(n, int(v) + (n if int(v) < 0 else 0)))
                start = fix(a, 0)
                ranges.append(range(start, max(start, fix(b, n))))
        strides = [int(np.prod(self.shape[i + 1:])) for i in range(len(self.shape))]
        values = [self.values[sum(i * s for i, s in zip(ix, strides))] for ix in itertools.product(*ranges)]
        return [len(r) for r in ranges], values


class Job:
    """One `stride export` run and what to check in its output."""

    def __init__(self, case, fmt, label=None, extra=(), to_stdout=False, infer=False, region=None, fields=None,
                 codec=None, expect_error=False):
        self.case, self.fmt, self.extra, self.to_stdout, self.infer = case, fmt, list(extra), to_stdout, infer
        self.region, self.fields, self.codec, self.expect_error = region, fields, codec, expect_error
        self.label = label or fmt

    def argv(self, stride, dst):
        args = [stride, 'export', self.case.dir, '-' if self.to_stdout else dst]
        if not self.infer:
            args += ['--format', self.fmt]
        if self.region is not None:
            args += ['--region', self.region]
        if self.fields:
            args += ['--fields', ','.join(self.fields)]
        return args + self.extra


class Checker:
    def __init__(self, quiet_notes=False, silent=False):
        self.failures, self.notes, self.checks, self.silent = [], [], 0, silent
        self.reps = {}  # (format, reader, zarr type) -> reader types seen
        self.quiet_notes = quiet_notes

    def fail(self, job, reader, msg):
        line = f'FAIL {job.case.name} [{job.label}] {reader}: {msg}'
        self.failures.append(line)
        if not self.silent:
            print(line, flush=True)

    def note(self, job, msg):
        line = f'NOTE {job.case.name} [{job.label}]: {msg}'
        self.notes.append(line)
        if not self.quiet_notes and not self.silent:
            print(line, flush=True)

    # values ----------------------------------------------------------------------------------------------------------
    def compare(self, job, reader, got, shape, values):
        """got: {path: (values, type text, unit)} from a reader; every Arrow leaf must be there and equal."""
        self.checks += 1
        t = job.case.type
        cols = [n for n, _ in columns_of(t) if not job.fields or n in job.fields]
        want_leaves = [(p, lt) for p, lt in leaves(t, ('value',) if job.case.plain else ()) if p[0] in cols]
        tops = list(dict.fromkeys(p[0] for p in got))
        if tops != cols and sorted(tops) != sorted(cols):
            self.fail(job, reader, f'columns {tops}, expected {cols}')
            return
        for path, lt in want_leaves:
            if path not in got:
                # e.g. a reader that shows a struct as something else
                self.fail(job, reader, f'no leaf {".".join(path)} (has {sorted(".".join(p) for p in got)})')
                continue
            vals, rep, unit = got[path]
            if lt.kind == 'float' and lt.bits == 16 and 'inary' in rep:
                self.note_once(job, f'{reader} reads {job.fmt} float16 as {rep} (its raw little-endian bytes)')
            top_t = dict(columns_of(t))[path[0]]
            self.reps.setdefault((job.fmt, reader, leaf_label(top_t, path, lt)), set()).add(rep)
            if lt.kind in ('datetime', 'timedelta') and unit is None:
                unit = ARROW_UNIT[lt.unit]  # Parquet durations are plain int64 counts of the contract's unit
            if len(vals) != len(values):
                self.fail(job, reader, f'{".".join(path)}: {len(vals)} rows, expected {len(values)}')
                continue
            for i, (element, g) in enumerate(zip(values, vals)):
                e = value_at(element, path, job.case.plain)
                if not same(e, g, lt, unit):
                    where = tuple(int(x) for x in np.unravel_index(i, shape)) if shape else ()
                    shown = expected_time(e, lt, unit)[0] if lt.kind in ('datetime', 'timedelta') else e
                    self.fail(job, reader, f'{".".join(path)} element {i} {where}: expected {shown!r}'
                              f'{" (" + unit + ")" if unit else ""}, got {g!r} as {rep}')
                    break

    # Arrow schema --------------------------------------------------------------------------------------------------
    def arrow_schema(self, job, schema, shape):
        self.checks += 1
        t = job.case.type
        cols = [(n, ct) for n, ct in columns_of(t) if not job.fields or n in job.fields]
        names = schema.names
        if sorted(names) != sorted(n for n, _ in cols):
            self.fail(job, 'schema', f'columns {names}, expected {[n for n, _ in cols]}')
            return
        if job.fields and names != [n for n, _ in cols]:
            self.note(job, f'--fields {",".join(job.fields)} gave columns in order {names}')
        for n, ct in cols:
            f = schema.field(n)
            self.field(job, f, ct, n)
        md = {k.decode(): v.decode() for k, v in (schema.metadata or {}).items()}
        attrs = job.case.meta.get('attributes', {})
        if 'zarr.attributes' not in md:
            self.fail(job, 'schema', 'no zarr.attributes schema metadata')
        elif json.loads(md['zarr.attributes']) != attrs:
            self.fail(job, 'schema', f'zarr.attributes {md["zarr.attributes"][:200]}, expected {json.dumps(attrs)[:200]}')
        dims = job.case.meta.get('dimension_names')
        got_dims = json.loads(md['zarr.dimension_names']) if 'zarr.dimension_names' in md else None
        if got_dims != dims:
            self.fail(job, 'schema', f'zarr.dimension_names {md.get("zarr.dimension_names")}, expected {dims}')
        if 'zarr.shape' not in md or json.loads(md['zarr.shape']) != list(shape):
            self.fail(job, 'schema', f'zarr.shape {md.get("zarr.shape")}, expected {list(shape)}')

    def field(self, job, f, t, path):
        want = arrow_type(t)
        if not same_arrow_type(f.type, want):
            self.fail(job, 'schema', f'field {path}: type {f.type}, expected {want}')
            return
        got = (f.metadata or {}).get(b'zarr.data_type', b'').decode()
        ok = got == t.text or (t.kind == 'struct' and got.startswith('struct')) or (
            t.kind == 'struct' and got.startswith('{') and json.loads(got).get('name') in ('struct', 'structured'))
        if not ok:
            self.fail(job, 'schema', f'field {path}: zarr.data_type {got!r}, expected {t.text!r}')
        if t.kind == 'struct':
            for (n, ft), child in zip(t.fields, f.type):
                self.field(job, child, ft, f'{path}.{n}')

    # Parquet schema ------------------------------------------------------------------------------------------------
    def parquet_schema(self, job, path, shape):
        self.checks += 1
        pf = pq.ParquetFile(path)
        cols = {}
        for i in range(len(pf.schema)):
            c = pf.schema.column(i)
            cols[c.path] = c
        t = job.case.type
        names = [n for n, _ in columns_of(t) if not job.fields or n in job.fields]
        for p, lt in leaves(t, ('value',) if job.case.plain else ()):
            if p[0] not in names:
                continue
            if lt.kind == 'subarray':  # a three-level LIST per dimension around the element
                p, lt = p + ('list', 'element') * len(lt.dims), lt.element
            dotted = '.'.join(p)
            c = cols.pop(dotted, None)
            if c is None:
                self.fail(job, 'parquet-schema', f'no column {dotted} (has {sorted(cols)})')
                continue
            lj = json.loads(c.logical_type.to_json()) if c.logical_type.type != 'NONE' else {}
            problem = parquet_type_problem(lt, c.physical_type, lj, c.length)
            if problem:
                self.fail(job, 'parquet-schema', f'{dotted}: {c.physical_type} {c.logical_type} {problem}')
            if lt.kind == 'float' and lt.bits == 16:
                self.note_once(job, f'float16 stored as {c.physical_type} {c.logical_type.type}')
        if cols:
            self.fail(job, 'parquet-schema', f'unexpected columns {sorted(cols)}')
        md = pf.metadata
        if md.num_rows != int(np.prod(shape)):
            self.fail(job, 'parquet-schema', f'{md.num_rows} rows, expected {int(np.prod(shape))}')
        codecs = {md.row_group(r).column(c).compression for r in range(md.num_row_groups)
                  for c in range(md.num_columns)}
        want = {'zstd': 'ZSTD', 'snappy': 'SNAPPY', 'none': 'UNCOMPRESSED'}.get(job.codec)
        if want and codecs and codecs != {want}:
            self.fail(job, 'parquet-schema', f'codec {sorted(codecs)}, expected {want}')
        if job.codec is None:
            self.note_once(job, f'default Parquet codec {sorted(codecs)}')
        kv = {k.decode(): v.decode() for k, v in (md.metadata or {}).items()}
        if 'zarr.shape' in kv and json.loads(kv['zarr.shape']) != list(shape):
            self.fail(job, 'parquet-schema', f'key-value zarr.shape {kv["zarr.shape"]}, expected {list(shape)}')
        if 'zarr.attributes' in kv and json.loads(kv['zarr.attributes']) != job.case.meta.get('attributes', {}):
            self.fail(job, 'parquet-schema', f'key-value zarr.attributes {kv["zarr.attributes"][:200]}')
        self.note_once(job, 'Parquet key-value metadata: ' + (', '.join(sorted(kv)) or 'none'))

    _once = set()

    def note_once(self, job, msg):
        if msg not in self._once:
            self._once.add(msg)
            self.note(job, msg)

    # csv and jsonl ---------------------------------------------------------------------------------------------------
    def jsonl(self, job, data, values):
        self.checks += 1
        lines = data.decode('utf-8').splitlines()
        if len(lines) != len(values):
            self.fail(job, 'jsonl', f'{len(lines)} lines, expected {len(values)}')
            return
        t = job.case.type
        for i, (line, e) in enumerate(zip(lines, values)):
            g = json.loads(line)
            if job.case.plain and isinstance(g, dict) and list(g) == ['value']:
                g = g['value']
            if not json_same(t, e, g, job.fields):
                self.fail(job, 'jsonl', f'element {i}: expected {json.dumps(e)[:200]}, got {line[:200]}')
                return

    def csv(self, job, data, values):
        self.checks += 1
        rows = list(csv.reader(io.StringIO(data.decode('utf-8'))))
        if len(rows) != len(values) + 1:
            self.fail(job, 'csv', f'{len(rows)} lines, expected a header and {len(values)}')
            return
        t = job.case.type
        want = [(p, lt) for p, lt in zarr_leaves(t) if not job.fields or p[0] in job.fields]
        if job.fields:  # columns in the order --fields names them, as with Arrow
            want.sort(key=lambda pl: job.fields.index(pl[0][0]))
        header = rows[0]
        if job.case.plain:
            if len(header) != 1:
                self.fail(job, 'csv', f'header {header}, expected one column')
                return
        elif header != ['.'.join(p) for p, _ in want]:
            self.fail(job, 'csv', f'header {header}, expected {[".".join(p) for p, _ in want]}')
            return
        for i, (row, e) in enumerate(zip(rows[1:], values)):
            for (p, lt), cell in zip(want, row):
                v = e
                for k in p:
                    v = v[k]
                if not csv_same(lt, v, cell):
                    self.fail(job, 'csv', f'element {i} {".".join(p) or "value"}: expected {v!r}, got {cell!r}')
                    return


def leaf_label(top_t, path, lt):
    """How a leaf shows in the representation table: its Zarr type, inside which complex/struct."""
    if top_t.kind == 'complex':
        return f'{top_t.text}.{path[-1]}'
    return lt.text + (' (in struct)' if len(path) > 1 else '')


def same_arrow_type(got, want):
    """Equal Arrow types; struct children by name and type (nullability and metadata are not the type)."""
    if pa.types.is_struct(want):
        return (pa.types.is_struct(got) and got.num_fields == want.num_fields
                and all(g.name == w.name and same_arrow_type(g.type, w.type) for g, w in zip(got, want)))
    if pa.types.is_fixed_size_list(want):
        return (pa.types.is_fixed_size_list(got) and got.list_size == want.list_size
                and same_arrow_type(got.value_type, want.value_type))
    return got.equals(want)


def parquet_type_problem(t, physical, logical, length):
    """Why a Parquet leaf's types do not follow the contract for Zarr leaf type t, or None."""
    lt = logical.get('Type')
    if t.kind == 'bool':
        return None if physical == 'BOOLEAN' else 'expected BOOLEAN'
    if t.kind in ('int', 'uint'):
        phys = 'INT64' if t.bits == 64 else 'INT32'
        signed = t.kind == 'int'
        if physical != phys:
            return f'expected {phys}'
        if lt == 'Int' and (logical.get('bitWidth') != t.bits or logical.get('isSigned') != signed):
            return f'expected INTEGER({t.bits}, {"signed" if signed else "unsigned"})'
        if lt != 'Int' and (not signed or t.bits < 32) and not (lt is None and signed and t.bits == phys_bits(phys)):
            return f'expected INTEGER({t.bits}, {"signed" if signed else "unsigned"})'
        return None
    if t.kind == 'float':
        if t.bits == 16:  # FLOAT16 logical type or widened to float32: both allowed so far
            ok = (physical == 'FIXED_LEN_BYTE_ARRAY' and length == 2 and lt == 'Float16') or physical == 'FLOAT'
            return None if ok else 'expected FLOAT16 or FLOAT'
        want = 'FLOAT' if t.bits == 32 else 'DOUBLE'
        return None if physical == want else f'expected {want}'
    if t.kind == 'raw':
        return None if physical == 'FIXED_LEN_BYTE_ARRAY' and length == t.bits // 8 else \
            f'expected FIXED_LEN_BYTE_ARRAY({t.bits // 8})'
    if t.kind == 'bytes':
        return None if physical == 'BYTE_ARRAY' and lt is None else 'expected BYTE_ARRAY without a logical type'
    if t.kind == 'text':
        return None if physical == 'BYTE_ARRAY' and lt == 'String' else 'expected BYTE_ARRAY (STRING)'
    if t.kind == 'datetime':
        unit = PARQUET_TS_UNIT[ARROW_UNIT[t.unit]]
        if physical != 'INT64' or lt != 'Timestamp':
            return f'expected INT64 TIMESTAMP({unit})'
        got_unit = {'milliseconds': 'MILLIS', 'microseconds': 'MICROS', 'nanoseconds': 'NANOS'}.get(
            logical.get('timeUnit'), logical.get('timeUnit'))
        if got_unit != unit:
            return f'expected TIMESTAMP({unit})'
        if logical.get('isAdjustedToUTC'):
            return 'expected isAdjustedToUTC=false (no time zone)'
        return None
    if t.kind == 'timedelta':
        return None if physical == 'INT64' and lt is None else 'expected plain INT64'
    return f'unexpected leaf kind {t.kind}'


def phys_bits(phys):
    return 64 if phys == 'INT64' else 32


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


# ---------------------------------------------------------------------------------------------------------------------
# Checking one job's output with every reader of its format

def check_output(ck, job, path, data):
    """path: the output file (None for stdout); data: stdout bytes for `-`."""
    case = job.case
    shape, values = case.region(job.region)
    fmt = job.fmt
    try:
        if fmt in ('arrow', 'arrow-stream'):
            src = pa.BufferReader(data) if path is None else pa.memory_map(path)
            try:
                table = (pa.ipc.open_file(src) if fmt == 'arrow' else pa.ipc.open_stream(src)).read_all()
            except Exception as e:
                ck.fail(job, 'pyarrow', f'cannot read: {type(e).__name__}: {str(e)[:300]}')
                return
            ck.arrow_schema(job, table.schema, shape)
            ck.compare(job, 'pyarrow', arrow_leaves(table), shape, values)
            del table
            try:
                blob = io.BytesIO(data) if path is None else path
                df = pl.read_ipc(blob, memory_map=False) if fmt == 'arrow' else pl.read_ipc_stream(blob)
            except Exception as e:
                ck.fail(job, 'polars', f'cannot read: {type(e).__name__}: {str(e)[:300]}')
                return
            ck.compare(job, 'polars', polars_leaves(df), shape, values)
        elif fmt == 'parquet':
            try:
                ck.parquet_schema(job, path, shape)
                table = pq.read_table(path)
            except Exception as e:
                ck.fail(job, 'pyarrow', f'cannot read: {type(e).__name__}: {str(e)[:300]}')
                return
            ck.compare(job, 'pyarrow', arrow_leaves(table), shape, values)
            for reader, read in (('polars', lambda: polars_leaves(pl.read_parquet(path))),
                                 ('duckdb', lambda: duckdb_leaves(path))):
                try:
                    got = read()
                except Exception as e:
                    ck.fail(job, reader, f'cannot read: {type(e).__name__}: {str(e)[:300]}')
                    continue
                ck.compare(job, reader, got, shape, values)
        elif fmt in ('jsonl', 'csv'):
            blob = data if path is None else open(path, 'rb').read()
            (ck.jsonl if fmt == 'jsonl' else ck.csv)(job, blob, values)
    except Exception as e:  # a checker bug or an unexpected reader error: report it, go on with the others
        ck.fail(job, 'checker', f'{type(e).__name__}: {e}')


# ---------------------------------------------------------------------------------------------------------------------
# The jobs for a corpus

def build_jobs(cases, errors, formats, zipped=()):
    # every case as an Arrow file and as Parquet (each export is a JVM start, ~0.8 s); the streaming formats, which
    # share the file format's code, on one case per distinct data type, to a file and through stdout
    firsts = {}
    for c in cases:
        firsts.setdefault(json.dumps(c.meta['data_type'], sort_keys=True), c)
    jobs = []
    for c in cases:
        for fmt in formats:
            if fmt in ('arrow', 'parquet') or c in firsts.values():
                jobs.append(Job(c, fmt))
        for fmt in ('arrow-stream', 'csv', 'jsonl'):  # the formats that can go to a pipe
            if fmt in formats and c in firsts.values():
                jobs.append(Job(c, fmt, f'stdout {fmt}', to_stdout=True))
    # Parquet's other codecs and the extension inference on one case per distinct data type; regions on a few
    # multi-dimensional cases; --fields on struct cases
    for c in firsts.values():
        if 'parquet' in formats:
            for codec in ('snappy', 'none'):
                jobs.append(Job(c, 'parquet', f'parquet {codec}', extra=['--compression', codec], codec=codec))
    some = list(firsts.values())
    for fmt, c in zip(formats, itertools.cycle(some[:3])):
        jobs.append(Job(c, fmt, f'{fmt} by extension', infer=True))
    big = [c for c in cases if c.shape and min(c.shape) >= 4]
    regional = [c for c in big if len(c.shape) == 3][:1] + [c for c in big if len(c.shape) == 2][:2] + [
        c for c in big if len(c.shape) == 1 and c.type.kind == 'struct'][:2]
    for c in regional:
        # an index keeps its dimension (size 1), slices count from the end when negative, as Region.parse does
        region = '1:-1' if len(c.shape) == 1 else f'{c.shape[0] // 2},' + ','.join(['1:-2'] * (len(c.shape) - 1))
        for fmt in formats:
            jobs.append(Job(c, fmt, f'{fmt} region {region}', region=region))
    structs = [c for c in cases if c.type.kind == 'struct' and len(c.type.fields) >= 2]
    v2 = [c for c in structs if c.name.startswith(V2)]
    for c in structs[:4] + ([max(v2, key=lambda c: len(c.type.fields))] if v2 else []):
        names = [c.type.fields[-1][0], c.type.fields[0][0]]
        for fmt in formats:
            jobs.append(Job(c, fmt, f'{fmt} fields {",".join(names)}', fields=names))
    # an array inside a zip file: the one from its parent's folder as an Arrow file, the other as Parquet
    for c, fmt in zip(zipped, itertools.cycle(f for f in ('arrow', 'parquet') if f in formats)):
        jobs.append(Job(c, fmt, f'{fmt} in a zip'))
    for c in errors:
        for fmt in formats:
            jobs.append(Job(c, fmt, f'{fmt} error', expect_error=True))
        jobs.append(Job(c, 'arrow-stream', 'stdout arrow-stream error', to_stdout=True, expect_error=True))
    return jobs


class Batches:
    """JVMs that each run many command lines (cli's CommandBatch), lent to one worker at a time: a JVM start per
    export (~1 s) would make the whole check take minutes. Exports to stdout still run as processes of their own."""

    def __init__(self, command, n):
        self.idle = queue.Queue()
        self.all = []
        for _ in range(n):
            p = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                 encoding='utf-8')
            self.all.append(p)
            self.idle.put(p)

    def run(self, argv):
        p = self.idle.get()
        try:
            p.stdin.write(json.dumps(argv[1:]) + '\n')
            p.stdin.flush()
            line = p.stdout.readline()
            if not line:
                return None, b'', b'the batch JVM ended'
            a = json.loads(line)
            return a['rc'], a['out'].encode(), a['err'].encode()
        finally:
            self.idle.put(p)

    def close(self):
        for p in self.all:
            p.stdin.close()
            p.wait(timeout=60)


def run_job(stride, job, work, n, batches=None):
    d = os.path.join(work, str(n))
    os.makedirs(d, exist_ok=True)
    dst = os.path.join(d, 'out.' + EXT[job.fmt])
    t0 = time.monotonic()
    if batches is not None and not job.to_stdout:
        rc, out, err = batches.run(job.argv(stride, dst))
        return job, dst, rc, out, err, time.monotonic() - t0
    try:
        p = subprocess.run(job.argv(stride, dst), capture_output=True, timeout=600)
        rc, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        rc, out, err = None, b'', b'timed out after 600 s'
    return job, dst, rc, out, err, time.monotonic() - t0


def judge(ck, job, dst, rc, out, err):
    if job.expect_error:
        ck.checks += 1
        msg = err.decode('utf-8', 'replace').strip()
        if rc == 0:
            ck.fail(job, 'stride', 'exit status 0 for a case that must be refused')
        elif rc != 1:
            ck.fail(job, 'stride', f'exit status {rc}, expected 1: {msg[-300:]}')
        if rc != 0 and not msg:
            ck.fail(job, 'stride', 'refused without a message on stderr')
        if job.to_stdout:
            if out:
                ck.note(job, f'refused after writing {len(out)} bytes to stdout')
        elif os.path.exists(dst):
            size = os.path.getsize(dst)
            if size:
                ck.fail(job, 'stride', f'refused but left a {size}-byte {os.path.basename(dst)}')
            else:
                ck.note(job, 'refused and left an empty output file')
        return
    if job.case.optional and rc == 1 and err.strip():
        return  # an optional codec or type refused clearly
    if rc != 0:
        ck.fail(job, 'stride', f'exit status {rc}: {err.decode("utf-8", "replace").strip()[-400:]}')
        return
    check_output(ck, job, None if job.to_stdout else dst, out if job.to_stdout else None)


# ---------------------------------------------------------------------------------------------------------------------
# --selftest: the contract written with pyarrow, so the checking above can be tested without stride

def to_arrow(t, vals):
    """An Arrow array of manifest values following the contract."""
    if t.kind == 'struct':
        children = [to_arrow(ft, [v[n] for v in vals]) for n, ft in t.fields]
        return pa.StructArray.from_arrays(children, fields=list(arrow_type(t)))
    if t.kind == 'complex':
        part = ZType('float', f'float{t.bits // 2}', t.bits // 2)
        return pa.StructArray.from_arrays([to_arrow(part, [v[0] for v in vals]), to_arrow(part, [v[1] for v in vals])],
                                          fields=list(arrow_type(t)))
    if t.kind == 'float':
        f = [float(str(v).replace('Infinity', 'inf')) for v in vals]
        return pa.array(np.array(f, dtype={16: np.float16, 32: np.float32, 64: np.float64}[t.bits]))
    if t.kind == 'raw':
        return pa.array([bytes(v) for v in vals], arrow_type(t))
    if t.kind == 'bytes':
        return pa.array([base64.b64decode(v) for v in vals], pa.binary())
    if t.kind == 'subarray':
        flat = vals
        for _ in t.dims:
            flat = [x for v in flat for x in v]
        arr = to_arrow(t.element, flat)
        for n in reversed(t.dims):
            arr = pa.FixedSizeListArray.from_arrays(arr, n)
        return arr
    if t.kind in ('datetime', 'timedelta'):
        unit = ARROW_UNIT[t.unit]
        return pa.array([expected_time(v, t, unit)[0] for v in vals], pa.int64()).cast(arrow_type(t))
    return pa.array(vals, arrow_type(t))


def contract_table(case, region, fields):
    shape, values = case.region(region)
    t = case.type
    cols = [(n, ct) for n, ct in columns_of(t) if not fields or n in fields]
    if fields:
        cols.sort(key=lambda c: fields.index(c[0]))
    arrays, schema_fields = [], []
    for n, ct in cols:
        arrays.append(to_arrow(ct, [v if case.plain else v[n] for v in values]))
        schema_fields.append(pa.field(n, arrow_type(ct), metadata={'zarr.data_type': ct.text}))
    md = {'zarr.attributes': json.dumps(case.meta.get('attributes', {})), 'zarr.shape': json.dumps(shape)}
    if case.meta.get('dimension_names') is not None:
        md['zarr.dimension_names'] = json.dumps(case.meta['dimension_names'])
    return pa.Table.from_arrays(arrays, schema=pa.schema(schema_fields, metadata=md)), values


def widen_half(table):
    """float16 columns as float32 (one of the two Parquet mappings the contract allows)."""
    def fix(typ):
        if pa.types.is_float16(typ):
            return pa.float32()
        if pa.types.is_struct(typ):
            return pa.struct([pa.field(f.name, fix(f.type), metadata=f.metadata) for f in typ])
        return typ
    return table.cast(pa.schema([pa.field(f.name, fix(f.type), metadata=f.metadata) for f in table.schema],
                                metadata=table.schema.metadata))


def emulate(job, dst, n):
    """What `stride export` should write, made with pyarrow; returns (rc, stdout, stderr) like a run."""
    if job.expect_error:
        return 1, b'', b'stride: (selftest) refused'
    table, values = contract_table(job.case, job.region, job.fields)
    sink = io.BytesIO() if job.to_stdout else open(dst, 'wb')
    if job.fmt == 'arrow':
        with pa.ipc.new_file(sink, table.schema, options=pa.ipc.IpcWriteOptions(compression='zstd')) as w:
            w.write_table(table)
    elif job.fmt == 'arrow-stream':
        with pa.ipc.new_stream(sink, table.schema) as w:
            w.write_table(table, max_chunksize=7)  # several batches, as a streaming writer makes them
    elif job.fmt == 'parquet':
        # no ARROW:schema, as a Java writer would leave it out: durations read back as int64, seconds as millis;
        # float16 alternates between the FLOAT16 logical type and float32
        pq.write_table(widen_half(table) if n % 2 else table, sink, compression=job.codec or 'zstd',
                       store_schema=False)
    elif job.fmt == 'jsonl':
        for v in values:
            if job.fields:
                v = {n: v[n] for n in job.fields}
            sink.write((json.dumps(v if not job.case.plain else {'value': v}) + '\n').encode())
    elif job.fmt == 'csv':
        want = [(p, lt) for p, lt in zarr_leaves(job.case.type) if not job.fields or p[0] in job.fields]
        if job.fields:
            want.sort(key=lambda pl: job.fields.index(pl[0][0]))
        w = csv.writer(io.TextIOWrapper(sink, 'utf-8', newline='', write_through=True), lineterminator='\n')
        w.writerow(['.'.join(p) or 'value' for p, _ in want])
        for v in values:
            row = []
            for p, lt in want:
                x = v
                for k in p:
                    x = x[k]
                row.append(csv_cell(lt, x))
            w.writerow(row)
    data = sink.getvalue() if job.to_stdout else b''
    if not job.to_stdout:
        sink.close()
    return 0, data, b''


def csv_cell(t, x):
    if t.kind == 'bool':
        return 'true' if x else 'false'
    if t.kind == 'complex':
        re_, im = (str(np.float32(float(str(p).replace('Infinity', 'inf')))) if t.bits == 64 else str(p) for p in x)
        return re_ + ('' if im.startswith('-') else '+') + im + 'j'
    if t.kind == 'raw':
        return '0x' + bytes(x).hex()
    if t.kind == 'subarray':
        return json.dumps(x)
    if t.kind == 'datetime':
        return 'NaT' if x in ('NaT', NAT) else str(np.datetime64(x * t.scale, t.unit))
    if t.kind == 'float' and t.bits < 64 and not isinstance(x, str):
        return str(np.float32(x) if t.bits == 32 else np.float16(x))  # shortest form, as Java prints a float
    return str(x)


def synthetic_cases():
    """Times the corpus lacks: other units, scale factors, NaT, durations, times inside nested structs."""
    def dt(kind, unit, scale=1):
        return {'name': f'numpy.{kind}', 'configuration': {'unit': unit, 'scale_factor': scale}}
    cases = []
    for kind in ('datetime64', 'timedelta64'):
        for unit in ('s', 'ms', 'us', 'ns', 'D', 'h', 'm', 'W', 'ps'):
            vals = [0, 1, -1, 'NaT', 1767225600 if unit in ('s', 'ms', 'us', 'ns', 'm') else 20000, 86400]
            cases.append(Case(f'synthetic/{kind}[{unit}]', {'data_type': dt(kind, unit), 'attributes': {'u': unit},
                                                           'dimension_names': ['t']}, [len(vals)], vals))
    cases.append(Case('synthetic/datetime64[10s]', {'data_type': dt('datetime64', 's', 10)}, [3], [1, 'NaT', -7]))
    nested = {'name': 'struct', 'configuration': {'fields': [
        {'name': 'when', 'data_type': {'name': 'struct', 'configuration': {'fields': [
            {'name': 't', 'data_type': dt('datetime64', 'ns')}, {'name': 'd', 'data_type': dt('timedelta64', 'us')},
            {'name': 'h', 'data_type': 'float16'}]}}},
        {'name': 'c', 'data_type': 'complex128'}, {'name': 'u', 'data_type': 'uint64'}]}}
    vals = [{'when': {'t': 1767225600123456789, 'd': -5, 'h': 'NaN'}, 'c': ['Infinity', -0.0], 'u': 2**64 - 1},
            {'when': {'t': 'NaT', 'd': 'NaT', 'h': 65504.0}, 'c': [1e-300, 'NaN'], 'u': 0},
            {'when': {'t': -1, 'd': 2**62, 'h': -0.0}, 'c': [0.1, '-Infinity'], 'u': 2**63}]
    cases.append(Case('synthetic/nested-times', {'data_type': nested, 'attributes': {}}, [3, 1], vals))
    return cases


def corrupt(case):
    """A copy of a case whose values differ in one element, to write wrong files with (the checker must catch them)."""
    vals = json.loads(json.dumps(case.values))
    i = len(vals) // 2

    def bump(v, t):
        if t.kind == 'struct':
            n, ft = t.fields[-1]
            v = dict(v)
            v[n] = bump(v[n], ft)
            return v
        if t.kind == 'complex':
            return [v[0], bump(v[1], ZType('float', '', t.bits // 2))]
        if t.kind == 'float':
            x = float(str(v).replace('Infinity', 'inf'))
            if math.isnan(x) or math.isinf(x):
                return 0.0
            return float(np.nextafter({16: np.float16, 32: np.float32, 64: np.float64}[t.bits](x), np.inf))
        if t.kind == 'raw':
            return [v[0] ^ 1] + v[1:]
        if t.kind == 'bytes':
            return base64.b64encode(base64.b64decode(v) + b'x').decode()
        if t.kind == 'text':
            return v + 'x'
        if t.kind == 'subarray':
            v = json.loads(json.dumps(v))
            inner = v
            for _ in t.dims[1:]:
                inner = inner[0]
            inner[0] = bump(inner[0], t.element)
            return v
        if t.kind == 'bool':
            return not v
        if t.kind in ('datetime', 'timedelta'):
            return 5 if v in ('NaT', NAT) else 'NaT'
        return v - 1 if v > 0 else v + 1
    vals[i] = bump(vals[i], case.type)
    return Case(case.name, case.meta, case.shape, vals, case.dir)


# ---------------------------------------------------------------------------------------------------------------------

V2 = 'zarr-v2'
# the corpus's zips of zarr-python-2/data.zarr, and where in each that folder's contents start
V2_ZIPS = (('data.zipped_from_parent.zarr.zip', 'data.zarr/'), ('data.zipped_from_within.zarr.zip', ''))


def node_meta(d):
    """An array's metadata: its zarr.json, or a v2 array's .zarray with .zattrs as its attributes (and its dtype as
    data_type, which groups the cases by type)."""
    if os.path.exists(os.path.join(d, '.zarray')):
        meta = json.load(open(os.path.join(d, '.zarray')))
        attrs = os.path.join(d, '.zattrs')
        meta['attributes'] = json.load(open(attrs)) if os.path.exists(attrs) else {}
        meta['data_type'] = meta.get('dtype')
        return meta
    return json.load(open(os.path.join(d, 'zarr.json')))


def load_corpus(shared, only):
    """The ok and error cases of both manifests (v2 cases named zarr-v2/...), the skipped ones, and the zarr-python 2
    arrays again as paths into the corpus's zip files."""
    ok, errors, skipped, zipped = [], [], [], []
    for prefix in ('', V2 + '/'):
        root = os.path.join(shared, 'conformance', prefix)
        for c in json.load(open(os.path.join(root, 'manifest.json')))['cases']:
            name = prefix + c['path']
            if only and only not in name:
                continue
            d = os.path.join(root, c['path'])
            if c['expect'] not in ('ok', 'error', 'optional'):
                continue
            try:
                meta = node_meta(d)
            except (OSError, ValueError):
                meta = {'data_type': 'uint8'}
            if c['expect'] == 'error':
                errors.append(Case(name, {'data_type': 'uint8'}, [], [], d))
                continue
            try:
                case = Case(name, meta, c['shape'], c['values'], d)
            except Unsupported as e:
                skipped.append(f'{name}: {e}')
                continue
            case.optional = c['expect'] == 'optional'
            ok.append(case)
            inside = re.fullmatch(r'zarr-python-2/data\.zarr/(.+)', c['path']) if prefix else None
            for z, base in V2_ZIPS if inside else ():
                zipped.append(Case(f'{name} in {z}', meta, c['shape'], c['values'],
                                   os.path.join(root, 'zarr-python-2', z, base + inside.group(1))))
    return ok, errors, skipped, zipped


def print_reps(ck):
    print('reader representations (format / reader / zarr type -> what the reader shows):')
    for (fmt, reader, label), reps in sorted(ck.reps.items()):
        print(f'  {fmt:<13} {reader:<8} {label:<28} {", ".join(sorted(reps))}')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--stride', help='the stride launcher (./stride)')
    ap.add_argument('--shared', required=True, help='the shared folder with conformance/')
    ap.add_argument('--formats', default='arrow,arrow-stream,parquet')
    ap.add_argument('--only', help='only cases whose path contains this')
    ap.add_argument('-j', type=int, default=2, help='exports run at once')
    ap.add_argument('--keep', action='store_true', help='keep the exported files (their folder is printed)')
    ap.add_argument('--selftest', action='store_true', help='check pyarrow-written files instead of running stride')
    ap.add_argument('--reps', action='store_true', help='print how each reader represents each type')
    ap.add_argument('--quiet-notes', action='store_true', help='count NOTE lines without printing them')
    ap.add_argument('--batch', help='a command starting a JVM that runs exports read from stdin (cli CommandBatch): '
                                    'exports to files go through -j of them, exports to stdout still run --stride')
    args = ap.parse_args()
    formats = [f for f in args.formats.split(',') if f]
    for f in formats:
        if f not in EXT:
            ap.error(f'unknown format {f}')
    if not args.selftest and not args.stride:
        ap.error('--stride is required (or --selftest)')
    ok, errors, skipped, zipped = load_corpus(args.shared, args.only)
    for s in skipped:
        print(f'SKIP {s} (no Arrow mapping in the contract)')
    if args.selftest:
        ok += [c for c in synthetic_cases() if not args.only or args.only in c.name]
    jobs = build_jobs(ok, errors, formats, zipped)
    work = tempfile.mkdtemp(prefix='stride-export-check.')
    ck = Checker(args.quiet_notes)
    t0 = time.monotonic()
    per_format = {}
    try:
        if args.selftest:
            for n, job in enumerate(jobs):
                d = os.path.join(work, str(n))
                os.makedirs(d, exist_ok=True)
                dst = os.path.join(d, 'out.' + EXT[job.fmt])
                rc, out, err = emulate(job, dst, n)
                judge(ck, job, dst, rc, out, err)
                if not args.keep:
                    shutil.rmtree(d)
            selftest_mutations(ok, formats, work)
        else:
            batches = Batches(args.batch, args.j) if args.batch else None
            with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
                futures = [pool.submit(run_job, args.stride, job, work, n, batches) for n, job in enumerate(jobs)]
                for fut in concurrent.futures.as_completed(futures):
                    job, dst, rc, out, err, secs = fut.result()
                    per_format[job.label.split(' ')[0]] = per_format.get(job.label.split(' ')[0], 0) + secs
                    judge(ck, job, dst, rc, out, err)
                    if not args.keep:
                        shutil.rmtree(os.path.dirname(dst), ignore_errors=True)
            if batches:
                batches.close()
    finally:
        if args.keep:
            print(f'outputs kept in {work}')
        else:
            shutil.rmtree(work, ignore_errors=True)
    if args.reps or args.selftest:
        print_reps(ck)
    wall = time.monotonic() - t0
    timing = ', '.join(f'{f} {s:.0f} s' for f, s in sorted(per_format.items()))
    print(f'{len(ok)} cases, {len(errors)} error cases, {len(jobs)} exports, {ck.checks} checks: '
          f'{len(ck.failures)} failed, {len(ck.notes)} notes; {wall:.0f} s'
          + (f' (export time by format, summed over workers: {timing})' if timing else ''))
    sys.exit(1 if ck.failures else 0)


def selftest_mutations(cases, formats, work):
    """Corrupted files (one element changed per case) must fail; exits 2 when some are not caught."""
    picks, seen = [], set()
    for c in cases:
        key = json.dumps(c.meta['data_type'], sort_keys=True)
        if key not in seen and c.values:
            seen.add(key)
            picks.append(c)
    missed, total = [], 0
    for c in picks:
        bad = corrupt(c)
        for fmt in formats:
            total += 1
            ck = Checker(silent=True)
            job = Job(bad, fmt)
            dst = os.path.join(work, 'mutant.' + EXT[fmt])
            emulate(job, dst, total)
            job.case = c  # checked against the true values
            check_output(ck, job, dst, None)
            if not ck.failures:
                missed.append(f'{c.name} {fmt}')
    # a file with a wrong type and missing metadata must fail too
    c = picks[0]
    table, _ = contract_table(c, None, None)
    table = table.replace_schema_metadata(None)
    dst = os.path.join(work, 'nometa.arrow')
    with pa.ipc.new_file(dst, table.schema) as w:
        w.write_table(table)
    ck = Checker(silent=True)
    check_output(ck, Job(c, 'arrow'), dst, None)
    total += 1
    if not ck.failures:
        missed.append('missing schema metadata')
    print(f'selftest: {total - len(missed)} of {total} corrupted files caught')
    for m in missed:
        print(f'FAIL selftest: corrupted file not caught: {m}')
    if missed:
        sys.exit(2)


def fake_stride(argv):
    """`check_export.py --fake-stride export SRC DST ...` acts as `stride export` on corpus arrays by writing the
    manifest's values with pyarrow (emulate): a stand-in to test this checker's runs, pipes and timing without stride."""
    ap = argparse.ArgumentParser(prog='fake-stride')
    ap.add_argument('command', choices=['export'])
    ap.add_argument('src')
    ap.add_argument('dst')
    ap.add_argument('--format')
    ap.add_argument('--compression')
    ap.add_argument('--fields')
    ap.add_argument('--region')
    a = ap.parse_args(argv)
    root = os.path.abspath(a.src)
    while not os.path.exists(os.path.join(root, 'manifest.json')):
        if root == os.path.dirname(root):
            sys.exit('fake-stride: not in a conformance corpus')
        root = os.path.dirname(root)
    rel = os.path.relpath(os.path.abspath(a.src), root)
    entry = next((c for c in json.load(open(os.path.join(root, 'manifest.json')))['cases'] if c['path'] == rel), None)
    if entry is None or entry['expect'] == 'error':
        print(f'fake-stride: cannot read {rel}', file=sys.stderr)
        sys.exit(1)
    fmt = a.format or {v: k for k, v in EXT.items()}.get(a.dst.rsplit('.', 1)[-1])
    case = Case(rel, node_meta(a.src), entry['shape'], entry['values'], a.src)
    job = Job(case, fmt, to_stdout=a.dst == '-', region=a.region, codec=a.compression,
              fields=a.fields.split(',') if a.fields else None)
    rc, out, err = emulate(job, a.dst, len(rel))
    sys.stdout.buffer.write(out)
    sys.exit(rc)


if __name__ == '__main__':
    if sys.argv[1:2] == ['--fake-stride']:
        fake_stride(sys.argv[2:])
    else:
        main()
