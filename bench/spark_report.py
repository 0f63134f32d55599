#!/usr/bin/env python3
"""Prints the results of bench/spark.sh as markdown tables: per master, each query's time through the zarr connector
and through Spark's Parquet reader (best and median of the timed runs), records/s and the ratios connector/Parquet
(Parquet's time over the connector's: above 1 the connector is faster) against the issue's targets; then how each
source scales from local[1] to local[2], where a task's time goes, and the sweep of the connector's options.
Standard library only.

usage: spark_report.py SPARK_JSONL [LOAD_TXT]
"""
import json
import statistics
import sys
from collections import defaultdict

QUERIES = {
    'sum_x': 'SELECT sum(x)',
    'all_fields': 'SELECT sum(x), sum(y), sum(id), max(flags)',
    'group_by': 'SELECT flags, avg(x) GROUP BY flags',
}
# connector source -> (Parquet source it is held against, target ratio per query; None: reported, no target)
PAIRS = {
    'zarr-raw': ('parquet-snappy', {'sum_x': 1.5, 'all_fields': 1.5, 'group_by': 1.5}),
    'zarr-zstd': ('parquet-zstd', {'sum_x': None, 'all_fields': 1.0, 'group_by': None}),
}
EXTRA = {'zarr-raw': 'parquet-none'}


def load(path):
    lines = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line:
                lines.append(json.loads(line))
    return lines


def best(r):
    return min(r['times'])


def median(r):
    return statistics.median(r['times'])


def mrec(r, t):
    return r['records'] / t / 1e6


def fmt_ratio(x, target=None):
    s = f'{x:.2f}x'
    if target is not None:
        s += ' ✓' if x >= target else ' ✗'
    return s


