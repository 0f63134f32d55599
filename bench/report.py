#!/usr/bin/env python3
"""Prints the benchmark results as markdown tables: Stride's passes and the baselines from a JMH JSON result
file, each with its ratio to its baseline and to the peers (shared/peers/scan_peers.py output, in sections
headed "== ARRAY"); then fresh `stride scan --json` processes and the C floor (bench/floor/onepass.c) next to the
peers. Standard library only.

usage: report.py JMH_JSON PEERS_TXT [FRESH_TXT FLOOR_TXT [PAIRED_TXT]]

Baselines, always with the same thread count (1 for single-threaded passes): one-pass scans against one pass that
decodes without reading a field (compressed arrays) or the faster of plainRead and mappedOnePass (the others);
passes over an open array against decodeOnly (compressed) or mappedSum (the others). The field kernels (FieldScans,
KernelCost) get a table of their own: each kind of field against the baselines of the array it is read from, and the kernel's
cost per record with the records in cache next to the streaming loop's; with PAIRED_TXT (PairedRatios output), also
the median ratio of kernel and baseline timed in pairs, which a drift of the machine's speed moves less.
Peer ratios use the peer's fastest run, the least flattering comparison for Stride.
"""
import json
import platform
import re
import sys
from datetime import date

ARRAYS = ['raw', 'big', 'zstd', 'blosc', 'sharded']
FIELD_KINDS = ['float64', 'float32', 'int64', 'int32']
# these read the files themselves: the store's I/O policy does not apply to them
STORE_FREE = {'Baselines.plainRead', 'Baselines.mappedSum', 'Baselines.mappedOnePass'}
PEER_LINE = re.compile(r'^(\S+) sum=\S+ seconds=\S+ Mrecords/s=([0-9.]+)')
PAIRED_LINE = re.compile(r'^paired type=(\S+) threads=(\d+) pass=(\S+) rounds=(\d+) .* ratio=([0-9.]+) p10=([0-9.]+) p90=([0-9.]+)')


def peers(path):
    """{array: {peer: best Mrecords/s}} from scan_peers.py output in '== ARRAY' sections."""
    best, array = {}, None
    with open(path) as f:
        for line in f:
            if line.startswith('== '):
                array = line[3:].strip()
            elif (m := PEER_LINE.match(line)) and array:
                runs = best.setdefault(array, {})
                runs[m[1]] = max(runs.get(m[1], 0.0), float(m[2]))
    return best


def rows(path):
    with open(path) as f:
        results = json.load(f)
    out = []
    for r in results:
        secondary = r.get('secondaryMetrics', {})
        if 'records' not in secondary:
            continue
        name = '.'.join(r['benchmark'].split('.')[-2:])
        out.append({
            'name': name,
            'array': r['params'].get('array', ''),
            'type': r['params'].get('type', ''),
            'io': '-' if name in STORE_FREE else r['params'].get('io', ''),
            'threads': r['params'].get('threads', '1'),
            'mrec': secondary['records']['score'] / 1e6,
            'gbs': secondary['bytes']['score'] / 1e9,
            'alloc': secondary.get('gc.alloc.rate.norm', {}).get('score'),
            'jdk': r.get('jdkVersion', ''),
        })
    return out


def baseline_of(row, by_key):
    name, array, threads = row['name'], row['array'], row['threads']
    if name.startswith('Baselines.'):
        return None
    one_pass = name.startswith('OnePassScan.')
    decode = by_key.get(('Baselines.decodeOnlyOnePass' if one_pass else 'Baselines.decodeOnly', array, threads))
    if decode:
        return decode
    names = ['Baselines.plainRead', 'Baselines.mappedOnePass'] if one_pass else ['Baselines.mappedSum']
    found = [by_key[(n, array, threads)] for n in names if (n, array, threads) in by_key]
    return max(found, key=lambda r: r['mrec']) if found else None


def fresh_runs(path):
    """records/s of each `stride scan --json` line."""
    with open(path) as f:
        return [json.loads(line)['records_per_second'] / 1e6 for line in f if line.startswith('{')]


def floor_lines(path):
    """{(variant, threads): Mrecords/s} from onepass.c output."""
    found = {}
    with open(path) as f:
        for line in f:
            if m := re.match(r'^c-floor (\S+) threads=(\d+) Mrecords/s=([0-9.]+)', line):
                found[(m[1], int(m[2]))] = float(m[3])
    return found


def paired(path):
    """{(type, threads, pass): 'median (p10-p90)'} from PairedRatios output."""
    found = {}
    with open(path) as f:
        for line in f:
            if m := PAIRED_LINE.match(line):
                found[(m[1], m[2], m[3])] = f'{float(m[5]):.2f}x ({float(m[6]):.2f}-{float(m[7]):.2f}, {m[4]} pairs)'
    return found


