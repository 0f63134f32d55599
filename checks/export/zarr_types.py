"""The Zarr data types of the export check (v3 data_type and v2 numpy dtypes), as far as the export contract needs
them: the Arrow type each becomes, the export's columns and leaves, and the manifest value of a leaf."""
import json, re

import pyarrow as pa

# attoseconds per unit: converting counts between units is exact integer arithmetic
ATTO = {'as': 1, 'fs': 10**3, 'ps': 10**6, 'ns': 10**9, 'us': 10**12, 'ms': 10**15, 's': 10**18,
        'm': 60 * 10**18, 'h': 3600 * 10**18, 'D': 86400 * 10**18, 'W': 7 * 86400 * 10**18}
# the contract's Arrow unit for each numpy time unit (coarser ones become seconds, finer ones nanoseconds)
ARROW_UNIT = {'s': 's', 'ms': 'ms', 'us': 'us', 'ns': 'ns', 'W': 's', 'D': 's', 'h': 's', 'm': 's',
              'ps': 'ns', 'fs': 'ns', 'as': 'ns'}
PARQUET_TS_UNIT = {'s': 'MILLIS', 'ms': 'MILLIS', 'us': 'MICROS', 'ns': 'NANOS'}
NAT = -(1 << 63)


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
