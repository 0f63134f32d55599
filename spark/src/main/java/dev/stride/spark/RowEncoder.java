package dev.stride.spark;

import dev.stride.RecordLayout;
import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.FieldWriter;
import dev.stride.model.FixedBytesType;
import dev.stride.model.FixedStringType;
import dev.stride.model.RawType;
import dev.stride.model.SubarrayType;
import dev.stride.model.TimeType;
import dev.stride.model.ZarrException;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.unsafe.types.UTF8String;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns Spark rows into packed little-endian records. The record type comes from the columns: each column's Zarr
 * type when its metadata names one the Spark type can hold (what a read gave it, so a DataFrame read from an array is
 * written back with the same types), else the natural one (boolean bool, byte int8, ... double float64, timestamp
 * datetime64[us], date datetime64[D], struct struct). A single column named {@code value} makes a plain array. A null
 * leaves the fill value, except in a time, where it is NaT (what a null read from one was).
 */
final class RowEncoder {
    private static final Pattern TIME = Pattern.compile("numpy\\.(datetime|timedelta)64\\[(\\d*)(.+)]");
    private static final Pattern TEXT = Pattern.compile("(null_terminated_bytes|fixed_length_utf32)\\[([1-9][0-9]{0,8})]");
    private static final BigInteger UINT64_LIMIT = BigInteger.ONE.shiftLeft(64);

    private final DataType type;
    private final Put[] puts;
    private final int[] ordinals;

    /** Writes one value of a row (or struct) into a record at {@code at}. */
    @FunctionalInterface
    private interface Put {
        void put(SpecializedGetters row, int ordinal, MemorySegment records, long at);
    }

    /** The encoder of {@code columns} of rows of {@code schema} (all but the index column). */
    RowEncoder(StructType schema, List<String> columns) {
        List<StructField> fields = new ArrayList<>();
        ordinals = new int[columns.size()];
        for (int i = 0; i < ordinals.length; i++) {
            ordinals[i] = schema.fieldIndex(columns.get(i));
            fields.add(schema.fields()[ordinals[i]]);
        }
        if (fields.isEmpty()) {
            throw new ZarrException.BadRequest(null, "no column to write besides the index");
        }
        if (fields.size() == 1 && fields.getFirst().name().equals(SparkTypes.VALUE_COLUMN)) {
            type = zarrType(fields.getFirst());
            puts = new Put[]{put(fields.getFirst(), type, 0)};
            return;
        }
        List<dev.stride.model.StructType.Field> record = new ArrayList<>();
        for (StructField f : fields) {
            record.add(new dev.stride.model.StructType.Field(f.name(), zarrType(f)));
        }
        type = new dev.stride.model.StructType(record, false);
        puts = puts(fields, record);
    }

    DataType type() {
        return type;
    }

    /** Writes {@code row} as the record at byte {@code at} of {@code records} (which holds the fill value there). */
    void encode(SpecializedGetters row, MemorySegment records, long at) {
        for (int i = 0; i < puts.length; i++) {
            puts[i].put(row, ordinals[i], records, at);
        }
    }

    private static Put[] puts(List<StructField> fields, List<dev.stride.model.StructType.Field> record) {
        Put[] out = new Put[fields.size()];
        long offset = 0;
        for (int i = 0; i < out.length; i++) {
            out[i] = put(fields.get(i), record.get(i).type(), offset);
            offset += record.get(i).type().byteSize();
        }
        return out;
    }

