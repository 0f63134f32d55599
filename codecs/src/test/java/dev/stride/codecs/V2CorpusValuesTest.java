package dev.stride.codecs;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.conformance.Corpus;
import dev.stride.model.ArrayColumn;
import dev.stride.model.BoolColumn;
import dev.stride.model.ByteColumn;
import dev.stride.model.ByteStringColumn;
import dev.stride.model.Column;
import dev.stride.model.DoubleColumn;
import dev.stride.model.FieldAccessor;
import dev.stride.model.FieldAccessor.ArrayField;
import dev.stride.model.FieldAccessor.ByteStringField;
import dev.stride.model.FieldAccessor.FloatField;
import dev.stride.model.FieldAccessor.StringField;
import dev.stride.model.FieldStats;
import dev.stride.model.FloatColumn;
import dev.stride.model.IntColumn;
import dev.stride.model.Json;
import dev.stride.model.ScanOptions;
import dev.stride.model.StringColumn;
import dev.stride.model.TimeColumn;
import dev.stride.model.TimeType;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The records of the v2 corpus's {@code numcodecs/mixed.*} and {@code points} cases (numcodecs output: S6, U4, a
 * float32[3] field, big-endian fields among little-endian ones) read through the typed API, each column and each field
 * accessor compared value by value with the manifest's values, and their statistics with the manifest's too.
 */
class V2CorpusValuesTest {

