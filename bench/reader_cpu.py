#!/usr/bin/env python3
"""Runs one reader of bench/remote.sh as a process of its own and prints what the kernel charged to it: its wall time,
its CPU time (user + system, from wait4's rusage) and the CPU time the server's processes spent meanwhile (the pids
given and all their descendants, from /proc/PID/stat), so that the row says whether the reader's core, the server's
core or neither (waiting on requests) bounds the reads. The reader prints a line per scan with its own seconds=,
Mrecords/s= and cpu= (getrusage of itself, for warm scans apart from the first); those lines are passed on.
Standard library only.

It also reads how busy each of the two cores was with anything at all (/proc/stat), since on a shared machine other
work on the reader's core slows the reader without showing in its own CPU time.

usage: reader_cpu.py SERVER_PIDS SERVER_CORE READER_CORE READER ARRAY SERVER -- COMMAND...
  SERVER_PIDS  comma-separated pids of the server's root processes, or - for a local read
Prints: process READER ARRAY SERVER wall=S cpu=S server_cpu=S reader_core=F server_core=F (the cores' busy shares of
the wall time), then per scan: scan READER ARRAY SERVER <the line>
"""
import os
import subprocess
import sys
import time

TICKS = os.sysconf('SC_CLK_TCK')


def processes():
    """{pid: (parent pid, CPU seconds so far)} of every process now running."""
    out = {}
    for name in os.listdir('/proc'):
        if name.isdigit():
            try:
                with open(f'/proc/{name}/stat') as f:
                    fields = f.read().rsplit(')', 1)[1].split()
            except OSError:
                continue
            out[int(name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / TICKS)
    return out


def server_cpu(roots):
    """CPU seconds of the processes roots and their descendants."""
    table = processes()
    total = 0.0
    for pid, (parent, seconds) in table.items():
        p = pid
        while p > 1 and p not in roots:
            p = table.get(p, (0, 0))[0]
        if p in roots:
            total += seconds
    return total


def core_times(core):
    """(busy, total) jiffies of one core so far: every state but idle and iowait counts as busy."""
    with open('/proc/stat') as f:
        for line in f:
            if line.startswith(f'cpu{core} '):
                ticks = [int(v) for v in line.split()[1:]]
                return sum(ticks) - ticks[3] - ticks[4], sum(ticks)
    sys.exit(f'reader_cpu.py: /proc/stat has no core {core}')


def busy(before, after):
    """The share of the time between two core_times that the core was busy."""
    return (after[0] - before[0]) / max(1, after[1] - before[1])


def run(command):
    """Wall seconds, the child's CPU seconds and its output."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    output = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    if child.returncode != 0:
        sys.exit(f'reader_cpu.py: {" ".join(command)} exited with {child.returncode}')
    return wall, usage.ru_utime + usage.ru_stime, output


def main(pids, server_core, reader_core, reader, array, server, dashes, *command):
    if dashes != '--' or not command:
        sys.exit(__doc__)
    roots = set() if pids == '-' else {int(p) for p in pids.split(',')}
    before, cores = server_cpu(roots), (core_times(reader_core), core_times(server_core))
    wall, cpu, output = run(list(command))
    served = server_cpu(roots) - before
    reader_busy, server_busy = busy(cores[0], core_times(reader_core)), busy(cores[1], core_times(server_core))
    label = f'{reader} {array} {server}'
    print(f'process {label} wall={wall:.3f} cpu={cpu:.3f} server_cpu={served:.3f} reader_core={reader_busy:.3f} server_core={server_busy:.3f}')
    for line in output.splitlines():
        if ' seconds=' in line:
            print(f'scan {label} {line}')
        else:
            print(line, file=sys.stderr)
    sys.stdout.flush()


if __name__ == '__main__':
    if len(sys.argv) < 9:
        sys.exit(__doc__)
    main(*sys.argv[1:])
