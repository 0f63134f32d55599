package dev.stride;

import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.OldFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;

import static dev.stride.testing.Doc.field;
import static dev.stride.testing.Doc.struct;

/**
 * A random array of records of every kind a predicate tests (int32, uint64, float64, float32, bool, datetime64[s] with
 * NaT, a nested int8 and float16), in one or two dimensions and a random chunking, some chunks never written, written
 * byte by byte as the spec lays chunks out (not by Stride's writer). Values cluster by chunk, as sorted data does, so
 * statistics have chunks to rule out, and include NaN, -0.0, infinities and the extremes of each type.
 */
final class RandomRecords {
    static final String TYPE = struct(field("n", "'int32'"), field("u", "'uint64'"), field("x", "'float64'"), field("f", "'float32'"),
            field("b", "'bool'"), field("t", "{'name': 'numpy.datetime64', 'configuration': {'unit': 's', 'scale_factor': 1}}"),
            field("p", struct(field("k", "'int8'"), field("h", "'float16'"))));
    static final String FILL = "{'n': 7, 'u': 0, 'x': 'NaN', 'f': 1.5, 'b': true, 't': 'NaT', 'p': {'k': -1, 'h': 0}}";
    static final WhereOracle.Values FILL_VALUES = new WhereOracle.Values(7, 0, Double.NaN, 1.5f, true, Long.MIN_VALUE, -1, 0, null);
    /** 2026-03-01T00:00Z, where the times start. */
    static final long MARCH = 1_772_323_200L;

    final Random random;
    final long[] shape;
    final long[] chunks;
    final long[] grid;
    final WhereOracle.Values[] values;
    final Set<Long> written = new HashSet<>();
    /** Files written since the last {@link #backdate}. */
    private final Set<Path> fresh = new HashSet<>();
    final Path dir;

