#!/usr/bin/env python3
"""Checks `stride export` against the shared conformance corpus: every ok array of the v3 manifest and of the Zarr v2
one (zarr-v2/, numpy dtypes; its zarr-python 2 arrays also through the corpus's zip files) is exported to Arrow IPC
(file and stream), Parquet (and, when asked, csv and jsonl), read back with pyarrow, polars and DuckDB, and every
element is compared exactly with the manifest's values; the Arrow schema (names, types, zarr.* metadata) and the Parquet schema
(physical and logical types, codec) are checked against the export contract. Error cases must exit 1 with a message
on stderr and leave no output file.

usage: check_export.py --stride ./stride --shared ../shared [--formats arrow,arrow-stream,parquet] [--only SUBSTR]
                       [-j N] [--keep] [--selftest]
--selftest writes the files with pyarrow following the contract instead of running stride (plus synthetic time and
NaT cases the corpus lacks, and corrupted files that must be caught): it tests this checker, not stride.
Run with the python that ../shared/peers/setup.sh prints, with pyarrow, polars and duckdb added
(checks/export/run.sh).
Exit status 0 when everything matches; one 'FAIL ...' line per failed check and a closing summary.
This file is the entry point; its parts, next to it: zarr_types.py (the Zarr types and their Arrow mapping),
canonical.py (comparable values), readers.py (pyarrow, polars, DuckDB), checker.py (the checks of one output),
corpus.py (the cases), exports.py (the exports and running stride), selftest.py (--selftest and --fake-stride).
"""
import argparse, concurrent.futures, os, shutil, sys, tempfile, time

from checker import Checker
from corpus import load_corpus
from exports import EXT, Batches, build_jobs, judge, run_job
from selftest import emulate, fake_stride, selftest_mutations, synthetic_cases


def print_reps(ck):
    print('reader representations (format / reader / zarr type -> what the reader shows):')
    for (fmt, reader, label), reps in sorted(ck.reps.items()):
        print(f'  {fmt:<13} {reader:<8} {label:<28} {", ".join(sorted(reps))}')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--stride', help='the stride launcher (./stride)')
    ap.add_argument('--shared', required=True, help='the shared folder with conformance/')
    ap.add_argument('--formats', default='arrow,arrow-stream,parquet')
    ap.add_argument('--only', help='only cases whose path contains this')
    ap.add_argument('-j', type=int, default=2, help='exports run at once')
    ap.add_argument('--keep', action='store_true', help='keep the exported files (their folder is printed)')
    ap.add_argument('--selftest', action='store_true', help='check pyarrow-written files instead of running stride')
    ap.add_argument('--reps', action='store_true', help='print how each reader represents each type')
    ap.add_argument('--quiet-notes', action='store_true', help='count NOTE lines without printing them')
    ap.add_argument('--batch', help='a command starting a JVM that runs exports read from stdin (cli CommandBatch): '
                                    'exports to files go through -j of them, exports to stdout still run --stride')
    args = ap.parse_args()
    formats = [f for f in args.formats.split(',') if f]
    for f in formats:
        if f not in EXT:
            ap.error(f'unknown format {f}')
    if not args.selftest and not args.stride:
        ap.error('--stride is required (or --selftest)')
    ok, errors, skipped, zipped = load_corpus(args.shared, args.only)
    for s in skipped:
        print(f'SKIP {s} (no Arrow mapping in the contract)')
    if args.selftest:
        ok += [c for c in synthetic_cases() if not args.only or args.only in c.name]
    jobs = build_jobs(ok, errors, formats, zipped)
    work = tempfile.mkdtemp(prefix='stride-export-check.')
    ck = Checker(args.quiet_notes)
    t0 = time.monotonic()
    per_format = {}
    try:
        if args.selftest:
            for n, job in enumerate(jobs):
                d = os.path.join(work, str(n))
                os.makedirs(d, exist_ok=True)
                dst = os.path.join(d, 'out.' + EXT[job.fmt])
                rc, out, err = emulate(job, dst, n)
                judge(ck, job, dst, rc, out, err)
                if not args.keep:
                    shutil.rmtree(d)
            selftest_mutations(ok, formats, work)
        else:
            batches = Batches(args.batch, args.j) if args.batch else None
            with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
                futures = [pool.submit(run_job, args.stride, job, work, n, batches) for n, job in enumerate(jobs)]
                for fut in concurrent.futures.as_completed(futures):
                    job, dst, rc, out, err, secs = fut.result()
                    per_format[job.label.split(' ')[0]] = per_format.get(job.label.split(' ')[0], 0) + secs
                    judge(ck, job, dst, rc, out, err)
                    if not args.keep:
                        shutil.rmtree(os.path.dirname(dst), ignore_errors=True)
            if batches:
                batches.close()
    finally:
        if args.keep:
            print(f'outputs kept in {work}')
        else:
            shutil.rmtree(work, ignore_errors=True)
    if args.reps or args.selftest:
        print_reps(ck)
    wall = time.monotonic() - t0
    timing = ', '.join(f'{f} {s:.0f} s' for f, s in sorted(per_format.items()))
    print(f'{len(ok)} cases, {len(errors)} error cases, {len(jobs)} exports, {ck.checks} checks: '
          f'{len(ck.failures)} failed, {len(ck.notes)} notes; {wall:.0f} s'
          + (f' (export time by format, summed over workers: {timing})' if timing else ''))
    sys.exit(1 if ck.failures else 0)


if __name__ == '__main__':
    if sys.argv[1:2] == ['--fake-stride']:
        fake_stride(sys.argv[2:])
    else:
        main()
