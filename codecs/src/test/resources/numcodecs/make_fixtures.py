"""Writes the numcodecs fixtures of stride-codecs' tests with numcodecs itself, the reference Zarr v2 codecs.

Run with a Python that has numpy and numcodecs (../shared/peers/setup.sh makes one): python make_fixtures.py.
Each case is <name>.enc (what numcodecs' encode wrote, or a damaged copy) and, when it decodes, what numcodecs'
decode makes of it (<name>.dec, or payload.bin for the compressors), the bytes Stride must produce exactly. cases.json
lists them: the codec as zarr-python 3 names it, the decoded data type for filters, the value before encoding
(<name>.src, which Stride's encoder must turn into <name>.enc where it encodes as numcodecs does), the size a reader
expects, and what it must do with the damaged ones.
"""
import bz2
import gzip
import json
import lzma
import pathlib
import zlib

import numcodecs
import numpy as np

OUT = pathlib.Path(__file__).resolve().parent
CASES = {}


def write(name, data):
    (OUT / name).write_bytes(bytes(data))


def entry(codec):
    config = dict(codec.get_config())
    return {"name": "numcodecs." + config.pop("id"), "configuration": config}


def case(name, codec, encoded, decoded=None, dtype=None, source=None, error=None, expected_size=None):
    write(name + ".enc", encoded)
    meta = {"codec": entry(codec)}
    if decoded == payload():
        meta["decoded"] = "payload.bin"
    elif decoded is not None:
        write(name + ".dec", decoded)
        meta["decoded"] = name + ".dec"
    if source is not None:
        write(name + ".src", source)
        meta["source"] = name + ".src"
    if dtype is not None:
        meta["dtype"] = np.dtype(dtype).str
    if error is not None:
        meta["error"] = error
    if expected_size is not None:
        meta["expected_size"] = expected_size
    CASES[name] = meta


def payload():
    # 2 KiB of int32 that compress well, then 512 bytes that do not
    ramp = (np.arange(512, dtype="<i4") * 7) % 1000
    state, noise = 12345, bytearray()
    for _ in range(512):
        state = (state * 1103515245 + 12345) % 2**31
        noise.append(state >> 16 & 0xFF)
    return ramp.tobytes() + bytes(noise)


