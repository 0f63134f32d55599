"""The export check's --selftest and --fake-stride: what `stride export` should write, made with pyarrow following
the contract, plus synthetic time cases the corpus lacks and corrupted files the checker must catch; it tests the
checker, not stride."""
import argparse, base64, csv, io, json, math, os, sys

import numpy as np
import pyarrow as pa
import pyarrow.ipc
import pyarrow.parquet as pq

from canonical import expected_time
from checker import Checker, check_output
from corpus import Case, node_meta
from exports import EXT, Job
from zarr_types import ARROW_UNIT, NAT, ZType, arrow_type, columns_of, zarr_leaves


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
