package dev.stride.internal.metadata;

import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.FixedBytesType;
import dev.stride.model.FixedStringType;
import dev.stride.model.Json;
import dev.stride.model.RawType;
import dev.stride.model.StructType;
import dev.stride.model.SubarrayType;
import dev.stride.model.TimeType;
import dev.stride.model.ZarrException;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the {@code dtype} member of a Zarr v2 {@code .zarray}: a numpy type string ({@code <f8}, {@code |S7},
 * {@code >M8[ms]}) or a structured type, a list of {@code [name, dtype]} and {@code [name, dtype, shape]} entries
 * that nest. numpy gives every field its own byte order, which Zarr v3 does not, so the result says which leaf fields
 * are stored big-endian; the v2 reader turns that into its codec chain.
 */
public final class NumpyTypes {
    private static final Pattern TYPE_STRING = Pattern.compile("([<>|=]?)([a-zA-Z])([0-9]*)(?:\\[([0-9]*)([A-Za-zμ]+)\\])?");

    /**
     * A parsed numpy dtype.
     *
     * @param type the Stride data type of one element
     * @param bigEndian dotted paths of the leaf fields stored big-endian ({@code ""} for a plain big-endian array)
     * @param littleEndian dotted paths of the multi-byte leaf fields stored little-endian
     */
    public record Parsed(DataType type, List<String> bigEndian, List<String> littleEndian) {
        /**
         * The one byte order of every multi-byte field, or null when they mix both.
         *
         * @return the array's byte order, little-endian when no field has one
         */
        public ByteOrder uniformOrder() {
            if (bigEndian.isEmpty()) {
                return ByteOrder.LITTLE_ENDIAN;
            }
            return littleEndian.isEmpty() ? ByteOrder.BIG_ENDIAN : null;
        }
    }

    private NumpyTypes() {
    }

    /** Parses the dtype at {@code pointer}; errors name the node and the member ({@code /dtype/2/1}). */
    public static Parsed parse(Node node, Json json, String pointer) {
        List<String> big = new ArrayList<>();
        List<String> little = new ArrayList<>();
        int[] fields = {0};
        DataType type = parse(node, json, pointer, "", 0, fields, big, little);
        return new Parsed(type, List.copyOf(big), List.copyOf(little));
    }

    /**
     * The (offset, size) pairs of every byte-order unit of the fields at {@code paths} in a record of {@code struct}.
     *
     * @param struct the record type
     * @param paths dotted paths of fields, leaves or nested records
     * @return offsets and sizes, alternating; null when a path names no field
     */
    public static int[] swapUnits(StructType struct, List<String> paths) {
        List<Integer> units = new ArrayList<>();
        for (String path : paths) {
            if (!unitsOf(struct, path, 0, units)) {
                return null;
            }
        }
        return units.stream().mapToInt(Integer::intValue).toArray();
    }

    private static boolean unitsOf(StructType struct, String path, long offset, List<Integer> out) {
        long at = offset;
        for (StructType.Field f : struct.fields()) {
            DataType t = f.type();
            if (path.equals(f.name())) {
                t.forEachSwapUnit(at, (o, size) -> {
                    out.add(o.intValue());
                    out.add(size);
                });
                return true;
            }
            if (t instanceof StructType inner && path.startsWith(f.name() + ".") && unitsOf(inner, path.substring(f.name().length() + 1), at, out)) {
                return true;
            }
            at += t.byteSize();
        }
        return false;
    }

