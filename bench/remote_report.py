#!/usr/bin/env python3
"""Prints bench/remote.sh's results as markdown: per server (nginx, s3proxy, Azurite) Stride's JMH scan of each array
against the local scan on the same one reader core, through the 0 ms and the slow latency proxy; then the reader
processes' CPU time per GB read, Stride's against TensorStore's, with how busy each core was and so what bounds the
scan. The ratios are those the remote-store targets name. Standard library only.

usage: remote_report.py RESULTS_DIR DATA_DIR DELAY_MS
  RESULTS_DIR  remote.sh's: bases.txt (SERVER<TAB>JMH base), jmh-*.json, cpu.txt (bench/reader_cpu.py's process and
               scan lines), load.txt
  DATA_DIR     the arrays, whose stored bytes (the bytes a scan reads) give the GB of the CPU table
"""
import glob
import json
import os
import platform
import re
import statistics
import sys

ARRAYS = ['raw', 'zstd', 'sharded']
SERVERS = ['nginx', 's3proxy', 'azurite']
PROCESS_LINE = re.compile(r'^process (\S+) (\S+) (\S+) wall=(\S+) cpu=(\S+) server_cpu=(\S+) reader_core=(\S+) server_core=(\S+)')
SCAN_LINE = re.compile(r'^scan (\S+) (\S+) (\S+) .* Mrecords/s=(\S+) cpu=(\S+)')
# a core counts as what bounds a scan when the process(es) on it ran this share of the wall time
FULL = 0.85


def jmh(results):
    """{(array, server): Mrecords/s} of every JMH result, its base mapped to the server named in bases.txt."""
    servers = dict(reversed(line.rstrip('\n').split('\t')) for line in open(os.path.join(results, 'bases.txt')))
    out = {}
    for path in glob.glob(os.path.join(results, 'jmh-*.json')):
        for r in json.load(open(path)):
            out[(r['params']['array'], servers[r['params']['base']])] = r['secondaryMetrics']['records']['score'] / 1e6
    return out


def cpu_runs(results):
    """{(reader, array, server): (wall, cpu, server_cpu, reader_core, server_core, scans)} of each reader process,
    where scans are its (Mrecords/s, cpu) per scan in order."""
    runs = {}
    for line in open(os.path.join(results, 'cpu.txt')):
        if m := PROCESS_LINE.match(line):
            runs[m.group(1, 2, 3)] = [float(v) for v in m.group(4, 5, 6, 7, 8)] + [[]]
        elif m := SCAN_LINE.match(line):
            runs[m.group(1, 2, 3)][5].append((float(m[4]), float(m[5])))
    return runs


