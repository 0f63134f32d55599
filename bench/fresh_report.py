"""Markdown table of bench/fresh.sh's fresh processes: per command and array, the median and minimum wall time with
the launcher's start-up cache and without (STRIDE_NO_AOT=1), the median CPU time (user + system) of each, and the
median of the rounds' ratios (with / without, each round's pair ran back to back) with their 25th and 75th
percentiles.

usage: fresh_report.py fresh.tsv
"""
import csv, statistics, sys

runs = {}
for row in csv.DictReader(open(sys.argv[1]), delimiter='\t'):
    key = (row['command'], row['array'])
    runs.setdefault(key, {}).setdefault(row['mode'], {})[row['round']] = (
        float(row['wall']), float(row['user']) + float(row['sys']))


def quartiles(values):
    if len(values) < 2:
        return values[0], values[0]
    q = statistics.quantiles(values, n=4, method='inclusive')
    return q[0], q[2]


rounds = max(len(modes.get('aot', {})) for modes in runs.values())
print(f'| command | array | with cache s (median / min) | without s (median / min) | CPU s with / without '
      f'(medians) | with / without, pairs (median, 25-75%) |')
print('|---|---|---:|---:|---:|---:|')
for (command, array), modes in runs.items():
    aot, no = modes['aot'], modes['no']
    walls = {mode: [t[0] for t in modes[mode].values()] for mode in ('aot', 'no')}
    cpus = {mode: [t[1] for t in modes[mode].values()] for mode in ('aot', 'no')}
    ratios = sorted(aot[r][0] / no[r][0] for r in aot if r in no)
    low, high = quartiles(ratios)
    print(f'| {command} | {array} '
          f'| {statistics.median(walls["aot"]):.2f} / {min(walls["aot"]):.2f} '
          f'| {statistics.median(walls["no"]):.2f} / {min(walls["no"]):.2f} '
          f'| {statistics.median(cpus["aot"]):.2f} / {statistics.median(cpus["no"]):.2f} '
          f'| {statistics.median(ratios):.2f}x ({low:.2f}-{high:.2f}) |')
print()
print(f'{rounds} rounds. A ratio below 1x: the cache makes the command faster. Wall times of a loaded machine; '
      f'CPU time counts the work the process did, whatever else ran.')
