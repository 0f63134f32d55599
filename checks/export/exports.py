"""The `stride export` runs of the export check: which exports to make of the corpus (formats, codecs, regions,
fields, zips, error cases), running them (as processes or through batch JVMs) and judging their result."""
import itertools, json, os, queue, shlex, subprocess, time

from checker import check_output
from corpus import V2

EXT = {'arrow': 'arrow', 'arrow-stream': 'arrows', 'parquet': 'parquet', 'csv': 'csv', 'jsonl': 'jsonl'}


class Job:
    """One `stride export` run and what to check in its output."""

    def __init__(self, case, fmt, label=None, extra=(), to_stdout=False, infer=False, region=None, fields=None,
                 codec=None, expect_error=False):
        self.case, self.fmt, self.extra, self.to_stdout, self.infer = case, fmt, list(extra), to_stdout, infer
        self.region, self.fields, self.codec, self.expect_error = region, fields, codec, expect_error
        self.label = label or fmt

    def argv(self, stride, dst):
        args = [stride, 'export', self.case.dir, '-' if self.to_stdout else dst]
        if not self.infer:
            args += ['--format', self.fmt]
        if self.region is not None:
            args += ['--region', self.region]
        if self.fields:
            args += ['--fields', ','.join(self.fields)]
        return args + self.extra


def build_jobs(cases, errors, formats, zipped=()):
    # every case as an Arrow file and as Parquet (each export is a JVM start, ~0.8 s); the streaming formats, which
    # share the file format's code, on one case per distinct data type, to a file and through stdout
    firsts = {}
    for c in cases:
        firsts.setdefault(json.dumps(c.meta['data_type'], sort_keys=True), c)
    jobs = []
    for c in cases:
        for fmt in formats:
            if fmt in ('arrow', 'parquet') or c in firsts.values():
                jobs.append(Job(c, fmt))
        for fmt in ('arrow-stream', 'csv', 'jsonl'):  # the formats that can go to a pipe
            if fmt in formats and c in firsts.values():
                jobs.append(Job(c, fmt, f'stdout {fmt}', to_stdout=True))
    # Parquet's other codecs and the extension inference on one case per distinct data type; regions on a few
    # multi-dimensional cases; --fields on struct cases
    for c in firsts.values():
        if 'parquet' in formats:
            for codec in ('snappy', 'none'):
                jobs.append(Job(c, 'parquet', f'parquet {codec}', extra=['--compression', codec], codec=codec))
    some = list(firsts.values())
    for fmt, c in zip(formats, itertools.cycle(some[:3])):
        jobs.append(Job(c, fmt, f'{fmt} by extension', infer=True))
    big = [c for c in cases if c.shape and min(c.shape) >= 4]
    regional = [c for c in big if len(c.shape) == 3][:1] + [c for c in big if len(c.shape) == 2][:2] + [
        c for c in big if len(c.shape) == 1 and c.type.kind == 'struct'][:2]
    for c in regional:
        # an index keeps its dimension (size 1), slices count from the end when negative, as Region.parse does
        region = '1:-1' if len(c.shape) == 1 else f'{c.shape[0] // 2},' + ','.join(['1:-2'] * (len(c.shape) - 1))
        for fmt in formats:
            jobs.append(Job(c, fmt, f'{fmt} region {region}', region=region))
    structs = [c for c in cases if c.type.kind == 'struct' and len(c.type.fields) >= 2]
    v2 = [c for c in structs if c.name.startswith(V2)]
    for c in structs[:4] + ([max(v2, key=lambda c: len(c.type.fields))] if v2 else []):
        names = [c.type.fields[-1][0], c.type.fields[0][0]]
        for fmt in formats:
            jobs.append(Job(c, fmt, f'{fmt} fields {",".join(names)}', fields=names))
    # an array inside a zip file: the one from its parent's folder as an Arrow file, the other as Parquet
    for c, fmt in zip(zipped, itertools.cycle(f for f in ('arrow', 'parquet') if f in formats)):
        jobs.append(Job(c, fmt, f'{fmt} in a zip'))
    for c in errors:
        for fmt in formats:
            jobs.append(Job(c, fmt, f'{fmt} error', expect_error=True))
        jobs.append(Job(c, 'arrow-stream', 'stdout arrow-stream error', to_stdout=True, expect_error=True))
    return jobs


class Batches:
    """JVMs that each run many command lines (cli's CommandBatch), lent to one worker at a time: a JVM start per
    export (~1 s) would make the whole check take minutes. Exports to stdout still run as processes of their own."""

    def __init__(self, command, n):
        self.idle = queue.Queue()
        self.all = []
        for _ in range(n):
            p = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                 encoding='utf-8')
            self.all.append(p)
            self.idle.put(p)

    def run(self, argv):
        p = self.idle.get()
        try:
            p.stdin.write(json.dumps(argv[1:]) + '\n')
            p.stdin.flush()
            line = p.stdout.readline()
            if not line:
                return None, b'', b'the batch JVM ended'
            a = json.loads(line)
            return a['rc'], a['out'].encode(), a['err'].encode()
        finally:
            self.idle.put(p)

    def close(self):
        for p in self.all:
            p.stdin.close()
            p.wait(timeout=60)


def run_job(stride, job, work, n, batches=None):
    d = os.path.join(work, str(n))
    os.makedirs(d, exist_ok=True)
    dst = os.path.join(d, 'out.' + EXT[job.fmt])
    t0 = time.monotonic()
    if batches is not None and not job.to_stdout:
        rc, out, err = batches.run(job.argv(stride, dst))
        return job, dst, rc, out, err, time.monotonic() - t0
    try:
        p = subprocess.run(job.argv(stride, dst), capture_output=True, timeout=600)
        rc, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        rc, out, err = None, b'', b'timed out after 600 s'
    return job, dst, rc, out, err, time.monotonic() - t0


def judge(ck, job, dst, rc, out, err):
    if job.expect_error:
        ck.checks += 1
        msg = err.decode('utf-8', 'replace').strip()
        if rc == 0:
            ck.fail(job, 'stride', 'exit status 0 for a case that must be refused')
        elif rc != 1:
            ck.fail(job, 'stride', f'exit status {rc}, expected 1: {msg[-300:]}')
        if rc != 0 and not msg:
            ck.fail(job, 'stride', 'refused without a message on stderr')
        if job.to_stdout:
            if out:
                ck.note(job, f'refused after writing {len(out)} bytes to stdout')
        elif os.path.exists(dst):
            size = os.path.getsize(dst)
            if size:
                ck.fail(job, 'stride', f'refused but left a {size}-byte {os.path.basename(dst)}')
            else:
                ck.note(job, 'refused and left an empty output file')
        return
    if job.case.optional and rc == 1 and err.strip():
        return  # an optional codec or type refused clearly
    if rc != 0:
        ck.fail(job, 'stride', f'exit status {rc}: {err.decode("utf-8", "replace").strip()[-400:]}')
        return
    check_output(ck, job, None if job.to_stdout else dst, out if job.to_stdout else None)
