#!/usr/bin/env python3
"""Prints bench/v2.sh's results as a markdown table: Stride's one-pass scan of each v2 array next to its v3 twin
(same records, chunks and compressed bytes) and next to TensorStore on the same files (its `zarr` driver for v2).
TensorStore's figure is its fastest run after the first (the least flattering comparison for Stride); Stride's is
JMH's mean. Standard library only.

usage: v2_report.py JMH_JSON TENSORSTORE_TXT
"""
import json
import re
import sys

PEER_LINE = re.compile(r'^(\S+) sum=\S+ seconds=\S+ Mrecords/s=([0-9.]+)')
PAIRS = [('v2-blosc', 'blosc'), ('v2-zstd', 'zstd')]


def stride(path):
    """{(array, threads): (Mrecords/s, error)} of OnePassScan.scan."""
    out = {}
    for r in json.load(open(path)):
        if r['benchmark'].endswith('OnePassScan.scan'):
            m = r['secondaryMetrics']['records']
            out[(r['params']['array'], r['params'].get('threads', '1'))] = (m['score'] / 1e6, float(m['scoreError']) / 1e6)
    return out


def tensorstore(path):
    """{array: best Mrecords/s after the first run}."""
    runs, array = {}, None
    for line in open(path):
        if line.startswith('== '):
            array = line[3:].strip()
        elif (m := PEER_LINE.match(line)) and array:
            runs.setdefault(array, []).append(float(m[2]))
    return {a: max(r[1:] or r) for a, r in runs.items()}


scans, peers = stride(sys.argv[1]), tensorstore(sys.argv[2])
print('| array | threads | Stride Mrec/s | v3 twin Mrec/s | v2 / v3 | TensorStore Mrec/s | Stride / TensorStore |')
print('| --- | --- | --- | --- | --- | --- | --- |')
for v2, v3 in PAIRS:
    for threads in sorted({t for (a, t) in scans if a == v2}):
        s, err = scans[(v2, threads)]
        twin, twin_err = scans.get((v3, threads), (float('nan'), 0))
        ts = peers.get(v2, float('nan'))
        print(f'| {v2} | {threads} | {s:.0f} ± {err:.0f} | {twin:.0f} ± {twin_err:.0f} | {s / twin:.2f} | {ts:.0f} | {s / ts:.2f} |')
print()
print('TensorStore on the v3 twins (zarr3 driver): ' + ', '.join(f'{v3} {peers.get(v3, float("nan")):.0f} Mrec/s' for _, v3 in PAIRS))