def compressors():
    data = payload()
    codecs = {
        "zlib-1": numcodecs.Zlib(level=1), "zlib-5": numcodecs.Zlib(level=5), "zlib-9": numcodecs.Zlib(level=9),
        "gzip-1": numcodecs.GZip(level=1), "gzip-5": numcodecs.GZip(level=5),
        "bz2-1": numcodecs.BZ2(level=1), "bz2-5": numcodecs.BZ2(level=5), "bz2-9": numcodecs.BZ2(level=9),
        "lzma-default": numcodecs.LZMA(),
        "lzma-preset1-nocheck": numcodecs.LZMA(preset=1, check=lzma.CHECK_NONE),
        "lzma-crc32": numcodecs.LZMA(check=lzma.CHECK_CRC32),
        "lzma-sha256": numcodecs.LZMA(check=lzma.CHECK_SHA256),
        "lzma-alone": numcodecs.LZMA(format=lzma.FORMAT_ALONE),
        "lzma-delta-filters": numcodecs.LZMA(filters=[{"id": lzma.FILTER_DELTA, "dist": 4},
                                                     {"id": lzma.FILTER_LZMA2, "preset": 1}]),
        "lz4-1": numcodecs.LZ4(acceleration=1), "lz4-10": numcodecs.LZ4(acceleration=10),
    }
    for name, codec in codecs.items():
        encoded = codec.encode(data)
        # numcodecs cannot read its own xz with filters (Python's lzma takes filters for raw streams only): the stream
        # names its filters, and lzma.decompress reads it
        decoded = lzma.decompress(encoded) if name == "lzma-delta-filters" else codec.decode(encoded)
        assert bytes(decoded) == data
        case(name, codec, encoded, data, expected_size=len(data))
        # cut short: every decoder must notice the missing end
        case(name + ".truncated", codec, encoded[: len(encoded) // 2], error="corrupt", expected_size=len(data))
    # a flipped bit in the compressed body is caught by the format's check (none for lz4 and lzma without one)
    for name in ("zlib-1", "gzip-1", "bz2-1", "lzma-default", "lzma-crc32"):
        encoded = bytearray(codecs[name].encode(data))
        encoded[len(encoded) // 2] ^= 0x10
        case(name + ".flipped", codecs[name], encoded, error="corrupt", expected_size=len(data))
    # concatenated streams: Python's decoders (and so numcodecs') read them as one value
    half = len(data) // 2
    for name, compress in (("gzip", gzip.compress), ("bz2", bz2.compress), ("lzma", lzma.compress)):
        codec = {"gzip": numcodecs.GZip(), "bz2": numcodecs.BZ2(), "lzma": numcodecs.LZMA()}[name]
        encoded = compress(data[:half]) + compress(data[half:])
        assert bytes(codec.decode(encoded)) == data
        case(name + ".two-streams", codec, encoded, data, expected_size=len(data))
    # numcodecs' lz4 header says the decoded size: one that lies either way
    encoded = bytearray(codecs["lz4-1"].encode(data))
    encoded[0:4] = (2**31 - 1).to_bytes(4, "little")
    case("lz4-1.huge-header", codecs["lz4-1"], encoded, error="corrupt", expected_size=len(data))
    encoded[0:4] = (len(data) - 1).to_bytes(4, "little")
    case("lz4-1.short-header", codecs["lz4-1"], encoded, error="corrupt", expected_size=len(data))


def bombs():
    # 1 MiB of zeros where a chunk of 4 KiB is expected: refused after the 4 KiB, whatever they would inflate to
    zeros = bytes(1 << 20)
    for name, codec in (("zlib", numcodecs.Zlib(level=9)), ("gzip", numcodecs.GZip(level=9)),
                        ("bz2", numcodecs.BZ2(level=9)), ("lzma", numcodecs.LZMA(preset=9)),
                        ("lz4", numcodecs.LZ4())):
        case(name + ".bomb", codec, codec.encode(zeros), error="corrupt", expected_size=4096)
    # an xz block header asking for a 1 GiB dictionary (its CRC32 made right), which a decoder must not allocate
    encoded = bytearray(lzma.compress(payload()))
    start = 12
    size = (encoded[start] + 1) * 4
    header = encoded[start:start + size]
    # flags, then filter flags: id 0x21 (LZMA2), props size 1, the dictionary size byte
    assert header[2] == 0x21 and header[3] == 1
    header[4] = 36
    header[size - 4:] = zlib.crc32(bytes(header[:size - 4])).to_bytes(4, "little")
    encoded[start:start + size] = header
    case("lzma.huge-dictionary", numcodecs.LZMA(), encoded, error="corrupt", expected_size=len(payload()))


def filter_case(name, codec, values, encodes=True):
    values = np.asarray(values)
    encoded = codec.encode(values.copy())
    encoded = np.ascontiguousarray(encoded)
    decoded = codec.decode(encoded.tobytes())
    decoded = np.asarray(decoded).reshape(-1).view(values.dtype) if np.asarray(decoded).dtype == np.uint8 else np.asarray(decoded)
    assert decoded.dtype == values.dtype, (name, decoded.dtype, values.dtype)
    case(name, codec, encoded.tobytes(), decoded.tobytes(), dtype=values.dtype,
         source=values.tobytes() if encodes else None)


def filters():
    rng = np.random.default_rng(41)
    walk = np.cumsum(rng.integers(-50, 50, 200)).astype("<i2")
    filter_case("delta-i2", numcodecs.Delta(dtype="<i2"), walk)
    filter_case("delta-i4-as-i1", numcodecs.Delta(dtype="<i4", astype="<i1"), np.cumsum(rng.integers(-60, 60, 200)).astype("<i4"))
    filter_case("delta-u2-wraps", numcodecs.Delta(dtype="<u2"), (np.arange(200, dtype="<u4") * 977 % 65536).astype("<u2"))
    filter_case("delta-i8-as-i2", numcodecs.Delta(dtype="<i8", astype="<i2"), np.cumsum(rng.integers(-9000, 9000, 100)).astype("<i8"))
    filter_case("delta-be-i4", numcodecs.Delta(dtype=">i4"), (walk.astype("<i4") * 1000).astype(">i4"))
    filter_case("delta-f8", numcodecs.Delta(dtype="<f8"), np.cumsum(rng.normal(0, 1, 150)))
    filter_case("delta-f4", numcodecs.Delta(dtype="<f4"), np.cumsum(rng.normal(0, 1, 150)).astype("<f4"))
    filter_case("delta-f2", numcodecs.Delta(dtype="<f2"), (rng.normal(0, 10, 100)).astype("<f2"))
    filter_case("delta-u1-as-i2", numcodecs.Delta(dtype="|u1", astype="<i2"), rng.integers(0, 256, 100).astype("u1"))

    x = np.linspace(1000, 1001, 200, dtype="<f8")
    filter_case("fixedscaleoffset-f8-u1", numcodecs.FixedScaleOffset(offset=1000, scale=10, dtype="<f8", astype="u1"), x)
    filter_case("fixedscaleoffset-f8-u2", numcodecs.FixedScaleOffset(offset=1000, scale=10**3, dtype="<f8", astype="<u2"), x)
    f4 = (rng.normal(0, 100, 200)).astype("<f4")
    filter_case("fixedscaleoffset-f4-i2", numcodecs.FixedScaleOffset(offset=0, scale=10, dtype="<f4", astype="<i2"), f4)
    filter_case("fixedscaleoffset-f4-i2-offset", numcodecs.FixedScaleOffset(offset=1000, scale=10, dtype="<f4", astype="<i2"), f4 + 1000)
    filter_case("fixedscaleoffset-f8-i4-float-scale", numcodecs.FixedScaleOffset(offset=-2.5, scale=0.37, dtype="<f8", astype="<i4"), rng.normal(0, 1000, 200))
    filter_case("fixedscaleoffset-f4-f4", numcodecs.FixedScaleOffset(offset=0.5, scale=2.5, dtype="<f4", astype="<f4"), f4)
    filter_case("fixedscaleoffset-i4-i1", numcodecs.FixedScaleOffset(offset=100, scale=1, dtype="<i4", astype="<i1"), rng.integers(0, 200, 200).astype("<i4"))
    filter_case("fixedscaleoffset-f8-i4", numcodecs.FixedScaleOffset(offset=1, scale=100, dtype="float64", astype="int32"), rng.normal(0, 3, 100))

    for keepbits, dtype in ((3, "<f4"), (0, "<f4"), (23, "<f4"), (10, "<f8"), (51, "<f8"), (5, "<f2")):
        filter_case(f"bitround-{np.dtype(dtype).name}-{keepbits}", numcodecs.BitRound(keepbits=keepbits),
                    rng.normal(0, 1000, 120).astype(dtype))

    for digits, dtype, astype in ((2, "<f8", "<f8"), (1, "<f4", "<f4"), (3, "<f8", "<f4"), (-1, "<f8", "<f8"), (4, "<f4", "<f2")):
        filter_case(f"quantize-{digits}-{np.dtype(dtype).name}-{np.dtype(astype).name}",
                    numcodecs.Quantize(digits=digits, dtype=dtype, astype=astype), rng.normal(0, 10, 120).astype(dtype))

    for enc, dec, values in (("<f4", "<f8", rng.normal(0, 1e6, 100)), ("<i2", "<i8", rng.integers(-30000, 30000, 100)),
                             ("<i4", "<f8", rng.normal(0, 1e6, 100)), ("|u1", "<f4", rng.integers(0, 255, 100)),
                             ("<f2", "<f8", rng.normal(0, 100, 100)), ("<i1", "<i4", rng.integers(-300, 300, 100))):
        filter_case(f"astype-{np.dtype(enc).name}-{np.dtype(dec).name}",
                    numcodecs.AsType(encode_dtype=enc, decode_dtype=dec), np.asarray(values).astype(dec))


def shuffles():
    data = payload()[:960]
    for size in (1, 2, 3, 4, 8, 16):
        codec = numcodecs.Shuffle(elementsize=size)
        encoded = bytes(codec.encode(data))
        case(f"shuffle-{size}", codec, encoded, bytes(codec.decode(encoded)), source=data, expected_size=len(data))
    case("shuffle-4.ragged", numcodecs.Shuffle(elementsize=4), bytes(numcodecs.Shuffle(elementsize=4).encode(data))[:958],
         error="corrupt", expected_size=958)


def main():
    for old in OUT.glob("*.enc"):
        old.unlink()
    for old in list(OUT.glob("*.dec")) + list(OUT.glob("*.src")):
        old.unlink()
    write("payload.bin", payload())
    compressors()
    bombs()
    filters()
    shuffles()
    (OUT / "cases.json").write_text(json.dumps({"numcodecs": numcodecs.__version__, "numpy": np.__version__,
                                                "cases": CASES}, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
