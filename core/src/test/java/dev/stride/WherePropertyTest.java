package dev.stride;

import dev.stride.model.FieldStats;
import dev.stride.model.FilteredScan;
import dev.stride.model.Predicate;
import dev.stride.model.Region;
import dev.stride.model.RunVisitor;
import dev.stride.model.ScanOptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Random arrays, chunkings and predicates: a read with chunk statistics gives exactly the records (and field statistics)
 * that a predicate evaluated record by record on the generated values gives, and so does a read without statistics;
 * then again after chunks are rewritten, deleted and written for the first time behind the statistics' back.
 */
class WherePropertyTest {
    private static final String[] FLOAT_FIELDS = {"x", "f", "p.h"};
    private static final String[] ALL_FIELDS = {"n", "u", "x", "f", "b", "t", "p.k", "p.h"};
    private static final int PREDICATES = 25;
    private static long skippedInAll;

    static LongStream seeds() {
        return LongStream.range(1, 41);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void statisticsNeverChangeTheResult(long seed, @TempDir Path dir) throws IOException {
        Random random = new Random(seed);
        RandomRecords data = new RandomRecords(random, dir);
        data.backdate(60);
        try (Zarr zarr = Zarr.open(dir.toString())) {
            ZarrArray array = zarr.array("/");
            ChunkStatistics stats = ChunkStatistics.build(array, ScanOptions.threads(1 + random.nextInt(3)));
            assertEquals(data.written.size(), stats.chunks(), "one entry per stored chunk");
            Files.write(dir.resolve(ChunkStatistics.SIDECAR), stats.toJson());
            check(data, random, zarr, "fresh statistics");
        }
        for (long c = 0; c < data.chunkCount(); c++) {
            switch (random.nextInt(5)) {
                case 0 -> data.rewrite(c);
                case 1 -> data.delete(c);
                default -> { }
            }
        }
        if (random.nextBoolean()) {
            data.backdate(30);  // else the rewritten chunks are too recent for their times to count
        }
        try (Zarr zarr = Zarr.open(dir.toString())) {
            check(data, random, zarr, "stale statistics");
        }
        if (seed == 40) {
            assertTrue(skippedInAll > 0, "some chunk was ruled out by its statistics");
        }
    }

    private static void check(RandomRecords data, Random random, Zarr zarr, String phase) {
        ZarrArray array = zarr.array("/");
        for (int q = 0; q < PREDICATES; q++) {
            Predicate p = predicate(random, data, 3);
            Region region = region(random, data.shape);
            ScanOptions options = ScanOptions.threads(1 + random.nextInt(3));
            List<Long> expected = new ArrayList<>();
            for (long i = 0; i < region.size(); i++) {
                long[] at = RandomRecords.unravel(i, region.shape(), region.start());
                if (Boolean.TRUE.equals(WhereOracle.eval(p, data.at((int) data.position(at))))) {
                    expected.add(i);
                }
            }
            String what = phase + ": " + p + " over " + region;
            FilteredArray with = array.where(p);
            FilteredArray without = with.withStatistics(null);
            List<Long> got = new ArrayList<>();
            with.forEachRecord(region, Long.MAX_VALUE, options, (index, records, i) -> got.add(index));
            assertEquals(expected, got, what);
            assertEquals(expected, matchingRuns(array, without, region), what + ", in runs of the units decoded");
            FilteredScan fast = with.scan(List.of(ALL_FIELDS), region, options);
            FilteredScan slow = without.scan(List.of(ALL_FIELDS), region, options);
            assertEquals(expected.size(), fast.records(), what);
            assertEquals(slow.fields(), fast.fields(), what);
            FieldStats n = fast.fields().getFirst();
            assertEquals(expected.size(), n.count(), what);
            if (!expected.isEmpty()) {
                assertEquals(expected.stream().mapToDouble(i -> valueN(data, region, i)).min().orElseThrow(), n.minAsDouble(), what);
                assertEquals(expected.stream().mapToDouble(i -> valueN(data, region, i)).max().orElseThrow(), n.maxAsDouble(), what);
            }
            skippedInAll += fast.chunksSkipped();
        }
    }

    /** The positions in {@code region} of the records {@link FilteredArray#matching} hands on from every unit's runs. */
    private static List<Long> matchingRuns(ZarrArray array, FilteredArray filter, Region region) {
        List<Long> found = new ArrayList<>();
        try (UnitCursor units = array.units(region)) {
            RunVisitor matching = filter.matching(region, (unit, first, count, out) -> LongStream.range(out, out + count).forEach(found::add));
            while (units.next()) {
                units.forEachRun(matching);
            }
        }
        found.sort(null);
        return found;
    }

    private static double valueN(RandomRecords data, Region region, long i) {
        return data.values[(int) data.position(RandomRecords.unravel(i, region.shape(), region.start()))].n();
    }

    private static Region region(Random random, long[] shape) {
        if (random.nextBoolean()) {
            return Region.all(shape);
        }
        long[] start = new long[shape.length];
        long[] stop = new long[shape.length];
        for (int d = 0; d < shape.length; d++) {
            start[d] = random.nextInt((int) shape[d]);
            stop[d] = start[d] + 1 + random.nextInt((int) (shape[d] - start[d]));
        }
        return new Region(start, stop);
    }

    static Predicate predicate(Random r, RandomRecords data, int depth) {
        int kind = r.nextInt(depth > 0 ? 9 : 5);
        String field = ALL_FIELDS[r.nextInt(ALL_FIELDS.length)];
        Predicate.Operand operand = r.nextInt(8) == 0 ? new Predicate.Index(r.nextInt(data.shape.length)) : new Predicate.Field(field);
        return switch (kind) {
            case 0, 1 -> new Predicate.Compare(operand, Predicate.Op.values()[r.nextInt(6)], literal(r, data, operand));
            case 2 -> new Predicate.Between(operand, literal(r, data, operand), literal(r, data, operand));
            case 3 -> new Predicate.In(operand, List.of(literal(r, data, operand), literal(r, data, operand)));
            case 4 -> r.nextBoolean() ? new Predicate.IsNaN(new Predicate.Field(FLOAT_FIELDS[r.nextInt(3)])) : new Predicate.IsNaT(new Predicate.Field("t"));
            case 5, 6 -> new Predicate.And(List.of(predicate(r, data, depth - 1), predicate(r, data, depth - 1)));
            case 7 -> new Predicate.Or(List.of(predicate(r, data, depth - 1), predicate(r, data, depth - 1)));
            default -> new Predicate.Not(predicate(r, data, depth - 1));
        };
    }

    /** A literal near the data: a value some record holds, a neighbour of it, a fraction between two, or a special. */
    private static Predicate.Literal literal(Random r, RandomRecords data, Predicate.Operand operand) {
        if (r.nextInt(10) == 0) {
            double[] specials = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
            return new Predicate.Special(specials[r.nextInt(3)]);
        }
        if (operand instanceof Predicate.Index(int d)) {
            return new Predicate.Number(BigDecimal.valueOf(r.nextInt((int) data.shape[d] + 2) - 1).add(r.nextBoolean() ? BigDecimal.ZERO : new BigDecimal("0.5")));
        }
        WhereOracle.Values v = data.values[r.nextInt(data.values.length)];
        String field = ((Predicate.Field) operand).path();
        return switch (field) {
            case "x", "f", "p.h" -> {
                double x = field.equals("x") ? v.x() : field.equals("f") ? v.f() : v.h();
                yield switch (r.nextInt(6)) {
                    case 0 -> new Predicate.Number(new BigDecimal("0.1"));
                    case 1 -> Double.isFinite(Math.nextUp(x)) ? new Predicate.Number(new BigDecimal(Math.nextUp(x))) : new Predicate.Special(Math.nextUp(x));
                    case 2 -> new Predicate.Number(new BigDecimal("-0.0"));
                    default -> Double.isFinite(x) ? new Predicate.Number(new BigDecimal(x)) : new Predicate.Special(x);
                };
            }
            case "b" -> r.nextBoolean() ? new Predicate.Bool(v.b()) : new Predicate.Number(BigDecimal.valueOf(r.nextInt(3)));
            case "t" -> {
                long t = v.t() == Long.MIN_VALUE ? RandomRecords.MARCH : v.t();
                yield switch (r.nextInt(3)) {
                    case 0 -> new Predicate.DateTime(Instant.ofEpochSecond(t, r.nextBoolean() ? 0 : 500_000_000));
                    case 1 -> new Predicate.DateTime(Instant.ofEpochSecond(t - t % 86_400));
                    default -> new Predicate.Number(BigDecimal.valueOf(t));
                };
            }
            default -> {
                BigDecimal exact = switch (field) {
                    case "n" -> BigDecimal.valueOf(v.n());
                    case "u" -> new BigDecimal(Long.toUnsignedString(v.u()));
                    default -> BigDecimal.valueOf(v.k());
                };
                yield new Predicate.Number(switch (r.nextInt(4)) {
                    case 0 -> exact.add(new BigDecimal("0.5"));
                    case 1 -> exact.subtract(BigDecimal.ONE);
                    default -> exact;
                });
            }
        };
    }
}
