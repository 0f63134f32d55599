"""The shared conformance corpus as the export check's cases: the ok and error arrays of the v3 and Zarr v2
manifests, the zarr-python 2 arrays again inside the corpus's zip files, and the values of a region of a case."""
import itertools, json, os, re

import numpy as np

from zarr_types import Unsupported, parse_numpy, parse_type


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