    RandomRecords(Random random, Path dir) {
        this.random = random;
        this.dir = dir;
        int rank = 1 + random.nextInt(2);
        shape = new long[rank];
        chunks = new long[rank];
        grid = new long[rank];
        for (int d = 0; d < rank; d++) {
            shape[d] = rank == 1 ? 1 + random.nextInt(400) : 1 + random.nextInt(24);
            chunks[d] = 1 + random.nextInt((int) Math.min(shape[d] + 3, rank == 1 ? 80 : 9));
            grid[d] = (shape[d] + chunks[d] - 1) / chunks[d];
        }
        values = new WhereOracle.Values[(int) Arrays.stream(shape).reduce(1, Math::multiplyExact)];
        Arrays.fill(values, FILL_VALUES);
        String doc = Doc.array(TYPE, Arrays.toString(shape), Arrays.toString(chunks), FILL, Doc.BYTES_LE).json();
        write("zarr.json", doc.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        long count = Arrays.stream(grid).reduce(1, Math::multiplyExact);
        for (long c = 0; c < count; c++) {
            if (random.nextInt(6) != 0) {
                rewrite(c);
            }
        }
    }

    long chunkCount() {
        return Arrays.stream(grid).reduce(1, Math::multiplyExact);
    }

    /** The grid coordinates of chunk number {@code c}. */
    long[] chunk(long c) {
        return unravel(c, grid, new long[grid.length]);
    }

    /** The coordinates of element {@code n} (C order) of a box of {@code shape} starting at {@code start}. */
    static long[] unravel(long n, long[] shape, long[] start) {
        long[] at = new long[shape.length];
        for (int d = shape.length - 1; d >= 0; d--) {
            at[d] = start[d] + n % shape[d];
            n /= shape[d];
        }
        return at;
    }

    String key(long c) {
        StringBuilder k = new StringBuilder("c");
        for (long at : chunk(c)) {
            k.append('/').append(at);
        }
        return k.toString();
    }

    /** Writes chunk {@code c} anew with fresh values (through a rename, as writers replace files). */
    void rewrite(long c) {
        long[] at = chunk(c);
        int level = random.nextInt(10);
        Enc e = Enc.le();
        long[] inChunk = new long[at.length];
        while (true) {
            long[] element = new long[at.length];
            boolean inside = true;
            for (int d = 0; d < at.length; d++) {
                element[d] = at[d] * chunks[d] + inChunk[d];
                inside &= element[d] < shape[d];
            }
            WhereOracle.Values v = record(level, element);
            if (inside) {
                values[(int) position(element)] = v;
            } else {
                v = record(random.nextInt(10), element);  // padding beyond the edge: no reader may count it
            }
            e.i32(v.n()).i64(v.u()).f64(v.x()).f32(v.f()).bool(v.b()).i64(v.t()).i8(v.k()).f16(v.h());
            int d = at.length - 1;
            while (d >= 0 && ++inChunk[d] == chunks[d]) {
                inChunk[d--] = 0;
            }
            if (d < 0) {
                break;
            }
        }
        written.add(c);
        write(key(c), e.bytes());
    }

    /**
     * Dates the files written since the last call {@code minutes} back: a store vouches only for files older than its
     * clock's tick, and a test should not wait for that.
     */
    void backdate(int minutes) {
        FileTime then = FileTime.fromMillis(System.currentTimeMillis() - minutes * 60_000L);
        try {
            for (Path file : fresh) {
                Files.setLastModifiedTime(file, then);
            }
            OldFiles.settle();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        fresh.clear();
    }

    /** Deletes chunk {@code c}: its records become the fill value. */
    void delete(long c) {
        try {
            Files.deleteIfExists(dir.resolve(key(c)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        written.remove(c);
        long[] at = chunk(c);
        for (int p = 0; p < values.length; p++) {
            long[] element = coordinates(p);
            boolean in = true;
            for (int d = 0; d < at.length; d++) {
                in &= element[d] / chunks[d] == at[d];
            }
            if (in) {
                values[p] = FILL_VALUES;
            }
        }
    }

    long position(long[] element) {
        long p = 0;
        for (int d = 0; d < shape.length; d++) {
            p = p * shape[d] + element[d];
        }
        return p;
    }

    long[] coordinates(long p) {
        return unravel(p, shape, new long[shape.length]);
    }

    /** The values of record {@code p} with its coordinates, for the oracle. */
    WhereOracle.Values at(int p) {
        WhereOracle.Values v = values[p];
        return new WhereOracle.Values(v.n(), v.u(), v.x(), v.f(), v.b(), v.t(), v.k(), v.h(), coordinates(p));
    }

    private WhereOracle.Values record(int level, long[] element) {
        Random r = random;
        int n = r.nextInt(20) == 0 ? (r.nextBoolean() ? Integer.MIN_VALUE : Integer.MAX_VALUE) : level * 10 + r.nextInt(10);
        long u = r.nextInt(20) == 0 ? (r.nextBoolean() ? -1L : Long.MIN_VALUE) : level * 10L + r.nextInt(10);
        double x = switch (r.nextInt(24)) {
            case 0 -> Double.NaN;
            case 1 -> -0.0;
            case 2 -> 0.0;
            case 3 -> r.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
            case 4 -> r.nextBoolean() ? Double.MAX_VALUE : -Double.MAX_VALUE;
            case 5 -> Double.MIN_VALUE;
            case 6 -> 0.1;
            default -> level + r.nextInt(8) / 8.0;
        };
        float f = switch (r.nextInt(16)) {
            case 0 -> Float.NaN;
            case 1 -> -0.0f;
            case 2 -> 0.1f;
            case 3 -> Float.MAX_VALUE;
            default -> level - r.nextInt(4) / 4.0f;
        };
        long t = r.nextInt(12) == 0 ? Long.MIN_VALUE : MARCH + level * 86_400L + r.nextInt(86_400);
        int k = r.nextInt(30) == 0 ? -128 : level * 10 - 50 + r.nextInt(10);
        float h = r.nextInt(15) == 0 ? Float.NaN : level - 4 + r.nextInt(4) / 2.0f;
        boolean b = level % 3 == 0 ? r.nextBoolean() : level % 2 == 0;
        return new WhereOracle.Values(n, u, x, f, b, t, k, h, element);
    }

    private void write(String key, byte[] bytes) {
        try {
            Path file = dir.resolve(key);
            Files.createDirectories(file.getParent());
            Path temp = Files.createTempFile(file.getParent(), ".tmp", "");
            Files.write(temp, bytes);
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            fresh.add(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
