package dev.stride.arrow;

import dev.stride.ZarrArray;
import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.FixedBytesType;
import dev.stride.model.FixedStringType;
import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.RawType;
import dev.stride.model.Region;
import dev.stride.model.StructType;
import dev.stride.model.SubarrayType;
import dev.stride.model.TimeType;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How Stride's data types appear in Arrow, which has nearly all of them: integers keep their width and sign, float16
 * is a half float, complex numbers are {@code struct<re, im>}, r&lt;N&gt; fixed-size binary, byte strings binary
 * without their trailing NULs, UTF-32 text utf8, a field with a shape a fixed-size list per dimension, nested structs
 * structs, and times are timestamps or durations ({@link TimeConversion}), with NaT as null. Every field's metadata keeps its
 * Zarr type ({@value #DATA_TYPE}; a struct's as {@code struct{name: type, ...}}); the schema's keeps the array's attributes, dimension names and the region's
 * shape.
 */
public final class ArrowTypes {
    /** Field metadata: the Zarr data type of a column, as zarr.json spells it. */
    public static final String DATA_TYPE = "zarr.data_type";
    /** Schema metadata: the array's attributes, as JSON. */
    public static final String ATTRIBUTES = "zarr.attributes";
    /** Schema metadata: the array's dimension names, as a JSON list (absent when it has none). */
    public static final String DIMENSION_NAMES = "zarr.dimension_names";
    /** Schema metadata: the shape of the region the rows come from, in C order, as a JSON list. */
    public static final String SHAPE = "zarr.shape";

    private ArrowTypes() {
    }

    /** The schema of {@code columns} of {@code array}'s records over {@code region}. */
    static Schema schema(ZarrArray array, List<ArrowColumn> columns, Region region) {
        List<Field> fields = new ArrayList<>();
        for (ArrowColumn c : columns) {
            fields.add(field(c.name(), c.type()));
        }
        Map<String, String> meta = new LinkedHashMap<>();
        meta.put(ATTRIBUTES, JsonCodec.print(array.attributes()));
        List<String> names = array.metadata().dimensionNames();
        if (names != null) {
            List<Json> items = names.stream().map(n -> n == null ? (Json) Json.JNull.NULL : new Json.JString(n)).toList();
            meta.put(DIMENSION_NAMES, JsonCodec.print(new Json.JArray(items)));
        }
        meta.put(SHAPE, Arrays.toString(region.shape()));
        return new Schema(fields, meta);
    }

    static Field field(String name, DataType type) {
        return switch (type) {
            case StructType s -> new Field(name, new FieldType(false, ArrowType.Struct.INSTANCE, null, zarrType(s)), children(s));
            case CoreType c when c.kind() == CoreType.Kind.COMPLEX -> {
                Field part = new Field("re", FieldType.notNullable(core(c.component())), null);
                Field imaginary = new Field("im", FieldType.notNullable(core(c.component())), null);
                yield new Field(name, new FieldType(false, ArrowType.Struct.INSTANCE, null, zarrType(c)), List.of(part, imaginary));
            }
            case CoreType c -> new Field(name, new FieldType(false, core(c), null, zarrType(c)), null);
            case FixedBytesType b -> new Field(name, new FieldType(false, ArrowType.Binary.INSTANCE, null, zarrType(b)), null);
            case FixedStringType t -> new Field(name, new FieldType(false, ArrowType.Utf8.INSTANCE, null, zarrType(t)), null);
            case SubarrayType a -> shaped(name, a, 0);
            case RawType r -> new Field(name, new FieldType(false, new ArrowType.FixedSizeBinary(r.byteSize()), null, zarrType(r)), null);
            case TimeType t -> new Field(name, new FieldType(true, TimeConversion.of(t).arrowType(), null, zarrType(t)), null);
        };
    }

    /** Dimension {@code dim} onwards of a shaped field: a fixed-size list per dimension around the element type. */
    private static Field shaped(String name, SubarrayType a, int dim) {
        Field child = dim + 1 < a.shape().size() ? shaped("item", a, dim + 1) : field("item", a.element());
        Map<String, String> meta = dim == 0 ? zarrType(a) : null;
        return new Field(name, new FieldType(false, new ArrowType.FixedSizeList(a.shape().get(dim)), null, meta), List.of(child));
    }

    /**
     * The most bytes a row of a column of {@code type} puts into one variable-width vector (a byte string's or UTF-32
     * text's stored size, times the elements of a shaped field), or 0 when the column has none: its batches then take
     * the same bytes for the same rows.
     */
    static long textBytes(DataType type) {
        return switch (type) {
            case FixedBytesType b -> b.byteSize();
            case FixedStringType t -> t.byteSize();
            case SubarrayType a -> textBytes(a.element()) * a.elements();
            case StructType s -> s.fields().stream().mapToLong(f -> textBytes(f.type())).max().orElse(0);
            default -> 0;
        };
    }

    private static List<Field> children(StructType s) {
        List<Field> out = new ArrayList<>();
        for (var f : s.fields()) {
            out.add(field(f.name(), f.type()));
        }
        return out;
    }

    private static Map<String, String> zarrType(DataType type) {
        return Map.of(DATA_TYPE, type.describe());
    }

    private static ArrowType core(CoreType c) {
        return switch (c) {
            case BOOL -> ArrowType.Bool.INSTANCE;
            case INT8, INT16, INT32, INT64 -> new ArrowType.Int(c.byteSize() * 8, true);
            case UINT8, UINT16, UINT32, UINT64 -> new ArrowType.Int(c.byteSize() * 8, false);
            case FLOAT16 -> new ArrowType.FloatingPoint(FloatingPointPrecision.HALF);
            case FLOAT32 -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
            case FLOAT64 -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            case COMPLEX64, COMPLEX128 -> throw new IllegalArgumentException(c + " is a struct of two floats");
        };
    }
}
