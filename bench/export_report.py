"""Markdown table of bench/export.sh's measurements: the best round of each exporter per array and format, and
Stride's speed as a ratio to the dd copy of its own output (the write limit) and to TensorStore + pyarrow.

usage: export_report.py export.jsonl
"""
import json, sys

best = {}
for line in open(sys.argv[1]):
    m = json.loads(line)
    key = (m['who'], m['array'], m['format'])
    if key not in best or m['seconds'] < best[key]['seconds']:
        best[key] = m

print('| array | format | Stride s | output MB | dd copy s | Stride / dd | TensorStore + pyarrow s | Stride / it |')
print('|---|---|---:|---:|---:|---:|---:|---:|')
for array in ('raw', 'zstd'):
    for fmt in ('arrow', 'parquet-zstd', 'parquet-snappy'):
        s = best.get(('stride', array, fmt))
        if s is None:
            continue
        dd = best.get(('dd copy', array, fmt))
        peer = best.get(('tensorstore+pyarrow', array, fmt))
        cells = [array, fmt, f"{s['seconds']:.3f}", f"{s['bytes'] / 1e6:.0f}"]
        cells += [f"{dd['seconds']:.3f}", f"{dd['seconds'] / s['seconds']:.2f}x"] if dd else ['', '']
        cells += [f"{peer['seconds']:.3f}", f"{peer['seconds'] / s['seconds']:.2f}x"] if peer else ['', '']
        print('| ' + ' | '.join(cells) + ' |')
print()
print('Ratios are speed ratios (the other\'s time over Stride\'s): above 1x Stride is faster. The dd copy reads and '
      'writes a file of Stride\'s output size through the page cache.')