    /** The Zarr type of a column: the one its metadata names when the Spark type holds it, else the natural one. */
    static DataType zarrType(StructField column) {
        org.apache.spark.sql.types.DataType spark = column.dataType();
        if (column.metadata().contains(SparkTypes.ZARR_TYPE)) {
            DataType named = named(column.metadata().getString(SparkTypes.ZARR_TYPE));
            if (named != null && SparkTypes.of(named).sameType(spark)) {
                return named;
            }
        }
        return switch (spark) {
            case BooleanType t -> CoreType.BOOL;
            case ByteType t -> CoreType.INT8;
            case ShortType t -> CoreType.INT16;
            case IntegerType t -> CoreType.INT32;
            case LongType t -> CoreType.INT64;
            case FloatType t -> CoreType.FLOAT32;
            case DoubleType t -> CoreType.FLOAT64;
            case TimestampType t -> new TimeType(true, "us", 1);
            case TimestampNTZType t -> new TimeType(true, "us", 1);
            case DateType t -> new TimeType(true, "D", 1);
            case DecimalType d when d.precision() == 20 && d.scale() == 0 -> CoreType.UINT64;
            case StructType s -> {
                List<dev.stride.model.StructType.Field> fields = new ArrayList<>();
                for (StructField f : s.fields()) {
                    fields.add(new dev.stride.model.StructType.Field(f.name(), zarrType(f)));
                }
                yield new dev.stride.model.StructType(fields, false);
            }
            default -> throw new ZarrException.Unsupported(null, null, "column '" + column.name() + "' is " + spark.simpleString()
                    + switch (spark) {
                        case BinaryType b -> ", which needs a fixed width: give it the metadata " + SparkTypes.ZARR_TYPE
                                + " = r<BITS> or null_terminated_bytes[<BYTES>]";
                        case org.apache.spark.sql.types.StringType t -> ", which needs a fixed width: give it the metadata "
                                + SparkTypes.ZARR_TYPE + " = fixed_length_utf32[<CHARACTERS>]";
                        case DecimalType d -> ", which has no Zarr type (decimal(20,0) is uint64); cast it to double or bigint";
                        case ArrayType a -> ", which no field of a Zarr v3 struct can hold (such a field has no shape): "
                                + "select its elements as columns of their own";
                        default -> ", which has no Zarr type; cast it to a number, boolean, timestamp or struct of those";
                    });
        };
    }

    /** A leaf type as zarr.json spells it ({@code uint8}, {@code r24}, {@code numpy.datetime64[ns]}), or null. */
    private static DataType named(String name) {
        if (CoreType.byName(name).isPresent()) {
            return CoreType.byName(name).get();
        }
        if (name.matches("r[1-9][0-9]*") && Integer.parseInt(name.substring(1)) % 8 == 0) {
            return new RawType(Integer.parseInt(name.substring(1)));
        }
        Matcher text = TEXT.matcher(name);
        if (text.matches()) {
            int length = Integer.parseInt(text.group(2));
            return text.group(1).equals("null_terminated_bytes") ? new FixedBytesType(length) : new FixedStringType(length);
        }
        Matcher m = TIME.matcher(name);
        if (m.matches() && TimeType.UNITS.contains(m.group(3))) {
            return new TimeType(m.group(1).equals("datetime"), m.group(3), m.group(2).isEmpty() ? 1 : Long.parseLong(m.group(2)));
        }
        return null;
    }

    private static Put put(StructField column, DataType type, long offset) {
        String name = column.name();
        return switch (type) {
            case CoreType c -> core(name, c, offset);
            case TimeType t -> time(column, t, offset);
            case FixedBytesType b -> text(name, b, offset);
            case FixedStringType t -> text(name, t, offset);
            // zarrType never gives one: an array column is refused there, before any task
            case SubarrayType a -> throw new IllegalArgumentException("a v3 struct field has no shape: " + a.describe());
            case RawType r -> (row, i, rec, at) -> {
                if (!row.isNullAt(i)) {
                    byte[] v = row.getBinary(i);
                    if (v.length != r.byteSize()) {
                        throw new ZarrException.BadRequest(null, "column '" + name + "' (" + r.describe() + ") holds a value of "
                                + v.length + " bytes, not " + r.byteSize());
                    }
                    MemorySegment.copy(v, 0, rec, ValueLayout.JAVA_BYTE, at + offset, v.length);
                }
            };
            case dev.stride.model.StructType s -> {
                StructType spark = (StructType) column.dataType();
                Put[] children = puts(List.of(spark.fields()), s.fields());
                int n = spark.fields().length;
                yield (row, i, rec, at) -> {
                    if (!row.isNullAt(i)) {
                        SpecializedGetters struct = row.getStruct(i, n);
                        // the children's offsets count from the struct's start
                        for (int k = 0; k < children.length; k++) {
                            children[k].put(struct, k, rec, at + offset);
                        }
                    }
                };
            }
        };
    }

