package dev.stride.internal.where;

import dev.stride.internal.json.JsonCodec;
import dev.stride.internal.json.JsonSyntaxException;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.FieldAccessor;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The statistics of an array's units, and their JSON document (docs/statistics.md): a header saying the shape, unit
 * shape, decoding and field types they were computed for, then one entry per unit. Read back against an array whose
 * shape, unit shape or decoding differs, the document is ignored whole; a field whose type differs is ignored; so a
 * change to the array can make statistics useless but never wrong. The decoding is the array's metadata less what does
 * not change what its stored chunks hold ({@link #IGNORED}): a new byte order, field order, codec or key encoding
 * makes the same bytes other values, or the values other files, which no chunk's identity shows.
 */
public final class StatisticsTable {
    /** The document's format name. */
    public static final String FORMAT = "stride.statistics";
    /** The layout version this code writes and reads: 2 added the decoding. */
    public static final int VERSION = 2;
    /** Members of an array's metadata that leave what its stored chunks hold as it was. */
    private static final Set<String> IGNORED = Set.of("attributes", "dimension_names", "fill_value");

    private final long[] shape;
    private final long[] unitShape;
    private final Json.JObject decoding;
    private final Map<String, String> types;
    private final Map<List<Long>, UnitEntry> entries = new HashMap<>();
    private final List<UnitEntry> order = new ArrayList<>();

    /** The statistics of {@code units} of the array {@code metadata} describes. */
    public StatisticsTable(ArrayMetadata metadata, long[] unitShape, Map<String, String> types, List<UnitEntry> units) {
        this(metadata.shape(), unitShape, decoding(metadata), types, units);
    }

    private StatisticsTable(long[] shape, long[] unitShape, Json.JObject decoding, Map<String, String> types, List<UnitEntry> units) {
        this.shape = shape.clone();
        this.unitShape = unitShape.clone();
        this.decoding = decoding;
        this.types = Map.copyOf(types);
        for (UnitEntry e : units) {
            entries.put(coordinates(e.unit()), e);
            order.add(e);
        }
    }

    private static List<Long> coordinates(long[] unit) {
        return Arrays.stream(unit).boxed().toList();
    }

    /** The entry of a unit, or null when it has none. */
    public UnitEntry entry(long[] unit) {
        return entries.get(coordinates(unit));
    }

    public int size() {
        return order.size();
    }

    /** The entries, in the order they were given or read. */
    public List<UnitEntry> entries() {
        return List.copyOf(order);
    }

    /** Whether these statistics were computed for an array of this shape, unit shape and decoding. */
    public boolean fits(ArrayMetadata metadata, long[] arrayUnitShape) {
        return Arrays.equals(shape, metadata.shape()) && Arrays.equals(unitShape, arrayUnitShape) && decoding.equals(decoding(metadata));
    }

    /** What of the array's metadata decides what its stored chunks hold: its document less {@link #IGNORED}. */
    private static Json.JObject decoding(ArrayMetadata metadata) {
        Map<String, Json> kept = new LinkedHashMap<>(metadata.json().members());
        kept.keySet().removeAll(IGNORED);
        return new Json.JObject(kept);
    }

    /** The type a field had when these statistics were computed, as {@code DataType.describe()} gave it, or null. */
    public String typeOf(String field) {
        return types.get(field);
    }

    /** The document, as UTF-8 JSON. */
    public byte[] toJson(Function<String, FieldAccessor> fields) {
        List<Json> units = new ArrayList<>(order.size());
        for (UnitEntry e : order) {
            Map<String, Json> summaries = new LinkedHashMap<>();
            e.fields().forEach((path, s) -> summaries.put(path, summaryJson(Source.of(fields.apply(path)), s)));
            Map<String, Json> m = new LinkedHashMap<>();
            m.put("chunk", Json.integers(e.unit()));
            m.put("key", Json.string(e.key()));
            m.put("size", Json.number(e.size()));
            m.put("version", e.version() == null ? Json.JNull.NULL : Json.string(e.version()));
            m.put("records", Json.number(e.records()));
            m.put("fields", new Json.JObject(summaries));
            units.add(new Json.JObject(m));
        }
        Map<String, Json> typeJson = new LinkedHashMap<>();
        types.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(t -> typeJson.put(t.getKey(), Json.string(t.getValue())));
        Map<String, Json> doc = new LinkedHashMap<>();
        doc.put("format", Json.string(FORMAT));
        doc.put("version", Json.number(VERSION));
        doc.put("shape", Json.integers(shape));
        doc.put("chunk_shape", Json.integers(unitShape));
        doc.put("decoding", decoding);
        doc.put("fields", new Json.JObject(typeJson));
        doc.put("chunks", new Json.JArray(units));
        return JsonCodec.print(new Json.JObject(doc)).getBytes(StandardCharsets.UTF_8);
    }

    private static Json summaryJson(Source source, Summary s) {
        Map<String, Json> m = new LinkedHashMap<>();
        m.put("count", Json.number(s.count()));
        m.put("nan_count", Json.number(s.nanCount()));
        boolean any = s.ordinary() > 0;
        m.put("min", any ? valueJson(source, s.minKey()) : Json.JNull.NULL);
        m.put("max", any ? valueJson(source, s.maxKey()) : Json.JNull.NULL);
        return new Json.JObject(m);
    }

    /** A key as the value it stands for: the number itself, a bool, or "Infinity" and "-Infinity" as strings. */
    private static Json valueJson(Source source, long key) {
        return switch (source) {
            case Source.Reals r -> floatJson(Source.floatOf(key));
            case Source.Bools b -> new Json.JBool(key != 0);
            case Source.Longs l when l.f().isUnsigned() -> new Json.JNumber(Long.toUnsignedString(key ^ Long.MIN_VALUE));
            default -> Json.number(key);
        };
    }

    private static Json floatJson(double v) {
        return Double.isInfinite(v) ? Json.string(v > 0 ? "Infinity" : "-Infinity") : new Json.JNumber(Double.toString(v));
    }

    /**
     * Reads a document written by {@link #toJson}; {@code fields} finds a field of the array now (null for none): the
     * statistics of a field it lacks, or of one whose type changed since, are left out. {@code where} names the
     * document in errors.
     *
     * @throws ZarrException.InvalidMetadata when it is not such a document, naming the member
     */
    public static StatisticsTable parse(byte[] json, Function<String, FieldAccessor> fields, String where) {
        Reader r = new Reader(where);
        Json.JObject doc = r.object(r.parse(json), "");
        if (!(doc.get("format") instanceof Json.JString(String f)) || !f.equals(FORMAT)) {
            throw r.bad("format", "is not \"" + FORMAT + "\"");
        }
        long version = r.integer(doc.get("version"), "version").longValueExact();
        if (version != VERSION) {
            throw new ZarrException.Unsupported(where, "version", "statistics of layout version " + version + "; this Stride reads " + VERSION);
        }
        Map<String, String> types = new HashMap<>();
        r.object(doc.get("fields"), "fields").members().forEach((k, v) -> types.put(k, r.string(v, "fields/" + k)));
        Function<String, Source> sources = path -> {
            FieldAccessor now = fields.apply(path);
            return now != null && typeName(now).equals(types.get(path)) ? Source.of(now) : null;
        };
        List<UnitEntry> units = new ArrayList<>();
        List<Json> chunks = r.array(doc.get("chunks"), "chunks");
        for (int i = 0; i < chunks.size(); i++) {
            units.add(r.entry(r.object(chunks.get(i), "chunks/" + i), "chunks/" + i, sources));
        }
        return new StatisticsTable(r.longs(doc.get("shape"), "shape"), r.longs(doc.get("chunk_shape"), "chunk_shape"),
                r.object(doc.get("decoding"), "decoding"), types, units);
    }

    /** Reads the members of a document, each failure naming its JSON pointer. */
    private record Reader(String where) {
        Json parse(byte[] json) {
            try {
                return JsonCodec.parse(json);
            } catch (JsonSyntaxException e) {
                throw new ZarrException.InvalidMetadata(where, null, "is not JSON: " + e.getMessage());
            }
        }

        ZarrException bad(String pointer, String why) {
            return new ZarrException.InvalidMetadata(where, pointer, why);
        }

        Json.JObject object(Json j, String pointer) {
            if (j instanceof Json.JObject o) {
                return o;
            }
            throw bad(pointer, "is not an object");
        }

        List<Json> array(Json j, String pointer) {
            if (j instanceof Json.JArray a) {
                return a.items();
            }
            throw bad(pointer, "is not an array");
        }

        String string(Json j, String pointer) {
            if (j instanceof Json.JString(String s)) {
                return s;
            }
            throw bad(pointer, "is not a string");
        }

        BigInteger integer(Json j, String pointer) {
            if (j instanceof Json.JNumber n && n.isIntegral()) {
                return n.bigInteger();
            }
            throw bad(pointer, "is not an integer");
        }

        long[] longs(Json j, String pointer) {
            List<Json> items = array(j, pointer);
            long[] out = new long[items.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = integer(items.get(i), pointer + "/" + i).longValue();
            }
            return out;
        }

        UnitEntry entry(Json.JObject o, String pointer, Function<String, Source> sources) {
            Map<String, Summary> fields = new LinkedHashMap<>();
            object(o.get("fields"), pointer + "/fields").members().forEach((path, s) -> {
                Source source = sources.apply(path);
                if (source != null) {
                    fields.put(path, summary(source, object(s, pointer + "/fields/" + path), pointer + "/fields/" + path));
                }
            });
            String version = o.get("version") instanceof Json.JString(String v) ? v : null;
            return new UnitEntry(longs(o.get("chunk"), pointer + "/chunk"), string(o.get("key"), pointer + "/key"),
                    integer(o.get("size"), pointer + "/size").longValue(), version,
                    integer(o.get("records"), pointer + "/records").longValue(), fields);
        }

        Summary summary(Source source, Json.JObject o, String pointer) {
            long count = integer(o.get("count"), pointer + "/count").longValue();
            long nan = integer(o.get("nan_count"), pointer + "/nan_count").longValue();
            if (count - nan <= 0) {
                return new Summary(count, nan, 0, 0);
            }
            return new Summary(count, nan, key(source, o.get("min"), pointer + "/min"), key(source, o.get("max"), pointer + "/max"));
        }

        long key(Source source, Json j, String pointer) {
            return switch (source) {
                case Source.Reals r -> Source.floatKey(real(j, pointer));
                case Source.Bools b when j instanceof Json.JBool(boolean v) -> v ? 1 : 0;
                case Source.Bools b -> throw bad(pointer, "is not true or false");
                case Source.Longs l when l.f().isUnsigned() -> Source.integerKey(integer(j, pointer), true);
                default -> integer(j, pointer).longValue();
            };
        }

        double real(Json j, String pointer) {
            return switch (j) {
                case Json.JString(String s) when s.equals("Infinity") -> Double.POSITIVE_INFINITY;
                case Json.JString(String s) when s.equals("-Infinity") -> Double.NEGATIVE_INFINITY;
                case Json.JNumber n when n.isFinite() -> n.doubleValue();
                default -> throw bad(pointer, "is not a finite number, \"Infinity\" or \"-Infinity\"");
            };
        }
    }

    /** The type a field's statistics are kept under, as its {@code describe()} says. */
    public static String typeName(FieldAccessor f) {
        return f.type().describe();
    }
}
