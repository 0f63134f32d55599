#!/usr/bin/env python3
"""The report of bench/tune.sh.

usage: tune_report.py bytes SOURCE COPY         prints {"source": N, "copy": M}: bytes of each array's chunk files
       tune_report.py report RESULTS ARRAY...   the markdown table of tune's figures beside the copy's
       tune_report.py spread RESULTS            bench/tune_spread.sh's table: each layout over the rounds
"""
import json, os, statistics, sys


def chunk_bytes(array):
    """Bytes of the files below an array's directory other than its metadata."""
    total = 0
    for folder, _, files in os.walk(array):
        total += sum(os.path.getsize(os.path.join(folder, f)) for f in files if f not in ('zarr.json', '.zarray', '.zattrs'))
    return total


def report(results, arrays):
    print('| array | fields | recommended | size ratio to the source: tune (sample) | whole copy | first scan, Mrecords/s:'
          ' tune (sample) | whole copy | warm scan: tune | whole copy |')
    print('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |')
    for a in arrays:
        tune = json.load(open(os.path.join(results, a + '.tune.json')))
        best = tune['candidates'][0]
        sizes = json.load(open(os.path.join(results, a + '.bytes.json')))
        checks = [json.loads(line) for line in open(os.path.join(results, a + '.scans.jsonl'))]
        first = statistics.median(c['records'] / c['first_seconds'] / 1e6 for c in checks)
        warm = max(c['records'] / c['warm_seconds'] / 1e6 for c in checks)
        n = tune['sample_records']
        print(f"| {a} | {','.join(tune['fields'])} | `{' '.join(best['copy_options'])}` "
              f"| {best['size_ratio']:.2f}x | {sizes['source'] / sizes['copy']:.2f}x "
              f"| {n / best['first_scan_seconds'] / 1e6:.0f} | {first:.0f} "
              f"| {n / best['warm_scan_seconds'] / 1e6:.0f} | {warm:.0f} |")
    print()
    print('Whole copy: the median of 3 processes for the first scan, the fastest for the warm one.')
    print()
    for a in arrays:
        tune = json.load(open(os.path.join(results, a + '.tune.json')))
        n = tune['sample_records']
        chunks = tune['sample_chunks']
        print(f"### {a}\n\n{n} of {tune['array_records']} records sampled in {chunks} chunk{'s' if chunks != 1 else ''};"
              f" {len(tune['candidates'])} layouts measured in {tune['seconds']:.1f} s, {tune['unmeasured']} left"
              f" unmeasured. Reason: {tune['reason']}\n")
        print('| rank | codec | chunks | shards | stored MiB | ratio | Mrecords/s: write | first scan | warm scan | all fields | vs fastest |')
        print('| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
        for rank, c in enumerate(tune['candidates'], 1):
            print(f"| {rank} | {c['codec']} | {c['chunks']} | {c['shards'] or '-'} | {c['stored_bytes'] / 2**20:.1f} "
                  f"| {c['size_ratio']:.2f}x | {n / c['write_seconds'] / 1e6:.1f} | {n / c['first_scan_seconds'] / 1e6:.1f} "
                  f"| {n / c['warm_scan_seconds'] / 1e6:.1f} | {n / c['all_fields_seconds'] / 1e6:.1f} | {c['speed_share']:.2f}x |")
        print()


def layout_name(candidate):
    """The name bench/tune_spread.sh gives a layout's copy."""
    return f"shards-{candidate['shards']}" if candidate['shards'] else f"chunks-{candidate['chunks']}"


def spread(results):
    """Each copied layout's scans in Mrecords/s, as tune measured them round by round and as the copies gave them."""
    checks = [json.loads(line) for line in open(os.path.join(results, 'checks.jsonl'))]
    rounds = sorted(int(f[5:-5]) for f in os.listdir(results) if f.startswith('tune-') and f.endswith('.json'))
    tunes = {r: json.load(open(os.path.join(results, f'tune-{r}.json'))) for r in rounds}
    print('| layout | scan | tune, each round | whole copy, each round | tune / copy, median of the rounds |')
    print('| --- | --- | --- | --- | ---: |')
    for name in dict.fromkeys(c['layout'] for c in checks):
        for scan in ('first', 'warm'):
            copy = {c['round']: c['records'] / c[scan + '_seconds'] / 1e6 for c in checks if c['layout'] == name}
            tune = {r: t['sample_records'] / c[scan + '_scan_seconds'] / 1e6 for r, t in tunes.items()
                    for c in t['candidates'] if c['codec'] == 'none' and layout_name(c) == name}
            ratios = [tune[r] / copy[r] for r in tune if r in copy]
            shown = ' '.join(f'{tune[r]:.0f}' if r in tune else '-' for r in rounds)
            print(f"| {name} | {scan} | {shown} | {' '.join(f'{copy[r]:.0f}' for r in sorted(copy))} "
                  f"| {f'{statistics.median(ratios):.2f}x' if ratios else 'not measured'} |")
    print()
    print('Mrecords/s. Tune: its figure for the layout in each run (-: not measured); whole copy: bench/TuneCheck.java,'
          ' each run the median of 3 fresh readers for the first scan, the fastest of 5 for the warm one.')


if __name__ == '__main__':
    if sys.argv[1] == 'bytes':
        print(json.dumps({'source': chunk_bytes(sys.argv[2]), 'copy': chunk_bytes(sys.argv[3])}))
    elif sys.argv[1] == 'spread':
        spread(sys.argv[2])
    else:
        report(sys.argv[2], sys.argv[3:])