    /**
     * A byte string from binary or UTF-32 text from a string, NUL-padded, through the field's own writer; a longer
     * value is refused naming the column.
     */
    private static Put text(String name, DataType type, long offset) {
        FieldWriter writer = new FieldWriter(null, RecordLayout.compile(type, ByteOrder.LITTLE_ENDIAN).fields().getFirst());
        if (type instanceof FixedBytesType b) {
            return (row, i, rec, at) -> {
                if (!row.isNullAt(i)) {
                    byte[] v = row.getBinary(i);
                    if (v.length > b.length()) {
                        throw tooLong(name, type, v.length + " bytes");
                    }
                    writer.setBytes(rec.asSlice(at + offset, b.length()), 0, v);
                }
            };
        }
        int characters = ((FixedStringType) type).characters();
        return (row, i, rec, at) -> {
            if (!row.isNullAt(i)) {
                UTF8String v = row.getUTF8String(i);
                if (v.numChars() > characters) {
                    throw tooLong(name, type, v.numChars() + " characters");
                }
                writer.setString(rec.asSlice(at + offset, type.byteSize()), 0, v.toString());
            }
        };
    }

    private static ZarrException tooLong(String column, DataType type, String length) {
        return new ZarrException.BadRequest(null, "column '" + column + "' (" + type.describe() + ") cannot hold a value of " + length);
    }

    private static Put core(String name, CoreType type, long offset) {
        return switch (type) {
            case BOOL -> (row, i, rec, at) -> {
                if (!row.isNullAt(i)) {
                    rec.set(ValueLayout.JAVA_BYTE, at + offset, row.getBoolean(i) ? (byte) 1 : 0);
                }
            };
            case INT8 -> (row, i, rec, at) -> {
                if (!row.isNullAt(i)) {
                    rec.set(ValueLayout.JAVA_BYTE, at + offset, row.getByte(i));
                }
            };
            case UINT8 -> (row, i, rec, at) -> {
                if (!row.isNullAt(i)) {
                    rec.set(ValueLayout.JAVA_BYTE, at + offset, (byte) inRange(name, type, row.getShort(i), 0, 0xFF));
                }
            };
            case INT16 -> (row, i, rec, at) -> {
                if (!row.isNullAt(i)) {
                    rec.set(Layouts.SHORT, at + offset, row.getShort(i));
                }
            };
            case UINT16 -> (row, i, rec, at) -> {
                if (!row.isNullAt(i)) {
                    rec.set(Layouts.SHORT, at + offset, (short) inRange(name, type, row.getInt(i), 0, 0xFFFF));
                }
            };
            case FLOAT16 -> (row, i, rec, at) -> {
                if (!row.isNullAt(i)) {
                    rec.set(Layouts.SHORT, at + offset, Float.floatToFloat16(row.getFloat(i)));
                }
            };
            case INT32 -> (row, i, rec, at) -> {
                if (!row.isNullAt(i)) {
                    rec.set(Layouts.INT, at + offset, row.getInt(i));
                }
            };
            case UINT32 -> (row, i, rec, at) -> {
                if (!row.isNullAt(i)) {
                    rec.set(Layouts.INT, at + offset, (int) inRange(name, type, row.getLong(i), 0, 0xFFFF_FFFFL));
                }
            };
            case FLOAT32 -> (row, i, rec, at) -> {
                if (!row.isNullAt(i)) {
                    rec.set(Layouts.FLOAT, at + offset, row.getFloat(i));
                }
            };
            case INT64 -> (row, i, rec, at) -> {
                if (!row.isNullAt(i)) {
                    rec.set(Layouts.LONG, at + offset, row.getLong(i));
                }
            };
            case FLOAT64 -> (row, i, rec, at) -> {
                if (!row.isNullAt(i)) {
                    rec.set(Layouts.DOUBLE, at + offset, row.getDouble(i));
                }
            };
            case UINT64 -> (row, i, rec, at) -> {
                if (!row.isNullAt(i)) {
                    BigInteger v = row.getDecimal(i, 20, 0).toJavaBigDecimal().toBigIntegerExact();
                    if (v.signum() < 0 || v.compareTo(UINT64_LIMIT) >= 0) {
                        throw new ZarrException.BadRequest(null, "column '" + name + "' (uint64) holds " + v + ", outside 0.." + UINT64_LIMIT.subtract(BigInteger.ONE));
                    }
                    rec.set(Layouts.LONG, at + offset, v.longValue());
                }
            };
            case COMPLEX64, COMPLEX128 -> {
                boolean single = type == CoreType.COMPLEX64;
                yield (row, i, rec, at) -> {
                    if (!row.isNullAt(i)) {
                        SpecializedGetters parts = row.getStruct(i, 2);
                        if (single) {
                            rec.set(Layouts.FLOAT, at + offset, parts.getFloat(0));
                            rec.set(Layouts.FLOAT, at + offset + 4, parts.getFloat(1));
                        } else {
                            rec.set(Layouts.DOUBLE, at + offset, parts.getDouble(0));
                            rec.set(Layouts.DOUBLE, at + offset + 8, parts.getDouble(1));
                        }
                    }
                };
            }
        };
    }