def main():
    rows = load(sys.argv[1])
    load_txt = open(sys.argv[2]).read() if len(sys.argv) > 2 else ''
    info = [r for r in rows if r['phase'] == 'info']
    masters = list(dict.fromkeys(r['master'] for r in rows))
    general = next((r for r in info if not r['source']), {})
    print(f"Spark {general.get('spark', '?')} on Java {general.get('java', '?')}, {general.get('cpu', '?')} "
          f"({general.get('cores', '?')} cores); {general.get('records', 0):,} records of {general.get('recordSize', '?')} bytes, "
          f"chunks of {general.get('chunkRecords', 0):,}; both sides in tasks of {general.get('taskChunks', '?')} chunks "
          f"({general.get('taskChunks', 0) * general.get('chunkRecords', 0):,} records).")
    if general.get('zarrOptions') not in (None, '', '{}'):
        print(f"Connector options in the main and split phases: {general['zarrOptions']}.")
    print()
    copies = {r['source']: r for r in info if r['source']}
    if copies:
        print('| Parquet copy | files | row groups | bytes | maxPartitionBytes set |')
        print('|---|---:|---:|---:|---:|')
        for name, r in copies.items():
            print(f"| {name} | {r['files']} | {r['rowGroups']} | {r['bytes']:,} | {r['maxPartitionBytes']:,} |")
        print()

    main_rows = {(r['master'], r['source'], r['query']): r for r in rows if r['phase'] == 'main'}
    canaries = [c for r in main_rows.values() for c in r.get('canaryMillis', [])]
    if canaries:
        floor = min(canaries)
        slow = sum(1 for c in canaries if c > 1.3 * floor)
        print(f'Host canary (a fixed loop timed on the driver thread before each timed query): fastest {floor:.1f} ms, '
              f'median {statistics.median(canaries):.1f} ms; {slow} of {len(canaries)} timed runs began with it over 1.3x '
              'the fastest (the host slower then; best-of-N is robust to that, medians are not).')
        print()
    for m in masters:
        if not any(k[0] == m for k in main_rows):
            continue
        print(f'### {m}: time per query (seconds: best / median of the timed runs), records/s at the best')
        print()
        print('| query | source | tasks | best s | median s | Mrecords/s | task s (median) | others\' CPU s (median) | disk MiB read | connector/Parquet best | median |')
        print('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|')
        for q in QUERIES:
            for conn, (pq, targets) in PAIRS.items():
                for src in [conn, pq] + ([EXTRA[conn]] if conn in EXTRA else []):
                    r = main_rows.get((m, src, q))
                    if r is None:
                        continue
                    ratio_b = ratio_m = ''
                    if src == conn and (m, pq, q) in main_rows:
                        p = main_rows[(m, pq, q)]
                        ratio_b = fmt_ratio(best(p) / best(r), targets.get(q)) + f' vs {pq}'
                        ratio_m = fmt_ratio(median(p) / median(r))
                        if conn in EXTRA and (m, EXTRA[conn], q) in main_rows:
                            e = main_rows[(m, EXTRA[conn], q)]
                            ratio_b += f'; {best(e) / best(r):.2f}x vs {EXTRA[conn]}'
                            ratio_m += f'; {median(e) / median(r):.2f}x'
                    if src != conn and src in [pq2 for pq2, _ in PAIRS.values()] and src != pq:
                        continue
                    task_s = statistics.median(r['taskSeconds']) if r.get('taskSeconds') else float('nan')
                    other = statistics.median(r['otherCpuSeconds']) if r.get('otherCpuSeconds') else float('nan')
                    print(f"| {QUERIES[q]} | {src} | {r.get('tasks', '')} | {best(r):.3f} | {median(r):.3f} | "
                          f"{mrec(r, best(r)):.1f} | {task_s:.2f} | {other:.2f} | {r.get('diskKiB', 0) / 1024:.0f} | {ratio_b} | {ratio_m} |")
        print()

    if len(masters) > 1:
        a, b = masters[0], masters[-1]
        print(f'### Scaling: best time on {a} over best time on {b}')
        print()
        print(f'| query | source | {a} s | {b} s | speed-up |')
        print('|---|---|---:|---:|---:|')
        sources = list(dict.fromkeys(k[1] for k in main_rows))
        for q in QUERIES:
            for s in sources:
                ra, rb = main_rows.get((a, s, q)), main_rows.get((b, s, q))
                if ra and rb:
                    print(f'| {QUERIES[q]} | {s} | {best(ra):.3f} | {best(rb):.3f} | {best(ra) / best(rb):.2f}x |')
        print()

    split = defaultdict(dict)
    for r in rows:
        if r['phase'] == 'split':
            split[(r['master'], r['source'])][r['query']] = r
    for m in masters:
        keys = [k for k in split if k[0] == m]
        if not keys:
            continue
        print(f'### {m}: where the time goes (median seconds; units: read and decode the units of every task, no '
              'vector; +touch: and read one long per 4 KiB page; scan: batches filled, rows counted; query: the whole query)')
        print()
        print('| source | columns of | units | units+touch | scan | query | decode+read share | copy into vectors share | Spark (rows, aggregate) share |')
        print('|---|---|---:|---:|---:|---:|---:|---:|---:|')
        for k in keys:
            parts = split[k]
            for q in QUERIES:
                scan = parts.get('scan:' + q)
                whole = main_rows.get((m, k[1], q))
                if not scan or not whole:
                    continue
                s, w = median(scan), median(whole)
                u = median(parts['units']) if 'units' in parts else None
                ut = median(parts['units+touch']) if 'units+touch' in parts else None
                if ut is not None:
                    shares = f'{ut / w:.0%} | {(s - ut) / w:.0%} | {(w - s) / w:.0%}'
                else:
                    shares = f'{s / w:.0%} (scan) | - | {(w - s) / w:.0%}'
                print(f"| {k[1]} | {q} | {'' if u is None else f'{u:.3f}'} | {'' if ut is None else f'{ut:.3f}'} | "
                      f'{s:.3f} | {w:.3f} | {shares} |')
        print()

    sweep = [r for r in rows if r['phase'] == 'sweep']
    for m in masters:
        mine = [r for r in sweep if r['master'] == m]
        if not mine:
            continue
        print(f'### {m}: options (seconds, best / median; Mrecords/s at the best)')
        print()
        print('| source | option | tasks | ' + ' | '.join(QUERIES[q] for q in QUERIES if any(r['query'] == q for r in mine)) + ' |')
        qs = [q for q in QUERIES if any(r['query'] == q for r in mine)]
        print('|---|---|---|' + '---:|' * len(qs))
        by = defaultdict(dict)
        for r in mine:
            by[(r['source'], r['config'])][r['query']] = r
        for (src, cfg), per in by.items():
            tasks = next(iter(per.values())).get('tasks', '')
            cells = []
            for q in qs:
                r = per.get(q)
                cells.append(f'{best(r):.3f} / {median(r):.3f} ({mrec(r, best(r)):.0f})' if r else '')
            print(f'| {src} | {cfg} | {tasks} | ' + ' | '.join(cells) + ' |')
        print()

    if load_txt:
        print('Machine load before each run (uptime; top processes):')
        print()
        print('```')
        print(load_txt.rstrip())
        print('```')


if __name__ == '__main__':
    main()
