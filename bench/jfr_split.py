#!/usr/bin/env python3
"""Where the Spark task threads spend their time in a Java Flight Recorder file: the samples of threads named
"Executor task launch worker" (jdk.ExecutionSample, threads running Java code, and jdk.NativeMethodSample, threads
in native code such as zstd-jni, weighted by their sampling periods: 10 and 20 ms in the "profile" settings), each
put in the first category one of its frames matches, from the top of the stack down (so a JDK frame counts for the
Stride or Spark code that called it), then the hottest top frames of each category. Page faults and the kernel's
copies count where the Java code that caused them runs. Standard library; runs the JDK's `jfr` tool.

usage: jfr_split.py FILE.jfr [TOP]
"""
import collections
import json
import os
import subprocess
import sys

# first match wins, frame by frame from the top of the stack
CATEGORIES = [
    ('zarr: copy into vectors (ColumnFill)', ('dev/stride/spark/ColumnFill',)),
    ('zarr: read + decode units', ('dev/stride/internal/', 'dev/stride/UnitCursor', 'dev/stride/codecs/')),
    ('zarr: batch bookkeeping (BatchReader)', ('dev/stride/spark/',)),
    ('parquet: read + decode into vectors', ('org/apache/parquet/', 'org/apache/spark/sql/execution/datasources/parquet/',
                                             'org/apache/hadoop/', 'org/xerial/snappy', 'io/airlift/')),
    ('spark: generated code (rows, aggregate)', ('GeneratedClass',)),
    ('spark: column vectors', ('org/apache/spark/sql/execution/vectorized/', 'org/apache/spark/sql/vectorized/')),
    ('spark: other', ('org/apache/spark/', 'scala/')),
]


def frame(f):
    m = f['method']
    return m['type']['name'] + '.' + m['name']


def main():
    path = sys.argv[1]
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    jfr = os.path.join(os.environ.get('JAVA_HOME', ''), 'bin', 'jfr') if os.environ.get('JAVA_HOME') else 'jfr'
    out = subprocess.run([jfr, 'print', '--json', '--stack-depth', '96', '--events',
                          'jdk.ExecutionSample,jdk.NativeMethodSample', path],
                         check=True, capture_output=True, text=True).stdout
    events = json.loads(out)['recording']['events']
    weight = {'jdk.ExecutionSample': 1, 'jdk.NativeMethodSample': 2}
    counts = collections.Counter()
    hot = collections.defaultdict(collections.Counter)
    total = 0
    for e in events:
        v = e['values']
        thread = (v.get('sampledThread') or {}).get('javaName') or ''
        if not thread.startswith('Executor task launch worker'):
            continue
        frames = [frame(f) for f in v['stackTrace']['frames']]
        w = weight.get(e.get('type'), 1)
        total += w
        cat = 'other'
        for f in frames:
            hit = next((name for name, keys in CATEGORIES if any(k in f for k in keys)), None)
            if hit:
                cat = hit
                break
        counts[cat] += w
        hot[cat][frames[0].split('/')[-1] if frames else '?'] += w
    print(f'{total} weighted samples (10 ms) of task threads in {path}')
    print()
    print('| category | samples | share | hottest top frames |')
    print('|---|---:|---:|---|')
    for cat, n in counts.most_common():
        tops = ', '.join(f'{m} {c / total:.0%}' for m, c in hot[cat].most_common(top) if c / total >= 0.005)
        print(f'| {cat} | {n} | {n / total:.0%} | {tops} |')


if __name__ == '__main__':
    main()