    private static DataType parse(Node node, Json json, String pointer, String path, int depth, int[] fields,
            List<String> big, List<String> little) {
        if (json instanceof Json.JString s) {
            return typeString(node, s.value(), pointer, path, big, little);
        }
        if (!(json instanceof Json.JArray entries)) {
            throw node.invalid(pointer, "a dtype must be a numpy type string or a list of fields, not " + Json.typeName(json));
        }
        if (depth >= 32) {
            throw node.invalid(pointer, "structured dtypes nested deeper than 32 levels");
        }
        if (entries.size() == 0) {
            throw node.invalid(pointer, "a structured dtype needs at least one field");
        }
        List<StructType.Field> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        long size = 0;
        for (int i = 0; i < entries.size(); i++) {
            String at = pointer + "/" + i;
            if (++fields[0] > DataTypes.MAX_FIELDS) {
                throw node.unsupported(at, "a dtype of more than " + DataTypes.MAX_FIELDS + " fields in all (nested ones counted)");
            }
            Json.JArray entry = node.array(entries.get(i), at);
            if (entry.size() != 2 && entry.size() != 3) {
                throw node.invalid(at, "a field must be [name, dtype] or [name, dtype, shape], not " + entry.size() + " items");
            }
            String name = node.string(entry.get(0), at + "/0");
            if (name.isEmpty()) {
                throw node.unsupported(at + "/0", "an unnamed field (numpy's padding of an aligned dtype) is not supported");
            }
            if (!names.add(name)) {
                throw node.invalid(at + "/0", "duplicate field name '" + name + "'");
            }
            String fieldPath = path.isEmpty() ? name : path + "." + name;
            DataType type = parse(node, entry.get(1), at + "/1", fieldPath, depth + 1, fields, big, little);
            if (entry.size() == 3) {
                type = subarray(node, type, entry.get(2), at + "/2");
            }
            size += type.byteSize();
            if (size > DataTypes.MAX_RECORD_BYTES) {
                throw node.invalid(pointer, "records larger than 2^30 bytes are not supported");
            }
            out.add(new StructType.Field(name, type));
        }
        int[][] same = StructType.samePath(out);
        if (same != null) {
            throw node.unsupported(pointer, "field path '" + StructType.path(out, same[1])
                    + "' is also the path of another field; Stride names fields by dotted path and cannot tell them apart");
        }
        return new StructType(out, false);
    }

    private static DataType subarray(Node node, DataType element, Json json, String pointer) {
        long[] shape = node.integers(json, pointer, 0, DataTypes.MAX_RECORD_BYTES);
        if (shape.length == 0) {
            // numpy treats a shape of () as no shape at all
            return element;
        }
        if (element instanceof StructType) {
            throw node.unsupported(pointer, "a field holding an array of records is not supported");
        }
        long bytes = element.byteSize();
        List<Integer> sizes = new ArrayList<>();
        for (long s : shape) {
            if (s < 1) {
                throw node.invalid(pointer, "a field's shape needs sizes of 1 or more, not " + s);
            }
            bytes *= s;
            if (bytes > DataTypes.MAX_RECORD_BYTES) {
                throw node.invalid(pointer, "records larger than 2^30 bytes are not supported");
            }
            sizes.add((int) s);
        }
        return new SubarrayType(element, sizes);
    }

