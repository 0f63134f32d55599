"""The checks of one export's output: values against the manifest with every reader of its format, the Arrow and
Parquet schemas against the export contract, csv and jsonl line by line; failures and notes are collected in a
Checker."""
import csv, io, json

import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.ipc
import pyarrow.parquet as pq

from canonical import csv_same, expected_time, json_same, same
from readers import arrow_leaves, duckdb_leaves, polars_leaves
from zarr_types import ARROW_UNIT, PARQUET_TS_UNIT, arrow_type, columns_of, leaves, value_at, zarr_leaves


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
