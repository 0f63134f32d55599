#!/usr/bin/env python3
"""The report of bench/tune.sh.

usage: tune_report.py bytes SOURCE COPY         prints {"source": N, "copy": M}: bytes of each array's chunk files
       tune_report.py report RESULTS ARRAY...   the markdown table of tune's figures beside the copy's
"""
import json, os, statistics, sys


def chunk_bytes(array):
    """Bytes of the files below an array's directory other than its metadata."""
    total = 0
    for folder, _, files in os.walk(array):
        total += sum(os.path.getsize(os.path.join(folder, f)) for f in files if f not in ('zarr.json', '.zarray', '.zattrs'))
    return total


def report(results, arrays):
    print('| array | fields | recommended | reason | size ratio: tune (sample) | whole copy | scan Mrecords/s: tune first'
          ' / warm (sample, one JVM) | `stride scan` of the copy (median of 5 processes, min-max) |')
    print('| --- | --- | --- | --- | ---: | ---: | ---: | ---: |')
    for a in arrays:
        tune = json.load(open(os.path.join(results, a + '.tune.json')))
        best = tune['candidates'][0]
        sizes = json.load(open(os.path.join(results, a + '.bytes.json')))
        scans = [json.loads(line)['records_per_second'] / 1e6 for line in open(os.path.join(results, a + '.scans.jsonl'))]
        first = tune['sample_records'] / best['first_scan_seconds'] / 1e6
        warm = tune['sample_records'] / best['warm_scan_seconds'] / 1e6
        print(f"| {a} | {','.join(tune['fields'])} | `{' '.join(best['copy_options'])}` | {tune['reason']} "
              f"| {best['size_ratio']:.2f}x | {sizes['source'] / sizes['copy']:.2f}x | {first:.0f} / {warm:.0f} "
              f"| {statistics.median(scans):.0f} ({min(scans):.0f}-{max(scans):.0f}) |")
    print()
    for a in arrays:
        tune = json.load(open(os.path.join(results, a + '.tune.json')))
        print(f"{a}: {tune['sample_records']} of {tune['array_records']} records sampled in {tune['sample_chunks']} chunks;"
              f" {len(tune['candidates'])} layouts measured in {tune['seconds']:.1f} s, {tune['unmeasured']} left unmeasured.")


if __name__ == '__main__':
    if sys.argv[1] == 'bytes':
        print(json.dumps({'source': chunk_bytes(sys.argv[2]), 'copy': chunk_bytes(sys.argv[3])}))
    else:
        report(sys.argv[2], sys.argv[3:])