    private static DataType typeString(Node node, String text, String pointer, String path, List<String> big, List<String> little) {
        Matcher m = TYPE_STRING.matcher(text);
        if (!m.matches()) {
            throw node.invalid(pointer, "'" + text + "' is not a numpy type string (such as '<f8', '|S7' or '<M8[ms]')");
        }
        String order = m.group(1);
        char kind = m.group(2).charAt(0);
        long size = m.group(3).isEmpty() ? -1 : parseSize(node, m.group(3), pointer, text);
        if (m.group(5) != null && kind != 'M' && kind != 'm') {
            throw node.invalid(pointer, "'" + text + "': only datetime64 ('M8') and timedelta64 ('m8') take a unit");
        }
        DataType type = switch (kind) {
            case 'b' -> sized(node, text, pointer, size, 1, CoreType.BOOL);
            case 'i' -> integer(node, text, pointer, size, CoreType.INT8, CoreType.INT16, CoreType.INT32, CoreType.INT64);
            case 'u' -> integer(node, text, pointer, size, CoreType.UINT8, CoreType.UINT16, CoreType.UINT32, CoreType.UINT64);
            case 'f' -> switch ((int) size) {
                case 2 -> CoreType.FLOAT16;
                case 4 -> CoreType.FLOAT32;
                case 8 -> CoreType.FLOAT64;
                default -> throw badSize(node, text, pointer, "2, 4 or 8");
            };
            case 'c' -> switch ((int) size) {
                case 8 -> CoreType.COMPLEX64;
                case 16 -> CoreType.COMPLEX128;
                default -> throw badSize(node, text, pointer, "8 or 16");
            };
            case 'M', 'm' -> time(node, text, pointer, size, kind == 'M', m.group(4), m.group(5));
            case 'S', 'a' -> new FixedBytesType(positive(node, text, pointer, size, 1));
            case 'U' -> new FixedStringType(positive(node, text, pointer, size, 4));
            case 'V' -> new RawType(positive(node, text, pointer, size, 1) * 8, true);
            case 'O' -> throw node.unsupported(pointer, "object dtype '" + text + "' holds variable-length Python objects;"
                    + " Stride reads fixed-size types only");
            default -> throw node.unsupported(pointer, "unknown numpy type kind '" + kind + "' in '" + text + "'");
        };
        if (type.hasByteOrder()) {
            switch (order) {
                case ">" -> big.add(path);
                case "<" -> little.add(path);
                default -> throw node.invalid(pointer, "'" + text + "' needs a byte order, '<' or '>'"
                        + (order.equals("=") ? " ('=' means the writer's machine, which the file does not say)" : ""));
            }
        }
        return type;
    }

    private static long parseSize(Node node, String digits, String pointer, String text) {
        if (digits.length() > 10 || Long.parseLong(digits) > DataTypes.MAX_RECORD_BYTES) {
            throw node.invalid(pointer, "'" + text + "': elements larger than 2^30 bytes are not supported");
        }
        return Long.parseLong(digits);
    }

    private static CoreType integer(Node node, String text, String pointer, long size, CoreType... bySize) {
        return switch ((int) size) {
            case 1 -> bySize[0];
            case 2 -> bySize[1];
            case 4 -> bySize[2];
            case 8 -> bySize[3];
            default -> throw badSize(node, text, pointer, "1, 2, 4 or 8");
        };
    }

    private static CoreType sized(Node node, String text, String pointer, long size, long expected, CoreType type) {
        if (size != expected) {
            throw badSize(node, text, pointer, String.valueOf(expected));
        }
        return type;
    }

    /** The count of a string type (bytes per unit {@code unit}), which must be positive and fit the record limit. */
    private static int positive(Node node, String text, String pointer, long count, int unit) {
        if (count < 1) {
            throw node.unsupported(pointer, "'" + text + "' has no length; Stride reads strings of 1 or more characters");
        }
        if (count * unit > DataTypes.MAX_RECORD_BYTES) {
            throw node.invalid(pointer, "'" + text + "': elements larger than 2^30 bytes are not supported");
        }
        return (int) count;
    }

    private static TimeType time(Node node, String text, String pointer, long size, boolean datetime, String scale, String unit) {
        if (size != 8) {
            throw badSize(node, text, pointer, "8");
        }
        if (unit == null) {
            return new TimeType(datetime, "generic", 1);
        }
        if (!TimeType.UNITS.contains(unit) || unit.equals("generic")) {
            throw node.invalid(pointer, "'" + text + "': unknown time unit '" + unit + "'");
        }
        long factor = scale.isEmpty() ? 1 : scale.length() > 9 ? 0 : Long.parseLong(scale);
        if (factor < 1) {
            throw node.invalid(pointer, "'" + text + "': the unit's multiplier must be from 1 to 999999999");
        }
        return new TimeType(datetime, unit, factor);
    }

    private static ZarrException badSize(Node node, String text, String pointer, String sizes) {
        return node.invalid(pointer, "'" + text + "': this kind comes in sizes of " + sizes + " bytes");
    }
}
