package dev.stride.spark;

import dev.stride.RecordLayout;
import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.FieldAccessor;
import dev.stride.model.StructType;
import org.apache.spark.sql.Row;

import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * What a record read by Stride should look like in a Spark row, worked out from Stride's field accessors apart from the
 * connector's code: the type mapping of the connector's documentation, a struct as a list of its fields' values.
 */
final class SparkValues {
    private SparkValues() {
    }

    /** The column values of record {@code i}: one per top-level field, or the one value of a plain array. */
    static List<Object> record(RecordLayout layout, MemorySegment records, long i) {
        Iterator<FieldAccessor> leaves = layout.fields().iterator();
        Object v = value(layout.type(), leaves, records, i);
        return layout.type() instanceof StructType ? asList(v) : List.of(nullable(v));
    }

    @SuppressWarnings("unchecked")
    private static List<Object> asList(Object v) {
        return (List<Object>) v;
    }

    private static Object nullable(Object v) {
        return v == null ? NULL : v;
    }

    /** List.of refuses null; a NaT stands as this in a plain array's one-value list. */
    private static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    private static Object value(DataType type, Iterator<FieldAccessor> leaves, MemorySegment records, long i) {
        if (type instanceof StructType s) {
            List<Object> fields = new ArrayList<>();
            for (StructType.Field f : s.fields()) {
                fields.add(value(f.type(), leaves, records, i));
            }
            return fields;
        }
        return leaf(leaves.next(), records, i);
    }

    private static Object leaf(FieldAccessor field, MemorySegment records, long i) {
        return switch (field) {
            case FieldAccessor.BoolField f -> f.get(records, i);
            case FieldAccessor.ByteField f -> f.type() == CoreType.INT8 ? (Object) f.get(records, i) : (Object) (short) f.getInt(records, i);
            case FieldAccessor.ShortField f -> f.type() == CoreType.INT16 ? (Object) f.get(records, i) : (Object) f.getInt(records, i);
            case FieldAccessor.IntField f -> f.type() == CoreType.INT32 ? (Object) f.get(records, i) : (Object) f.getLong(records, i);
            case FieldAccessor.TimeField f -> {
                if (f.get(records, i) == dev.stride.model.TimeType.NAT) {
                    yield null;
                }
                // a timestamp holds microseconds: finer units are rounded down (toward the past)
                yield f.timeType().datetime() ? f.getInstant(records, i).truncatedTo(ChronoUnit.MICROS) : (Object) f.get(records, i);
            }
            case FieldAccessor.LongField f -> f.type() == CoreType.UINT64 ? new BigDecimal(f.getBigInteger(records, i)) : (Object) f.get(records, i);
            case FieldAccessor.FloatValuedField f -> f.get(records, i);
            case FieldAccessor.DoubleField f -> f.get(records, i);
            case FieldAccessor.ComplexField f -> f.type() == CoreType.COMPLEX64
                    ? List.of((float) f.real(records, i), (float) f.imaginary(records, i))
                    : List.of(f.real(records, i), f.imaginary(records, i));
            case FieldAccessor.RawField f -> f.get(records, i);
            case FieldAccessor.ByteStringField f -> f.get(records, i);
            case FieldAccessor.StringField f -> f.get(records, i);
            case FieldAccessor.ArrayField f -> {
                List<Object> elements = new ArrayList<>();
                for (int k = 0; k < f.elements(); k++) {
                    elements.add(leaf(f.element(k), records, i));
                }
                yield elements;
            }
        };
    }

    /**
     * Null when a Spark value is the expected one, else what differs: floats bit for bit unless both are NaN, bytes by
     * content, decimals by value, a struct (a Row) field by field against the expected list.
     */
    static String difference(Object expected, Object actual) {
        if (expected == NULL) {
            expected = null;
        }
        if (expected instanceof List<?> e) {
            if (!(actual instanceof Row r) || r.size() != e.size()) {
                return "expected a struct " + e + ", got " + show(actual);
            }
            for (int k = 0; k < e.size(); k++) {
                String d = difference(e.get(k), r.get(k));
                if (d != null) {
                    return "field " + k + ": " + d;
                }
            }
            return null;
        }
        boolean same = switch (expected) {
            case null -> actual == null;
            case Float e -> actual instanceof Float a && (Float.floatToRawIntBits(e) == Float.floatToRawIntBits(a) || e.isNaN() && a.isNaN());
            case Double e -> actual instanceof Double a && (Double.doubleToRawLongBits(e) == Double.doubleToRawLongBits(a) || e.isNaN() && a.isNaN());
            case byte[] e -> actual instanceof byte[] a && Arrays.equals(e, a);
            case BigDecimal e -> actual instanceof BigDecimal a && e.compareTo(a) == 0;
            case Instant e -> e.equals(actual);
            default -> expected.equals(actual);
        };
        return same ? null : "expected " + show(expected) + ", got " + show(actual);
    }

    private static String show(Object v) {
        return switch (v) {
            case null -> "null";
            case byte[] b -> Arrays.toString(b);
            default -> v + " (" + v.getClass().getSimpleName() + ")";
        };
    }
}
