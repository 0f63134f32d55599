"""Chunk statistics read by an independent reader: numpy writes a Zarr v2 record array by hand (its own bytes, numcodecs'
zstd), `stride index` computes the statistics, and this script reads stride.statistics.json with the json module and
compares every chunk's count, NaN/NaT count, min and max with numpy's own over the chunk's records; then `stride scan
--where` against numpy's evaluation of the same predicates. The same again for the statistics Stride's writer stores
as `stride copy` writes the array as Zarr v3. Exit status 0 when all agree, 1 otherwise.

    check_statistics.py --stride ./stride WORKDIR
"""
import argparse
import json
import os
import subprocess
import sys
import time

import numcodecs
import numpy as np

DTYPE = np.dtype([("n", "<i4"), ("u", "<u8"), ("x", "<f8"), ("f", "<f4"), ("b", "?"), ("t", "<M8[s]"),
                  ("p", [("k", "i1"), ("h", "<f2")])])
MARCH = np.datetime64("2026-03-01T00:00:00", "s")


def records(shape, rng):
    """Values sorted along the first dimension by time, with NaN, -0.0, infinities, NaT and each type's extremes."""
    size = int(np.prod(shape))
    a = np.zeros(size, dtype=DTYPE)
    order = np.arange(size)
    a["n"] = order // 7 + rng.integers(0, 5, size)
    a["u"] = np.where(rng.random(size) < 0.02, np.uint64(2**64 - 1), order.astype(np.uint64) * np.uint64(3))
    x = order / 10.0 + rng.random(size)
    specials = np.array([np.nan, -0.0, np.inf, -np.inf, np.finfo(np.float64).max, 5e-324])
    pick = rng.random(size) < 0.05
    x[pick] = rng.choice(specials, pick.sum())
    a["x"] = x
    a["f"] = (order % 13).astype(np.float32) - np.float32(6.5)
    a["f"][rng.random(size) < 0.03] = np.float32("nan")
    a["b"] = (order // 50) % 2 == 0
    t = MARCH + (order * 60).astype("timedelta64[s]")
    t[rng.random(size) < 0.04] = np.datetime64("NaT")
    a["t"] = t
    a["p"]["k"] = (order % 200 - 100).astype(np.int8)
    a["p"]["h"] = np.where(rng.random(size) < 0.05, np.float16("nan"), (order % 9).astype(np.float16) / 2)
    return a.reshape(shape)


def write_v2(path, array, chunks):
    """A Zarr v2 array of records, every chunk written (edge chunks padded as the spec says), zstd by numcodecs."""
    os.makedirs(path, exist_ok=True)
    meta = {"zarr_format": 2, "shape": list(array.shape), "chunks": list(chunks), "dtype": DTYPE.descr,
            "compressor": {"id": "zstd", "level": 1}, "fill_value": None, "order": "C", "filters": None}
    with open(os.path.join(path, ".zarray"), "w") as out:
        json.dump(meta, out)
    codec = numcodecs.Zstd(level=1)
    grid = [-(-array.shape[d] // chunks[d]) for d in range(array.ndim)]
    for index in np.ndindex(*grid):
        block = np.zeros(chunks, dtype=DTYPE)
        part = array[tuple(slice(i * c, (i + 1) * c) for i, c in zip(index, chunks))]
        block[tuple(slice(0, s) for s in part.shape)] = part
        with open(os.path.join(path, ".".join(map(str, index))), "wb") as out:
            out.write(codec.encode(block.tobytes()))
    # a store vouches for a file's time only once its clock has moved on: date them back rather than wait, then let the
    # change time (which dating moves to now) age past the tenth of a second fine file system clocks need
    then = time.time() - 3600
    for name in os.listdir(path):
        os.utime(os.path.join(path, name), (then, then))
    time.sleep(0.15)


def leaf(values, path):
    for name in path.split("."):
        values = values[name]
    return values


def expected(values):
    """count, NaN/NaT count, min and max of the others (None when there are none), as numpy computes them."""
    flat = values.ravel()
    if flat.dtype.kind == "f":
        missing = np.isnan(flat)
    elif flat.dtype.kind == "M":
        missing = np.isnat(flat)
    else:
        missing = np.zeros(flat.shape, bool)
    rest = flat[~missing]
    if rest.size == 0:
        return flat.size, int(missing.sum()), None, None
    if flat.dtype.kind == "M":
        rest = rest.astype("int64")
    return flat.size, int(missing.sum()), rest.min(), rest.max()


def same(stored, numpy_value):
    if numpy_value is None or stored is None:
        return stored is None and numpy_value is None
    if isinstance(stored, str):
        stored = float(stored)  # "Infinity", "-Infinity"
    if isinstance(numpy_value, (np.bool_, bool)):
        return stored is bool(numpy_value)
    if isinstance(numpy_value, np.floating):
        return float(stored) == float(numpy_value)
    return stored == int(numpy_value)


def chunk_files(path):
    """The chunk keys of a Zarr v2 array (names beside .zarray) or a v3 one (files below c/), as paths relative to it."""
    if os.path.exists(os.path.join(path, ".zarray")):
        return sorted(n for n in os.listdir(path) if not n.startswith(".") and n != "stride.statistics.json")
    below = os.path.join(path, "c")
    return sorted(os.path.relpath(os.path.join(d, n), path).replace(os.sep, "/") for d, _, names in os.walk(below) for n in names)


def check_statistics(path, array, chunks, tagged):
    """The document beside the array against numpy; with `tagged`, every chunk must carry a version tag."""
    with open(os.path.join(path, "stride.statistics.json")) as f:
        doc = json.load(f)
    problems = []
    if doc["format"] != "stride.statistics" or doc["version"] != 2:
        problems.append(f"format {doc['format']} version {doc['version']}")
    keys = sorted(e["key"] for e in doc["chunks"])
    on_disk = chunk_files(path)
    if keys != on_disk:
        problems.append(f"entries for {keys[:5]}..., chunk files {on_disk[:5]}...")
    fields = ["n", "u", "x", "f", "b", "t", "p.k", "p.h"]
    for entry in doc["chunks"]:
        box = tuple(slice(i * c, (i + 1) * c) for i, c in zip(entry["chunk"], chunks))
        part = array[box]
        if entry["records"] != part.size or entry["size"] != os.path.getsize(os.path.join(path, entry["key"])):
            problems.append(f"{entry['key']}: records {entry['records']} size {entry['size']}")
        if tagged and entry["version"] is None:
            problems.append(f"{entry['key']}: no version tag")
        for field in fields:
            s = entry["fields"][field]
            count, nan, lo, hi = expected(leaf(part, field))
            got = (s["count"], s["nan_count"])
            if got != (count, nan) or not same(s["min"], lo) or not same(s["max"], hi):
                problems.append(f"{entry['key']} {field}: stored {s}, numpy count {count} nan {nan} min {lo!r} max {hi!r}")
    return problems, len(doc["chunks"])


def check_where(stride, path, array, must_skip):
    """stride scan --where against numpy's count of the same records (predicates where numpy's NaN and NaT rules agree)."""
    cases = [
        ("n >= 300 and t < 2026-03-05", (array["n"] >= 300) & (array["t"] < np.datetime64("2026-03-05"))),
        ("isnan(x) or p.k = 3", np.isnan(array["x"]) | (array["p"]["k"] == 3)),
        ("u > 18446744073709551614", array["u"] > np.uint64(2**64 - 2)),
        ("x < 0.5 and b = false", (array["x"] < 0.5) & ~array["b"]),
        ("t between 2026-03-02T00:00 and 2026-03-02T01:00", (array["t"] >= np.datetime64("2026-03-02T00:00"))
         & (array["t"] <= np.datetime64("2026-03-02T01:00"))),
    ]
    problems = []
    skipped = 0
    for where, mask in cases:
        out = subprocess.run([stride, "scan", path, "--where", where, "--json"], check=True, capture_output=True, text=True).stdout
        report = json.loads(out)
        skipped += report["chunks_skipped"]
        if report["matched_records"] != int(mask.sum()):
            problems.append(f"--where {where!r}: stride matched {report['matched_records']}, numpy {int(mask.sum())}")
    if must_skip and skipped == 0:
        problems.append("no chunk was skipped by any predicate on data sorted by time")
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stride", required=True)
    parser.add_argument("work")
    args = parser.parse_args()
    rng = np.random.default_rng(42)
    status = 0
    for name, shape, chunks in [("flat", (5000,), (256,)), ("grid", (97, 31), (16, 8))]:
        path = os.path.join(args.work, name)
        array = records(shape, rng)
        write_v2(path, array, chunks)
        subprocess.run([args.stride, "index", path], check=True, stdout=subprocess.DEVNULL)
        problems, n = check_statistics(path, array, chunks, tagged=True)
        problems += check_where(args.stride, path, array, must_skip=True)
        # the writer's own: chunks it stored moments before it looked may have no tag yet, so nothing need be skipped
        copy = os.path.join(args.work, name + "-copy.zarr")
        subprocess.run([args.stride, "copy", path, copy], check=True, stdout=subprocess.DEVNULL)
        copied, m = check_statistics(copy, array, chunks, tagged=False)
        copied += check_where(args.stride, copy, array, must_skip=False)
        problems += [f"copy: {p}" for p in copied]
        for p in problems:
            print(f"{name}: {p}")
        print(f"{name}: {n} chunks indexed, {m} written by copy, statistics {'agree with numpy' if not problems else 'DISAGREE'}")
        status |= bool(problems)
    return status


if __name__ == "__main__":
    sys.exit(main())