def warm(scans):
    """
    The median (Mrecords/s, cpu) of the second half of the scans: the first pays for class loading, and the JIT still
    compiles during the next few, more over S3 and Azure whose signing and answers take more code than plain HTTP
    (bench/results/2026-12-07-remote-java-relay.md); on a reader pinned to one core that comes out of the scans.
    """
    rest = scans[len(scans) // 2:] if len(scans) > 1 else scans
    return statistics.median(s for s, _ in rest), statistics.median(c for _, c in rest)


def stored_gb(data, array):
    """The array's stored bytes in GB (10^9): every file under it."""
    total = 0
    for root, _, names in os.walk(os.path.join(data, array + '.zarr'), followlinks=True):
        total += sum(os.path.getsize(os.path.join(root, n)) for n in names)
    return total / 1e9


def speed_tables(speeds, delay):
    for server in SERVERS:
        print(f'\n**{server}** (Mrecords/s; target {server} / local >= 0.8x for zstd and sharded, {delay} ms / 0 ms >= 0.7x):\n')
        print(f'| array | local, pinned | {server} | {server} / local | {server} + 0 ms proxy | {server} + {delay} ms proxy | {delay} ms / 0 ms |')
        print('|---|---|---|---|---|---|---|')
        for array in ARRAYS:
            local, direct = speeds.get((array, 'local'), 0), speeds.get((array, server), 0)
            fast, slow = speeds.get((array, f'{server}+0ms'), 0), speeds.get((array, f'{server}+{delay}ms'), 0)
            print(f'| {array} | {number(local)} | {number(direct)} | {ratio(direct, local)} | {number(fast)} | {number(slow)}'
                  f' | {ratio(slow, fast)} |')


def cpu_table(runs, data):
    print('\nReader CPU time per GB read (GB: the array\'s stored bytes, 10^9), target Stride <= 0.6x TensorStore.'
          ' Warm: the median of the second half of the scans, each the CPU its process spent on it (getrusage of itself);'
          ' process: the whole process\'s rusage (wait4) over all its scans, start-up included. The cores during Stride\'s'
          ' process: the reader\'s (and the server\'s) CPU time over the wall time, and how busy the core was with'
          ' anything (other work on a shared machine included), which together say what bounds the reads:\n')
    print('| array | server | Stride warm CPU s/GB | TensorStore warm CPU s/GB | Stride / TensorStore | Stride process CPU s/GB'
          ' | TensorStore process CPU s/GB | Stride warm Mrec/s | TensorStore warm Mrec/s | reader core: Stride / all'
          ' | server core: server / all | bound by |')
    print('|---|---|---|---|---|---|---|---|---|---|---|---|')
    for array in ARRAYS:
        gb = stored_gb(data, array)
        for server in ['local'] + SERVERS:
            stride, peer = runs.get(('stride', array, server)), runs.get(('tensorstore', array, server))
            if not stride or not stride[5]:
                continue
            wall, cpu, served, reader_core, server_core, scans = stride
            speed, warm_cpu = warm(scans)
            peer_speed, peer_cpu = warm(peer[5]) if peer and peer[5] else (0, 0)
            peer_process = peer[1] / len(peer[5]) / gb if peer and peer[5] else 0
            server_cell = '-' if server == 'local' else f'{served / wall:.0%} / {server_core:.0%}'
            print(f'| {array} | {server} | {warm_cpu / gb:.2f} | {per_gb(peer_cpu, gb)} | {ratio(warm_cpu, peer_cpu)}'
                  f' | {cpu / len(scans) / gb:.2f} | {per_gb(peer_process, 1)} | {speed:.1f} | {number(peer_speed)}'
                  f' | {cpu / wall:.0%} / {reader_core:.0%} | {server_cell}'
                  f' | {bound(server, cpu / wall, reader_core, served / wall, server_core)} |')


def per_gb(seconds, gb):
    return f'{seconds / gb:.2f}' if seconds else '-'


def bound(server, reader, reader_core, served, server_core):
    """What held the reads back, from the shares of the wall time: the reader's or the server's own CPU when it ran
    nearly all the time, its core when other work filled the rest of it, else the requests' round trips."""
    remote = server != 'local'
    if remote and served >= FULL:
        return f'{server}\'s CPU'
    if reader >= FULL:
        return 'the reader\'s CPU'
    if reader_core >= FULL:
        return 'the reader\'s core, shared with other work'
    if remote and server_core >= FULL:
        return 'the server\'s core, shared with other work'
    return 'neither core full: waiting on requests'


def number(value):
    """A speed, or - when the benchmark gave none (JMH carries on past a failed one)."""
    return f'{value:.1f}' if value else '-'


def ratio(a, b):
    return f'{a / b:.2f}x' if a and b else '-'


def cpu():
    try:
        for line in open('/proc/cpuinfo'):
            if line.startswith('model name'):
                return line.split(':', 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def main(results, data, delay):
    speeds = jmh(results)
    threads = {r['params'].get('threads', '?') for p in glob.glob(os.path.join(results, 'jmh-*.json')) for r in json.load(open(p))}
    load = [line.strip() for line in open(os.path.join(results, 'load.txt'))]
    print(f'Scans of field x, {platform.machine()} {cpu()}: servers on one core, the reader on the other (taskset);'
          f' JMH OpenArrayReads.scan, {"/".join(sorted(threads))} threads. Load: {" -> ".join(load)}')
    speed_tables(speeds, delay)
    cpu_table(cpu_runs(results), data)


if __name__ == '__main__':
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