    /**
     * Timestamps (microseconds) and dates (days) as datetime64 of the column's unit, longs as timedelta64 counts; a
     * null is NaT. A timestamp finer than the unit holds is refused rather than rounded.
     */
    private static Put time(StructField column, TimeType type, long offset) {
        org.apache.spark.sql.types.DataType spark = column.dataType();
        boolean days = spark instanceof DateType;
        return (row, i, rec, at) -> {
            long v;
            if (row.isNullAt(i)) {
                v = TimeType.NAT;
            } else if (!type.datetime()) {
                v = row.getLong(i);
            } else {
                v = fromMicros(column.name(), type, days ? Math.multiplyExact(row.getInt(i), 86_400_000_000L) : row.getLong(i));
            }
            rec.set(Layouts.LONG, at + offset, v);
        };
    }

    private static long fromMicros(String name, TimeType type, long micros) {
        long perUnit = switch (type.unit()) {
            case "W" -> 604_800_000_000L;
            case "D" -> 86_400_000_000L;
            case "h" -> 3_600_000_000L;
            case "m" -> 60_000_000L;
            case "s" -> 1_000_000L;
            case "ms" -> 1_000L;
            case "us", "μs" -> 1L;
            case "ns" -> -1_000L;
            default -> 0;
        };
        if (perUnit == 0 || type.scaleFactor() != 1) {
            throw new ZarrException.Unsupported(null, null, "column '" + name + "' is " + type.describe() + ", which Spark timestamps are not written to; cast it to a timestamp without the metadata");
        }
        if (perUnit < 0) {
            return Math.multiplyExact(micros, -perUnit);
        }
        if (micros % perUnit != 0) {
            throw new ZarrException.BadRequest(null, "column '" + name + "' (" + type.describe() + ") cannot hold " + micros + " µs exactly");
        }
        return micros / perUnit;
    }

    private static long inRange(String name, CoreType type, long v, long min, long max) {
        if (v < min || v > max) {
            throw new ZarrException.BadRequest(null, "column '" + name + "' (" + type.describe() + ") holds " + v + ", outside " + min + ".." + max);
        }
        return v;
    }

    /** Little-endian layouts of any alignment: records are packed. */
    private static final class Layouts {
        static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);
        static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);
        static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);
        static final ValueLayout.OfFloat FLOAT = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);
        static final ValueLayout.OfDouble DOUBLE = ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

        private Layouts() {
        }
    }
}