    @TestFactory
    Stream<DynamicTest> recordCases() {
        List<Corpus.Case> cases = Corpus.v2Cases().stream().filter(c -> c.expect().equals("ok")
                && (c.path().startsWith("numcodecs/mixed.") || c.path().endsWith("points") || c.path().startsWith("numcodecs/points."))).toList();
        assertTrue(cases.size() >= 7, "the corpus's mixed and points cases: " + cases.size());
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.path(), () -> check(c)));
    }

    private static void check(Corpus.Case c) {
        List<Json> expected = ((Json.JArray) c.values()).items();
        try (Zarr zarr = Zarr.open(c.dir())) {
            ZarrArray array = zarr.array("/");
            for (FieldAccessor f : array.layout().fields()) {
                Column column = array.read(f.path(), null);
                assertEquals(expected.size(), column.size(), f.path());
                for (int i = 0; i < expected.size(); i++) {
                    assertColumnValue(column, i, member(expected.get(i), f.segments()), f.path() + " of element " + i);
                }
            }
            List<String> problems = new ArrayList<>();
            array.forEachRecord(null, (index, records, i) -> {
                Json record = expected.get((int) index);
                for (FieldAccessor f : array.layout().fields()) {
                    String problem = accessorProblem(f, records, i, member(record, f.segments()));
                    if (problem != null) {
                        problems.add(f.path() + " of element " + index + ": " + problem);
                    }
                }
            });
            assertEquals(List.of(), problems);
        }
    }

    /**
     * Statistics of the mixed cases' shaped float32[3] field over all 90 elements, of the text and byte strings and of a
     * big-endian uint32, each against the same figures taken from the manifest's values.
     */
    @TestFactory
    Stream<DynamicTest> scansOfTheMixedCases() {
        return Corpus.v2Cases().stream().filter(c -> c.path().startsWith("numcodecs/mixed.") && c.expect().equals("ok"))
                .map(c -> DynamicTest.dynamicTest(c.path(), () -> checkScans(c)));
    }

    private static void checkScans(Corpus.Case c) {
        List<Json> records = ((Json.JArray) c.values()).items();
        List<Double> pos = records.stream().flatMap(r -> flat(((Json.JObject) r).get("pos")).stream()).map(V2CorpusValuesTest::number).toList();
        List<String> labels = records.stream().map(r -> string(((Json.JObject) r).get("label"))).toList();
        List<byte[]> names = records.stream().map(r -> Base64.getDecoder().decode(string(((Json.JObject) r).get("name")))).toList();
        List<BigInteger> ids = records.stream().map(r -> ((Json.JNumber) ((Json.JObject) r).get("id")).bigInteger()).toList();
        try (Zarr zarr = Zarr.open(c.dir())) {
            List<FieldStats> stats = zarr.array("/").scan(List.of("pos", "label", "name", "id"), null, ScanOptions.threads(2));

            FieldStats.Floats p = stats.get(0).asFloats();
            List<Double> finite = pos.stream().filter(Double::isFinite).toList();
            assertEquals(List.of((long) pos.size() - pos.stream().filter(v -> v.isNaN()).count(), pos.stream().filter(v -> v.isNaN()).count(),
                            pos.stream().filter(v -> v == Double.POSITIVE_INFINITY).count(), pos.stream().filter(v -> v == Double.NEGATIVE_INFINITY).count()),
                    List.of(p.count(), p.nanCount(), p.positiveInfinities(), p.negativeInfinities()));
            assertEquals(pos.stream().filter(v -> !v.isNaN()).min(Double::compare).orElseThrow(), p.min());
            assertEquals(pos.stream().filter(v -> !v.isNaN()).max(Double::compare).orElseThrow(), p.max());
            assertEquals(0, finite.stream().map(BigDecimal::new).reduce(BigDecimal.ZERO, BigDecimal::add).compareTo(p.sum()), "float32 sums are exact in doubles");

            FieldStats.Strings l = stats.get(1).asStrings();
            Comparator<String> byCodePoint = (x, y) -> Arrays.compare(x.codePoints().toArray(), y.codePoints().toArray());
            assertEquals(new FieldStats.Strings("label", l.type(), labels.size(), labels.stream().filter(String::isEmpty).count(),
                    labels.stream().min(byCodePoint).orElseThrow(), labels.stream().max(byCodePoint).orElseThrow()), l);

            FieldStats.ByteStrings n = stats.get(2).asByteStrings();
            assertEquals(List.of((long) names.size(), names.stream().filter(b -> b.length == 0).count()), List.of(n.count(), n.emptyCount()));
            assertArrayEquals(names.stream().min(Arrays::compareUnsigned).orElseThrow(), n.min());
            assertArrayEquals(names.stream().max(Arrays::compareUnsigned).orElseThrow(), n.max());

            FieldStats.Integers i = stats.get(3).asIntegers();
            assertEquals(List.of(ids.stream().reduce(BigInteger.ZERO, BigInteger::add), ids.stream().min(BigInteger::compareTo).orElseThrow(),
                    ids.stream().max(BigInteger::compareTo).orElseThrow()), List.of(i.sum(), i.minValue(), i.maxValue()));
        }
    }

    /** The value of a field in a record of the manifest, by the field's name segments. */
    private static Json member(Json record, List<String> segments) {
        Json v = record;
        for (String name : segments) {
            v = ((Json.JObject) v).get(name);
        }
        return v;
    }

    private static void assertColumnValue(Column column, int i, Json want, String where) {
        switch (column) {
            case StringColumn s -> assertEquals(string(want), s.get(i), where);
            case ByteStringColumn b -> assertArrayEquals(Base64.getDecoder().decode(string(want)), b.get(i), where);
            case ArrayColumn a -> {
                List<Json> items = flat(want);
                float[] elements = a.elements().asFloats().values();
                for (int k = 0; k < items.size(); k++) {
                    assertSameFloat(number(items.get(k)), elements[i * items.size() + k], where + "[" + k + "]");
                }
            }
            case IntColumn n -> assertEquals(((Json.JNumber) want).bigInteger().longValueExact(), Integer.toUnsignedLong(n.values()[i]), where);
            case ByteColumn n -> assertEquals(((Json.JNumber) want).bigInteger().intValueExact(), n.values()[i], where);
            case DoubleColumn d -> assertEquals(number(want), d.values()[i], where);
            case FloatColumn d -> assertSameFloat(number(want), d.values()[i], where);
            case BoolColumn b -> assertEquals(((Json.JBool) want).value(), b.values()[i], where);
            case TimeColumn t -> assertEquals(want instanceof Json.JString nat && nat.value().equals("NaT") ? TimeType.NAT
                    : ((Json.JNumber) want).bigInteger().longValueExact(), t.values()[i], where);
            default -> fail(where + ": no comparison for " + column.getClass().getSimpleName());
        }
    }

    /** What the accessor of a string, byte string or shaped field reads differently from the manifest, or null. */
    private static String accessorProblem(FieldAccessor f, MemorySegment records, long i, Json want) {
        return switch (f) {
            case StringField s -> s.get(records, i).equals(string(want)) ? null : "read '" + s.get(records, i) + "'";
            case ByteStringField b -> Arrays.equals(b.get(records, i), Base64.getDecoder().decode(string(want))) ? null
                    : "read " + Base64.getEncoder().encodeToString(b.get(records, i));
            case ArrayField a -> {
                List<Json> items = flat(want);
                for (int k = 0; k < a.elements(); k++) {
                    float got = ((FloatField) a.element(k)).get(records, i);
                    if (Float.compare(got, (float) number(items.get(k))) != 0) {
                        yield "element " + k + " read " + got;
                    }
                }
                yield null;
            }
            default -> null;
        };
    }

    /** A nested list's leaves in C order. */
    private static List<Json> flat(Json nested) {
        List<Json> out = new ArrayList<>();
        for (Json item : ((Json.JArray) nested).items()) {
            if (item instanceof Json.JArray) {
                out.addAll(flat(item));
            } else {
                out.add(item);
            }
        }
        return out;
    }

    private static String string(Json v) {
        return ((Json.JString) v).value();
    }

    /** A float as the manifest spells it: a number, or "NaN", "Infinity", "-Infinity". */
    private static double number(Json v) {
        return v instanceof Json.JString s ? Double.parseDouble(s.value()) : ((Json.JNumber) v).doubleValue();
    }

    private static void assertSameFloat(double want, float got, String where) {
        assertEquals(0, Float.compare((float) want, got), () -> where + ": expected " + want + ", read " + got);
    }
}