def fresh_table(fresh, floor, raw_peers):
    print('\nOne pass in a fresh process, raw array (sum of x; `stride scan --json` reports its own time):\n')
    print('| reader | Mrecords/s | vs TensorStore | vs numpy memmap |')
    print('| --- | ---: | ---: | ---: |')
    rows = []
    if fresh:
        runs = sorted(fresh)
        rows.append((f'stride scan, median of {len(runs)} processes', runs[len(runs) // 2]))
        rows.append(('stride scan, best process', runs[-1]))
    for (variant, threads), rate in sorted(floor.items(), key=lambda kv: (kv[0][0] != 'map-read-unmap', kv[0][1])):
        how = 'unmap' if variant == 'map-read-unmap' else 'keep the mapping'
        rows.append((f'C floor: map, sum x, {how}; {threads} thread{"s" if threads > 1 else ""}', rate))
    for label, rate in rows:
        print(f"| {label} | {rate:.1f} | {ratio(rate, raw_peers.get('tensorstore'))} | {ratio(rate, raw_peers.get('numpy-memmap'))} |")


def field_table(kernels, by_key, pairs):
    """FieldScans and KernelCost rows: every kind of field against the raw array's baselines, and the in-cache costs."""
    if not kernels:
        return
    got = {(r['name'], r['type'], r['threads']): r for r in kernels}
    print('\nField kernels over uncompressed 21-byte records (float64 `x`, float32 `y`, int64 `id` of raw; int32 `k` of '
          'int32, the same bytes, against the baselines of its own files): open-array scan against `mappedSum`, one pass against the faster of `plainRead` and '
          '`mappedOnePass`; paired: the median ratio (10th-90th percentile) of kernel and baseline timed back to back in one JVM, '
          'one pass against `mappedOnePass`; in cache: 8192 records scanned again and again, ns per record, against the streaming loop of '
          '`mappedSum` on the same bytes.\n')
    print('| field | threads | open scan Mrecords/s | vs mappedSum | paired vs mappedSum | one pass Mrecords/s | vs one-pass baseline '
          '| paired vs mappedOnePass | in cache ns/record | streaming loop ns/record |')
    print('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
    for kind in FIELD_KINDS:
        for threads in ('1', '2'):
            open_scan, one_pass = got.get(('FieldScans.open', kind, threads)), got.get(('FieldScans.onePass', kind, threads))
            if not (open_scan or one_pass):
                continue
            cells = []
            array = 'int32' if kind == 'int32' else 'raw'
            for row, names, pass_ in ((open_scan, ['Baselines.mappedSum'], 'open'),
                                      (one_pass, ['Baselines.plainRead', 'Baselines.mappedOnePass'], 'onePass')):
                bases = [by_key[(n, array, threads)]['mrec'] for n in names if (n, array, threads) in by_key]
                cells += [f"{row['mrec']:.1f}" if row else '-', ratio(row['mrec'], max(bases)) if row and bases else '-',
                          pairs.get((kind, threads, pass_), '-')]
            for name in ('KernelCost.field', 'KernelCost.streaming'):
                cost = got.get((name, kind, '1')) if threads == '1' else None
                cells.append(f"{1e3 / cost['mrec']:.2f}" if cost else '')
            print(f"| {kind} | {threads} | " + ' | '.join(cells) + ' |')


def ratio(value, reference):
    return f'{value / reference:.2f}x' if reference else '-'


def main(jmh_json, peers_txt, fresh_txt=None, floor_txt=None, paired_txt=None):
    results = rows(jmh_json)
    if not results:
        sys.exit(f'{jmh_json}: no benchmark with a records counter')
    best = peers(peers_txt)
    kernels = [r for r in results if r['type']]
    results = [r for r in results if not r['type']]
    by_key = {(r['name'], r['array'], r['threads']): r for r in results}
    order = {a: i for i, a in enumerate(ARRAYS)}
    results.sort(key=lambda r: (order.get(r['array'], len(order)), r['name'].startswith('Baselines.'), r['name'], r['io'], r['threads']))
    cpu = next((l.split(':', 1)[1].strip() for l in open('/proc/cpuinfo') if l.startswith('model name')), platform.processor())
    print(f'Stride benchmarks, {date.today()}, {cpu}, JDK {results[0]["jdk"]}, {platform.system()} {platform.release()}\n')
    print('| array | benchmark | io | threads | Mrecords/s | GB/s | alloc B/pass | vs baseline | vs TensorStore | vs numpy memmap |')
    print('| --- | --- | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |')
    for r in results:
        base = baseline_of(r, by_key)
        vs_base = f"{ratio(r['mrec'], base['mrec'])} {base['name'].split('.')[1]}" if base else '-'
        peer = best.get(r['array'], {})
        alloc = f"{r['alloc']:.0f}" if r['alloc'] is not None else '-'
        print(f"| {r['array']} | {r['name']} | {r['io']} | {r['threads']} | {r['mrec']:.1f} | {r['gbs']:.2f} | {alloc} | {vs_base} "
              f"| {ratio(r['mrec'], peer.get('tensorstore'))} | {ratio(r['mrec'], peer.get('numpy-memmap'))} |")
    print('\nPeers (fastest run, Mrecords/s): ' + ', '.join(
        f'{a}: ' + ' / '.join(f'{p} {v:.1f}' for p, v in best[a].items()) for a in ARRAYS if a in best))
    field_table(kernels, by_key, paired(paired_txt) if paired_txt else {})
    if fresh_txt and floor_txt:
        fresh_table(fresh_runs(fresh_txt), floor_lines(floor_txt), best.get('raw', {}))


if __name__ == '__main__':
    if len(sys.argv) not in (3, 5, 6):
        sys.exit(__doc__)
    main(*sys.argv[1:])
